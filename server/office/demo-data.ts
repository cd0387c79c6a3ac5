/** The demo catalogue (docs/modules/office.md, "Demo"): code, name, category, spec, unit, safety stock, price, place. */
export type DemoItem = [string, string, string, string, string, number, number, string];

export const DEMO_ITEMS: DemoItem[] = [
  ['BG-001', 'A4复印纸', '1', '70g 500张/包', '包', 40, 24, '行政库房A-1'],
  ['BG-002', 'A3复印纸', '1', '70g 500张/包', '包', 10, 48, '行政库房A-1'],
  ['BG-003', '笔记本', '1', 'B5 80页', '本', 30, 6.5, '行政库房A-2'],
  ['BG-004', '便利贴', '1', '76×76mm 100张', '本', 30, 3.2, '行政库房A-2'],
  ['BG-005', '信封', '1', '牛皮纸 5号', '个', 100, 0.5, '行政库房A-2'],
  ['BG-006', '会议记录本', '1', 'A5 皮面', '本', 20, 18, '行政库房A-2'],
  ['BG-011', '中性笔', '2', '0.5mm 黑色', '支', 60, 1.8, '行政库房B-1'],
  ['BG-012', '中性笔芯', '2', '0.5mm 黑色', '支', 100, 0.6, '行政库房B-1'],
  ['BG-013', '圆珠笔', '2', '0.7mm 蓝色', '支', 40, 1.2, '行政库房B-1'],
  ['BG-014', '白板笔', '2', '黑色 可擦', '支', 24, 3.5, '行政库房B-1'],
  ['BG-015', '荧光笔', '2', '五色套装', '套', 10, 9.9, '行政库房B-1'],
  ['BG-016', '铅笔', '2', 'HB 带橡皮', '支', 30, 0.8, '行政库房B-1'],
  ['BG-017', '记号笔', '2', '油性 黑色', '支', 20, 2.5, '行政库房B-1'],
  ['BG-021', '文件夹', '3', 'A4 双强力夹', '个', 30, 7.5, '行政库房B-2'],
  ['BG-022', '档案盒', '3', 'A4 55mm 蓝色', '个', 40, 6, '行政库房B-2'],
  ['BG-023', '拉链袋', '3', 'A4 透明', '个', 50, 1.5, '行政库房B-2'],
  ['BG-024', '长尾夹', '3', '32mm 12只/盒', '盒', 15, 4.5, '行政库房B-2'],
  ['BG-025', '回形针', '3', '29mm 100枚/盒', '盒', 10, 2, '行政库房B-2'],
  ['BG-026', '订书钉', '3', '24/6 1000枚/盒', '盒', 20, 1.8, '行政库房B-2'],
  ['BG-031', '订书机', '4', '12号 可订20页', '个', 5, 16, '行政库房C-1'],
  ['BG-032', '剪刀', '4', '不锈钢 210mm', '把', 5, 8, '行政库房C-1'],
  ['BG-033', '美工刀', '4', '大号 18mm', '把', 5, 6, '行政库房C-1'],
  ['BG-034', '透明胶带', '4', '48mm×100m', '卷', 20, 5, '行政库房C-1'],
  ['BG-035', '双面胶', '4', '12mm×10m', '卷', 20, 1.5, '行政库房C-1'],
  ['BG-036', '计算器', '4', '12位 太阳能', '个', 3, 35, '行政库房C-1'],
  ['BG-037', '桌面收纳盒', '4', '四格 黑色', '个', 5, 22, '行政库房C-1'],
  ['BG-041', '黑色硒鼓', '5', 'HP 88A', '个', 4, 320, '耗材柜D-1'],
  ['BG-042', '彩色墨盒', '5', 'Epson 664 四色', '套', 2, 180, '耗材柜D-1'],
  ['BG-043', '碳粉', '5', '通用 1kg', '瓶', 3, 95, '耗材柜D-1'],
  ['BG-044', '标签打印纸', '5', '40×30mm 700张', '卷', 6, 15, '耗材柜D-1'],
  ['BG-051', '无线鼠标', '6', '罗技 M185', '个', 5, 69, '耗材柜D-2'],
  ['BG-052', '键盘', '6', 'USB 有线', '个', 3, 59, '耗材柜D-2'],
  ['BG-053', 'U盘', '6', '64GB USB3.0', '个', 5, 45, '耗材柜D-2'],
  ['BG-054', '网线', '6', '超五类 3米', '根', 10, 12, '耗材柜D-2'],
  ['BG-055', 'HDMI线', '6', '2米 4K', '根', 4, 25, '耗材柜D-2'],
  ['BG-061', '抽纸', '7', '3层 120抽', '包', 60, 3, '行政库房E-1'],
  ['BG-062', '洗手液', '7', '500ml', '瓶', 10, 16, '行政库房E-1'],
  ['BG-063', '垃圾袋', '7', '45×50cm 50只', '卷', 20, 5, '行政库房E-1'],
  ['BG-071', '纸杯', '8', '250ml 50只/条', '条', 30, 6, '接待室储物柜'],
  ['BG-072', '瓶装水', '8', '550ml 24瓶/箱', '箱', 10, 30, '接待室储物柜'],
  ['BG-073', '茶叶', '8', '绿茶 250g', '罐', 4, 88, '接待室储物柜'],
];

/** Requests of the demo: who, reason, items (code × quantity), how far it went, days ago. */
export interface DemoRequest {
  who: string;
  reason: string;
  items: [string, number][];
  outcome: 'issued' | 'atManager' | 'atOffice' | 'rejected' | 'withdrawn' | 'draft';
  daysAgo: number;
  comment?: string;
}

export const DEMO_REQUESTS: DemoRequest[] = [
  {
    who: 'chenjing',
    reason: '项目资料归档',
    items: [
      ['BG-022', 10],
      ['BG-021', 5],
    ],
    outcome: 'issued',
    daysAgo: 110,
  },
  {
    who: 'zhaolei',
    reason: '研发组日常办公',
    items: [
      ['BG-011', 10],
      ['BG-003', 5],
    ],
    outcome: 'issued',
    daysAgo: 96,
  },
  {
    who: 'hugang',
    reason: '前台接待用品补充',
    items: [
      ['BG-071', 10],
      ['BG-072', 4],
    ],
    outcome: 'issued',
    daysAgo: 88,
  },
  {
    who: 'majun',
    reason: '投标文件打印',
    items: [
      ['BG-001', 20],
      ['BG-041', 1],
    ],
    outcome: 'issued',
    daysAgo: 74,
  },
  {
    who: 'zhoujie',
    reason: '机房运维耗材',
    items: [
      ['BG-054', 6],
      ['BG-055', 2],
    ],
    outcome: 'issued',
    daysAgo: 61,
  },
  {
    who: 'linfeng',
    reason: '季度工作会议',
    items: [
      ['BG-006', 8],
      ['BG-014', 6],
    ],
    outcome: 'rejected',
    daysAgo: 55,
    comment: '会议记录本上月已统一发放，请先使用库存',
  },
  {
    who: 'sunli',
    reason: '新员工入职办公用品',
    items: [
      ['BG-003', 6],
      ['BG-011', 6],
      ['BG-021', 6],
    ],
    outcome: 'issued',
    daysAgo: 47,
  },
  { who: 'huangmin', reason: '测试环境标签整理', items: [['BG-044', 2]], outcome: 'withdrawn', daysAgo: 39 },
  {
    who: 'guoyan',
    reason: '访客接待',
    items: [
      ['BG-073', 2],
      ['BG-071', 8],
    ],
    outcome: 'issued',
    daysAgo: 30,
  },
  {
    who: 'yangqiang',
    reason: '项目二组外勤',
    items: [
      ['BG-053', 2],
      ['BG-051', 2],
    ],
    outcome: 'issued',
    daysAgo: 21,
  },
  {
    who: 'zhuting',
    reason: '客户汇报材料装订',
    items: [
      ['BG-001', 10],
      ['BG-026', 4],
    ],
    outcome: 'issued',
    daysAgo: 12,
  },
  {
    who: 'wuxia',
    reason: '值班室清洁用品',
    items: [
      ['BG-061', 20],
      ['BG-062', 3],
    ],
    outcome: 'atOffice',
    daysAgo: 4,
  },
  {
    who: 'hexue',
    reason: '会务组物料准备',
    items: [
      ['BG-014', 4],
      ['BG-034', 5],
    ],
    outcome: 'atManager',
    daysAgo: 2,
  },
  { who: 'gaopeng', reason: '跨组协作办公', items: [['BG-004', 5]], outcome: 'atManager', daysAgo: 1 },
  { who: 'dongjie', reason: '前台登记本', items: [['BG-003', 3]], outcome: 'draft', daysAgo: 0 },
];
