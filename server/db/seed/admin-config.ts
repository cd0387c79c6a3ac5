import { sql, type Transaction } from 'kysely';
import type { Database } from '../schema.js';
import { adminDb } from '../../sys/config/tables.js';
import { LIVE_SETTINGS } from '../../sys/config/live.js';
import { seedId } from './ids.js';
import { seedAdminConfigDicts } from './admin-config-dicts.js';

/** The fill rules the product's numbering uses (work orders, contracts, departments, receptions). */
export const FILL_RULES = [
  {
    code: 'work_order_no',
    name: '工单编号',
    ruleClass: 'dateSequence',
    params: { prefix: 'WO', datePattern: 'yyyyMMdd', separator: '-', digits: 4 },
    remark: '如 WO20261122-0001，每天从0001重新编号',
  },
  {
    code: 'reception_no',
    name: '接待单号',
    ruleClass: 'dateSequence',
    params: { prefix: 'JD', datePattern: 'yyyyMM', separator: '', digits: 4 },
    remark: '如 JD2026110001，每月重新编号',
  },
  {
    code: 'contract_no',
    name: '合同编号',
    ruleClass: 'sequence',
    params: { prefix: 'HT', digits: 6, start: 1 },
    remark: '如 HT000001，不重新编号',
  },
  {
    code: 'plan_no',
    name: '计划编号',
    ruleClass: 'dateSequence',
    params: { prefix: 'JH', datePattern: 'yyyyMMdd', separator: '-', digits: 3 },
    remark: '如 JH20261122-001，每天从001重新编号',
  },
  {
    code: 'meeting_no',
    name: '会议编号',
    ruleClass: 'dateSequence',
    params: { prefix: 'HY', datePattern: 'yyyyMMdd', separator: '-', digits: 3 },
    remark: '如 HY20261126-001，每天从001重新编号',
  },
  {
    code: 'depart_org_code',
    name: '部门编码',
    ruleClass: 'orgCode',
    params: { parentField: 'parentId' },
    remark: '一级部门 A01、A02…，下级在上级编码后续接 A01…',
  },
] as const;

const GATEWAY_ROUTES = [
  {
    routerId: 'reception-api',
    name: '接待平台接口',
    uri: 'lb://reception-service',
    predicates: [{ name: 'Path', args: ['/api/**'] }],
    filters: [],
    orderNum: 0,
    status: '1',
  },
  {
    routerId: 'report-api',
    name: '报表服务',
    uri: 'http://10.0.8.21:8085',
    predicates: [{ name: 'Path', args: ['/report/**'] }],
    filters: [{ name: 'StripPrefix', args: { parts: '1' } }],
    orderNum: 10,
    status: '1',
  },
  {
    routerId: 'legacy-oa',
    name: '旧OA系统（已下线）',
    uri: 'http://10.0.8.5:8080',
    predicates: [{ name: 'Path', args: ['/oa/**'] }],
    filters: [],
    orderNum: 90,
    status: '0',
  },
];

/** Contacts of the organisation's partners and regular visitors (tenant 1), and the branch's. */
const CONTACTS: {
  tenant: number;
  name: string;
  phone: string;
  company: string;
  depart: string;
  post: string;
  email?: string;
  telephone?: string;
}[] = [
  {
    tenant: 1,
    name: '周建国',
    phone: '13910010001',
    company: '市政府办公厅',
    depart: '接待处',
    post: '处长',
    telephone: '010-66001001',
  },
  {
    tenant: 1,
    name: '吴晓丽',
    phone: '13910010002',
    company: '市政府办公厅',
    depart: '接待处',
    post: '科员',
    email: 'wuxl@gov.example.cn',
  },
  {
    tenant: 1,
    name: '郑海涛',
    phone: '13910010003',
    company: '国际会展中心',
    depart: '客户服务部',
    post: '经理',
    telephone: '010-66002002',
  },
  {
    tenant: 1,
    name: '孙雅琴',
    phone: '13910010004',
    company: '锦江之星酒店',
    depart: '销售部',
    post: '销售主管',
    email: 'sunyq@hotel.example.com',
  },
  { tenant: 1, name: '马文斌', phone: '13910010005', company: '安达车队', depart: '调度室', post: '调度员' },
  {
    tenant: 1,
    name: '黄丽萍',
    phone: '13910010006',
    company: '市外事办公室',
    depart: '礼宾处',
    post: '副处长',
  },
  {
    tenant: 1,
    name: '林志强',
    phone: '13910010007',
    company: '华东贸易有限公司',
    depart: '总经理办公室',
    post: '主任',
    email: 'linzq@hd.example.com',
  },
  {
    tenant: 1,
    name: '何静',
    phone: '13910010008',
    company: '市第一人民医院',
    depart: '医务处',
    post: '联络员',
    telephone: '010-66003003',
  },
  {
    tenant: 2,
    name: '许明',
    phone: '13910020001',
    company: '分支机构合作酒店',
    depart: '前厅部',
    post: '经理',
  },
  {
    tenant: 2,
    name: '罗芳',
    phone: '13910020002',
    company: '分支机构车辆服务',
    depart: '调度室',
    post: '调度员',
  },
];

const DAY = 86_400_000;

export async function seedAdminConfig(trx: Transaction<Database>, now = new Date()): Promise<void> {
  await seedAdminConfigDicts(trx);
  const db = adminDb(trx);
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  // The settings the server reads, empty: the environment's values apply until an admin sets one.
  await db
    .insertInto('sysConfig')
    .values(
      LIVE_SETTINGS.map((s, i) => ({
        id: seedId(`config:${s.key}`),
        configKey: s.key,
        configName: s.name,
        configValue: '',
        configType: 'number' as const,
        description: `服务端读取，取值${s.min}-${s.max}；留空则使用环境变量 ${s.env}`,
        createBy: 'admin',
        createTime: ago(120 - i),
      })),
    )
    .execute();
  await db
    .insertInto('sysFillRule')
    .values(
      FILL_RULES.map((r, i) => ({
        id: seedId(`fillRule:${r.code}`),
        ruleName: r.name,
        ruleCode: r.code,
        ruleClass: r.ruleClass,
        ruleParams: JSON.stringify(r.params),
        remark: r.remark,
        createBy: 'admin',
        createTime: ago(150 - i),
      })),
    )
    .execute();
  await db
    .insertInto('sysGatewayRoute')
    .values(
      GATEWAY_ROUTES.map((r, i) => ({
        id: seedId(`gateway:${r.routerId}`),
        ...r,
        predicates: JSON.stringify(r.predicates),
        filters: JSON.stringify(r.filters),
        createBy: 'admin',
        createTime: ago(200 - i * 30),
      })),
    )
    .execute();
  await db
    .insertInto('sysDataSource')
    .values({
      id: seedId('dataSource:report_replica'),
      code: 'report_replica',
      name: '报表只读库',
      dbType: 'postgresql',
      host: '127.0.0.1',
      port: 5432,
      databaseName: 'zhihui_report',
      username: 'report_reader',
      passwordCipher: null,
      remark: '在线报表读取的只读副本；密码由管理员填写',
      createBy: 'admin',
      createTime: ago(90),
    })
    .execute();
  await db
    .insertInto('sysMailList')
    .values(
      CONTACTS.map((c, i) => ({
        id: seedId(`mailList:${c.phone}`),
        name: c.name,
        phone: c.phone,
        telephone: c.telephone ?? null,
        email: c.email ?? null,
        company: c.company,
        depart: c.depart,
        post: c.post,
        tenantId: c.tenant,
        createBy: i % 2 === 0 ? 'wangfang' : 'zhangwei',
        createTime: ago(180 - i * 15),
        sysOrgCode: 'A01A01',
      })),
    )
    .execute();
  // A pilot site whose trial ended: frozen, kept for its history (nobody belongs to it any more).
  await sql`insert into sys_tenant (id, name, status, begin_date, end_date, create_by, create_time)
    values (3, '东区接待中心（试点）', 0, ${ago(330)}, ${ago(60)}, 'admin', ${ago(330)})`.execute(trx);
}
