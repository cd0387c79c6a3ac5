/** The vehicle demo's fleet and people (docs/modules/vehicles.md, "Demo"). */

/** plate, brand, model, type, seats, driver, department, purchase date, price, mileage 120 days ago, status. */
export type DemoVehicle = [
  string,
  string,
  string,
  string,
  number,
  string,
  string,
  string,
  number,
  number,
  string,
];

export const DEMO_VEHICLES: DemoVehicle[] = [
  ['京A3K862', '丰田', '凯美瑞 2.5L', '1', 5, 'hugang', 'A01A01', '2021-03-18', 219800, 58230, '1'],
  ['京A7M215', '大众', '帕萨特 330TSI', '1', 5, 'hugang', 'A01A01', '2020-09-02', 209900, 81450, '1'],
  ['京B52Q97', '别克', 'GL8 陆尊', '3', 7, 'linfeng', 'A01A01', '2022-05-11', 329900, 40210, '1'],
  ['京B8N630', '本田', '奥德赛', '3', 7, 'linfeng', 'A01A01', '2019-12-20', 259800, 96620, '1'],
  ['京AD17526', '比亚迪', '汉 EV', '7', 5, 'guoyan', 'A01A02', '2023-04-06', 229800, 21480, '1'],
  ['京AD36081', '比亚迪', '唐 DM-i', '7', 7, 'guoyan', 'A01A02', '2023-08-15', 249800, 16950, '1'],
  ['京C66L08', '丰田', '汉兰达', '2', 7, 'hugang', 'A01A03', '2021-07-30', 279800, 63370, '1'],
  ['京C29H51', '日产', '奇骏', '2', 5, 'linfeng', 'A01A03', '2020-04-12', 189800, 88710, '3'],
  ['京E18T73', '宇通', 'ZK6729 中巴', '4', 19, 'hugang', 'A01A01', '2018-10-25', 459000, 132560, '1'],
  ['京E90F44', '金龙', 'XMQ6127 大客', '5', 49, 'linfeng', 'A01A01', '2017-06-08', 869000, 211340, '0'],
  ['京F35P29', '福田', '图雅诺 厢式货车', '6', 3, 'guoyan', 'A01A04', '2019-03-14', 156000, 104280, '1'],
  ['京G72R16', '奥迪', 'A6L 45TFSI', '1', 5, 'hugang', 'A01', '2022-11-01', 429800, 30120, '1'],
];

/** Who books (they have department managers in the demo organisation). */
export const BOOKERS = [
  'chenjing',
  'majun',
  'sunli',
  'zhuting',
  'yangqiang',
  'zhaolei',
  'huangmin',
  'zhoujie',
  'wuxia',
  'hexue',
];

export const DESTINATIONS: [string, string][] = [
  ['首都机场T3航站楼', '接待来访客户'],
  ['北京南站', '送专家返程'],
  ['国家会议中心', '参加行业展会'],
  ['市政务服务中心', '办理资质年审'],
  ['亦庄经济开发区客户现场', '项目现场验收'],
  ['中关村软件园', '项目需求调研'],
  ['怀柔培训基地', '新员工培训接送'],
  ['天津滨海新区分公司', '分公司工作检查'],
  ['大兴国际机场', '接待考察团'],
  ['朝阳区税务局', '报送税务材料'],
];

export const GARAGES = [
  '一汽丰田北京鑫华鑫4S店',
  '北京运通兴宝汽车维修中心',
  '比亚迪北京亦庄服务店',
  '京都汽修连锁（望京店）',
];
export const INSURERS = ['中国人民财产保险', '中国平安财产保险', '太平洋财产保险'];
export const STATIONS = ['中国石化北四环加油站', '中国石油望京加油站', '中国石化亦庄加油站'];
