/**
 * Demo rows of the system area's declared screens: customers, the category tree, scenes, message
 * templates and sent messages, spread over the last months and made by the people who would make
 * them (客户 by the project managers, 场景 by reception, templates by the office).
 */
import { departId } from '../organisation.js';
import type { DeclaredSeed, DemoRow } from './insert.js';

const by = (createBy: string, orgCode: string, daysAgo: number) => ({ createBy, orgCode, daysAgo });

const CUSTOMERS: [string, string, string, 'H' | 'M' | 'L', string, string, string][] = [
  ['华东国际会展中心', 'HDGJHZ', '13916230011', 'H', '上海市浦东新区龙阳路2345号', 'zhangwei', 'A01A02'],
  ['江南文旅集团', 'JNWL', '13851670022', 'H', '南京市建邺区江东中路108号', 'zhangwei', 'A01A02'],
  ['滨江科技园管委会', 'BJKJY', '13757120033', 'M', '杭州市滨江区江南大道3850号', 'chenjing', 'A01A02A01'],
  ['西湖区人民政府接待办', 'XHJDB', '13989450044', 'H', '杭州市西湖区文三路211号', 'chenjing', 'A01A02A01'],
  ['海宁皮革城股份公司', 'HNPGC', '13605830055', 'M', '海宁市海州西路201号', 'majun', 'A01A02A01'],
  ['宁波港集团', 'NBGJT', '13906640066', 'H', '宁波市鄞州区宁东路269号', 'yangqiang', 'A01A02A02'],
  ['温州医科大学附属医院', 'WZYKFY', '13857710077', 'M', '温州市鹿城区府学巷2号', 'yangqiang', 'A01A02A02'],
  ['绍兴黄酒博物馆', 'SXHJBWG', '13575580088', 'L', '绍兴市越城区下大路557号', 'zhuting', 'A01A02A02'],
  ['嘉兴南湖旅游公司', 'JXNHLY', '13867370099', 'M', '嘉兴市南湖区南湖路1号', 'zhuting', 'A01A02A02'],
  ['金华职业技术学院', 'JHZYJS', '13819900101', 'L', '金华市婺城区海棠西路1188号', 'majun', 'A01A02A01'],
  ['台州湾新区管委会', 'TZWXQ', '13958670111', 'M', '台州市椒江区海虹大道1号', 'zhangwei', 'A01A02'],
  ['舟山群岛旅游集团', 'ZSQDLY', '13905800121', 'H', '舟山市定海区临城新区', 'chenjing', 'A01A02A01'],
  ['湖州南太湖会议中心', 'HZNTH', '13736220131', 'M', '湖州市吴兴区太湖路99号', 'yangqiang', 'A01A02A02'],
  ['衢州市文化广电局', 'QZWHGD', '13967010141', 'L', '衢州市柯城区荷花中路', 'majun', 'A01A02A01'],
  ['丽水生态旅游公司', 'LSSTLY', '13857850151', 'L', '丽水市莲都区人民街', 'zhuting', 'A01A02A02'],
  ['义乌国际商贸城', 'YWGJSM', '13906890161', 'H', '义乌市福田路105号', 'zhangwei', 'A01A02'],
  ['中国美术学院象山校区', 'ZGMYXS', '13588870171', 'M', '杭州市西湖区转塘象山', 'chenjing', 'A01A02A01'],
  ['萧山国际机场贵宾室', 'XSJCGBS', '13968100181', 'H', '杭州市萧山区机场路', 'yangqiang', 'A01A02A02'],
];

const customers: DemoRow[] = CUSTOMERS.map(([name, code, phone, level, address, user, org], i) => ({
  values: {
    name,
    code,
    phone,
    level,
    address,
    owner: user,
    depart: departId(org),
    email: `contact@${code.toLowerCase()}.cn`,
  },
  ...by(user, org, 150 - i * 8),
}));

const category = (key: string, name: string, code: string, parentKey?: string, daysAgo = 170): DemoRow => ({
  key,
  parentKey,
  values: { name, code, pid: parentKey ? null : '0' },
  ...by('admin', 'A01', daysAgo),
});

const categories: DemoRow[] = [
  category('project', '项目类型', 'B01'),
  category('hall', '智慧展厅', 'B01A01', 'project'),
  category('reception', '接待系统', 'B01A02', 'project'),
  category('meeting', '会议系统', 'B01A03', 'project'),
  category('doc', '文档类别', 'B02', undefined, 160),
  category('plan', '方案与设计', 'B02A01', 'doc', 160),
  category('contract', '合同与招投标', 'B02A02', 'doc', 160),
  category('accept', '验收资料', 'B02A03', 'doc', 160),
  category('service', '服务类型', 'B03', undefined, 120),
  category('visit', '参观接待', 'B03A01', 'service', 120),
  category('conference', '会务保障', 'B03A02', 'service', 120),
];

const SCENES: [string, string, '0' | '1', string, number, string, number][] = [
  ['一号展厅', 'HALL01', '1', '主楼一层东侧', 120, 'hugang', 160],
  ['数字沙盘厅', 'HALL02', '1', '主楼一层西侧', 60, 'hugang', 150],
  ['贵宾接待室', 'VIP01', '1', '主楼二层 201', 20, 'guoyan', 140],
  ['多功能报告厅', 'CONF01', '1', '会议中心三层', 300, 'linfeng', 130],
  ['第一会议室', 'MEET01', '1', '会议中心二层 203', 30, 'linfeng', 120],
  ['第二会议室', 'MEET02', '0', '会议中心二层 205', 16, 'hexue', 90],
  ['户外体验区', 'OUT01', '0', '园区南广场', 200, 'guoyan', 45],
];

const scenes: DemoRow[] = SCENES.map(([name, code, status, address, capacity, user, daysAgo]) => ({
  values: {
    name,
    code,
    status,
    address,
    capacity,
    remark: status === '1' ? '已投入使用' : '改造中，暂停接待',
  },
  ...by(user, user === 'hexue' || user === 'linfeng' ? 'A01A04A02' : 'A01A04A01', daysAgo),
}));

const templates: DemoRow[] = [
  [
    'VISITNOTICE',
    '来访接待通知',
    '1',
    '${name}您好，${company}一行将于${time}来访，请在${place}做好接待准备。',
  ],
  ['MEETREMIND', '会议提醒', '1', '您有一个会议：${title}，时间${time}，地点${place}。'],
  ['WOASSIGN', '工单派发通知', '1', '您有新的工单《${title}》待处理，截止时间${deadline}。'],
  ['WOURGE', '工单催办', '1', '工单《${title}》即将超期，请尽快处理。'],
  ['PROJSTAGE', '项目阶段变更', '2', '<p>项目<b>${project}</b>已进入<b>${stage}</b>阶段。</p>'],
  ['WEEKLY', '周报提交提醒', '1', '请于本周五17:00前提交本周工作周报。'],
].map(([templateCode, templateName, templateType, templateContent], i) => ({
  values: { templateCode, templateName, templateType, templateContent },
  ...by('wangfang', 'A01A01', 140 - i * 15),
}));

const RECEIVERS = ['13800000001', 'zhangwei@zhjd.cn', '13800000005', 'chenjing@zhjd.cn', '13800000012'];
const messages: DemoRow[] = Array.from({ length: 18 }, (_, i) => {
  const channel = ['1', '2', '4'][i % 3];
  const status = i % 7 === 6 ? '2' : i < 2 ? '0' : '1';
  const daysAgo = 60 - i * 3;
  return {
    values: {
      esTitle: ['来访接待通知', '会议提醒', '工单派发通知', '周报提交提醒', '项目阶段变更', '工单催办'][
        i % 6
      ],
      esType: channel,
      esReceiver: RECEIVERS[i % RECEIVERS.length],
      esContent: '请按时处理相关事项。',
      esSendTime: status === '0' ? null : new Date(Date.now() - daysAgo * 86400000).toISOString(),
      esSendStatus: status,
      esSendNum: status === '0' ? 0 : status === '2' ? 3 : 1,
      esResult: status === '2' ? '接收方号码无效' : status === '1' ? '成功' : null,
    },
    ...by('admin', 'A01', daysAgo),
  };
});

export const SYSTEM_DEMO: readonly DeclaredSeed[] = [
  { entity: 'customer', rows: customers },
  { entity: 'category', rows: categories },
  { entity: 'scene', rows: scenes },
  { entity: 'messageTemplate', rows: templates },
  { entity: 'sysMessage', rows: messages },
];
