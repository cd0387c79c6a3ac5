/** The demo equipment (docs/modules/office.md, "Equipment"): name, category, model, place, keeper, bought days ago, price. */
export type DemoEquipment = [string, string, string, string, string, number, number];

export const DEMO_EQUIPMENT: DemoEquipment[] = [
  ['笔记本电脑', '2', '联想 ThinkPad X1 Carbon', '行政库房F-1', 'xuming', 620, 9899],
  ['笔记本电脑', '2', '联想 ThinkPad X1 Carbon', '行政库房F-1', 'xuming', 620, 9899],
  ['笔记本电脑', '2', '联想 ThinkPad T14', '行政库房F-1', 'xuming', 480, 6999],
  ['笔记本电脑', '2', '联想 ThinkPad T14', '行政库房F-1', 'xuming', 480, 6999],
  ['笔记本电脑', '2', '华为 MateBook 14', '行政库房F-1', 'luoqian', 300, 5999],
  ['笔记本电脑', '2', 'Apple MacBook Air 13', '行政库房F-1', 'luoqian', 260, 7999],
  ['台式电脑', '1', '戴尔 OptiPlex 7010', '机房备件柜', 'xuming', 900, 5200],
  ['台式电脑', '1', '戴尔 OptiPlex 7010', '机房备件柜', 'xuming', 900, 5200],
  ['台式电脑', '1', '联想 启天 M450', '机房备件柜', 'xuming', 410, 4300],
  ['显示器', '3', '戴尔 U2723QE 27英寸', '行政库房F-2', 'luoqian', 380, 3299],
  ['显示器', '3', '戴尔 U2723QE 27英寸', '行政库房F-2', 'luoqian', 380, 3299],
  ['显示器', '3', 'AOC 24B2XH 24英寸', '行政库房F-2', 'luoqian', 700, 799],
  ['便携投影仪', '5', '极米 Z7X', '行政库房F-3', 'luoqian', 540, 2999],
  ['会议投影仪', '5', '爱普生 CB-X50', '3楼第一会议室', 'xuming', 820, 4899],
  ['移动会议屏', '5', '华为 IdeaHub S2 65英寸', '5楼大会议室', 'xuming', 200, 25999],
  ['单反相机', '6', '佳能 EOS 90D', '行政库房F-3', 'luoqian', 760, 8499],
  ['微单相机', '6', '索尼 A7M4', '行政库房F-3', 'luoqian', 330, 15999],
  ['摄像机', '6', '索尼 FDR-AX700', '行政库房F-3', 'luoqian', 690, 9999],
  ['三脚架', '6', '百诺 C2980F', '行政库房F-3', 'luoqian', 690, 1299],
  ['激光打印机', '4', '惠普 LaserJet M406dn', '2楼打印区', 'xuming', 850, 3899],
  ['彩色多功能一体机', '4', '理光 IM C3000', '3楼打印区', 'xuming', 560, 32000],
  ['便携打印机', '4', '佳能 TS708', '行政库房F-2', 'xuming', 240, 899],
  ['无线路由器', '7', '华为 AX3 Pro', '行政库房F-2', 'xuming', 450, 399],
  ['交换机', '7', 'H3C S1850-28P', '机房备件柜', 'xuming', 880, 2350],
  ['无线麦克风', '8', '舒尔 BLX288 一拖二', '行政库房F-3', 'luoqian', 610, 3600],
  ['会议摄像头', '8', '罗技 CC4000e', '行政库房F-3', 'luoqian', 420, 6999],
  ['录音笔', '8', '科大讯飞 SR502', '行政库房F-3', 'luoqian', 180, 1499],
  ['翻页激光笔', '8', '罗技 R500s', '行政库房F-3', 'luoqian', 150, 199],
  ['移动硬盘', '9', '西部数据 2TB', '行政库房F-2', 'xuming', 350, 569],
  ['平板电脑', '2', 'Apple iPad Air 11', '行政库房F-1', 'luoqian', 120, 4799],
];

/** Borrow requests: who, equipment (index above), purpose, how far it went, days ago, days until returned. */
export interface DemoBorrow {
  who: string;
  piece: number;
  purpose: string;
  outcome: 'returned' | 'lent' | 'atManager' | 'atOffice' | 'rejected' | 'withdrawn' | 'draft';
  daysAgo: number;
  /** For returned ones: days after the loan it came back. */
  keptDays?: number;
  comment?: string;
}

export const DEMO_BORROWS: DemoBorrow[] = [
  {
    who: 'chenjing',
    piece: 0,
    purpose: '赴上海参加客户需求评审，携带演示',
    outcome: 'returned',
    daysAgo: 110,
    keptDays: 4,
  },
  {
    who: 'gaopeng',
    piece: 15,
    purpose: '公司年中团建活动拍照',
    outcome: 'returned',
    daysAgo: 96,
    keptDays: 2,
  },
  { who: 'majun', piece: 12, purpose: '外出培训授课投影', outcome: 'returned', daysAgo: 83, keptDays: 3 },
  {
    who: 'huangmin',
    piece: 2,
    purpose: '新员工入职，电脑到货前临时使用',
    outcome: 'returned',
    daysAgo: 71,
    keptDays: 21,
  },
  { who: 'sunli', piece: 24, purpose: '季度经营分析会使用', outcome: 'returned', daysAgo: 58, keptDays: 1 },
  { who: 'linfeng', piece: 17, purpose: '产品宣传片拍摄', outcome: 'returned', daysAgo: 44, keptDays: 6 },
  { who: 'zhaolei', piece: 5, purpose: '出差广州现场部署', outcome: 'returned', daysAgo: 30, keptDays: 7 },
  { who: 'hexue', piece: 1, purpose: '驻场实施（北京海淀项目）', outcome: 'lent', daysAgo: 16 },
  { who: 'wuxia', piece: 16, purpose: '客户参观接待拍摄', outcome: 'lent', daysAgo: 6 },
  { who: 'dongjie', piece: 29, purpose: '展会现场客户登记', outcome: 'lent', daysAgo: 3 },
  { who: 'guoyan', piece: 13, purpose: '部门周会远程接入', outcome: 'atOffice', daysAgo: 2 },
  { who: 'zhoujie', piece: 3, purpose: '外出投标讲标', outcome: 'atManager', daysAgo: 1 },
  {
    who: 'hugang',
    piece: 26,
    purpose: '访谈录音整理',
    outcome: 'rejected',
    daysAgo: 20,
    comment: '请使用手机录音，录音笔留给会议纪要',
  },
  { who: 'zhuting', piece: 4, purpose: '居家办公', outcome: 'withdrawn', daysAgo: 12 },
  { who: 'yangqiang', piece: 21, purpose: '外出活动打印签到表', outcome: 'draft', daysAgo: 1 },
];

/** Repairs: equipment (index), fault, vendor, sent days ago, days it took (none: still open), cost, result. */
export type DemoRepair = [number, string, string, number, number | null, number, string];

export const DEMO_REPAIRS: DemoRepair[] = [
  [19, '卡纸频繁，进纸辊磨损', '惠普授权服务中心', 150, 5, 260, '更换进纸辊组件，已修复'],
  [6, '无法开机，电源指示灯不亮', '戴尔售后服务站', 120, 9, 480, '更换电源，已修复'],
  [13, '投影画面偏黄、亮度不足', '爱普生授权服务中心', 75, 12, 950, '更换灯泡，已修复'],
  [0, '键盘部分按键失灵', '联想服务站（中关村）', 60, 4, 390, '更换键盘，已修复'],
  [20, '彩色打印出现条纹', '理光售后服务站', 18, 3, 0, '清洁硒鼓与转印带，保修期内免费'],
  [8, '频繁蓝屏，硬盘有坏道', '联想服务站（中关村）', 5, null, 0, ''],
];

/** Scrapped: equipment (index), reason, days ago. */
export const DEMO_SCRAPS: [number, string, number][] = [
  [11, '屏幕出现大面积亮线，已过保，维修费用高于残值', 40],
  [7, '主板损坏，配件停产无法维修', 25],
];
