/**
 * Demo reports a new organisation finds in 在线报表: what an analyst of a reception centre would
 * build first (customers by level, staff per department, announcements per month, a customer
 * list), each with its chart, dictionary columns, totals and parameters.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { reportDb } from '../../report/tables.js';
import { seedId } from './ids.js';

interface ItemSeed {
  name: string;
  title: string;
  type?: 'String' | 'Integer' | 'Double' | 'Date' | 'Datetime';
  dict?: string;
  total?: 'sum' | 'avg';
  search?: 'single' | 'group';
  width?: number;
}

interface ReportSeed {
  code: string;
  name: string;
  content: string;
  sql: string;
  chart?: { type: 'bar' | 'line' | 'pie' | 'stackedBar'; x: string; y: string[] };
  items: ItemSeed[];
  params: { name: string; title: string; type: string; value?: string; dict?: string; required?: boolean }[];
  daysAgo: number;
}

export const DEMO_REPORTS: ReportSeed[] = [
  {
    code: 'customer_level',
    name: '客户等级分布',
    content: '各等级客户数量，可按所属部门查看',
    sql: 'select c.level, count(*) as customer_count\nfrom biz_customer c\nwhere 1 = 1 [[ and c.depart = ${depart} ]]\ngroup by c.level\norder by c.level',
    chart: { type: 'pie', x: 'level', y: ['customer_count'] },
    items: [
      { name: 'level', title: '客户等级', dict: 'priority', width: 160 },
      { name: 'customer_count', title: '客户数', type: 'Integer', total: 'sum' },
    ],
    params: [{ name: 'depart', title: '所属部门', type: 'depart' }],
    daysAgo: 90,
  },
  {
    code: 'depart_staff',
    name: '各部门人员统计',
    content: '每个部门的人员数，按部门顺序',
    sql: 'select d.depart_name, count(ud.user_id) as staff_count\nfrom sys_depart d\nleft join sys_user_depart ud on ud.dep_id = d.id\nwhere d.org_category = ${category}\ngroup by d.depart_name, d.depart_order\norder by d.depart_order',
    chart: { type: 'bar', x: 'depart_name', y: ['staff_count'] },
    items: [
      { name: 'depart_name', title: '部门', width: 200 },
      { name: 'staff_count', title: '人数', type: 'Integer', total: 'sum' },
    ],
    params: [
      { name: 'category', title: '机构类型', type: 'dict', dict: 'org_category', value: '2', required: true },
    ],
    daysAgo: 75,
  },
  {
    code: 'notice_monthly',
    name: '公告月度发布',
    content: '每月发布的通知公告数量',
    sql: "select to_char(a.send_time, 'YYYY-MM') as month, count(*) as released\nfrom sys_announcement a\nwhere a.send_status = '1'\n  [[ and a.send_time >= ${day_begin}::date ]]\n  [[ and a.send_time < ${day_end}::date + 1 ]]\ngroup by 1\norder by 1",
    chart: { type: 'line', x: 'month', y: ['released'] },
    items: [
      { name: 'month', title: '月份', width: 140 },
      { name: 'released', title: '发布数', type: 'Integer', total: 'sum' },
    ],
    params: [{ name: 'day', title: '发布日期', type: 'dateRange' }],
    daysAgo: 40,
  },
  {
    code: 'customer_list',
    name: '客户清单',
    content: '客户明细，可按等级和名称查询',
    sql: "select c.name, c.code, c.level, c.owner, c.address, c.create_time\nfrom biz_customer c\nwhere 1 = 1\n  [[ and c.level = ${level} ]]\n  [[ and c.name like '%${name}%' ]]",
    items: [
      { name: 'name', title: '客户名称', width: 200, search: 'single' },
      { name: 'code', title: '客户编码' },
      { name: 'level', title: '客户等级', dict: 'priority' },
      { name: 'owner', title: '负责人', dict: 'sys_user,realname,username' },
      { name: 'address', title: '地址', width: 260 },
      { name: 'create_time', title: '创建时间', type: 'Datetime', search: 'group' },
    ],
    params: [
      { name: 'level', title: '客户等级', type: 'dict', dict: 'priority' },
      { name: 'name', title: '客户名称', type: 'string' },
    ],
    daysAgo: 20,
  },
];

export async function seedReports(trx: Kysely<Database>): Promise<void> {
  const db = reportDb(trx);
  for (const report of DEMO_REPORTS) {
    const id = seedId(`report:${report.code}`);
    await db
      .insertInto('onlCgreportHead')
      .values({
        id,
        code: report.code,
        name: report.name,
        cgrSql: report.sql,
        dbSource: null,
        content: report.content,
        chart: report.chart ? JSON.stringify(report.chart) : null,
        delFlag: 0,
        createBy: 'fengyu',
        createTime: new Date(Date.now() - report.daysAgo * 86_400_000),
      })
      .execute();
    await db
      .insertInto('onlCgreportItem')
      .values(
        report.items.map((item, i) => ({
          id: seedId(`report:${report.code}:item:${item.name}`),
          cgrheadId: id,
          fieldName: item.name,
          fieldTxt: item.title,
          fieldType: item.type ?? 'String',
          fieldWidth: item.width ?? null,
          isShow: 1,
          isOrder: 1,
          isSearch: item.search ? 1 : 0,
          searchMode: item.search ?? null,
          dictCode: item.dict ?? null,
          fieldHref: null,
          isTotal: item.total ?? null,
          orderNum: i,
          createBy: 'fengyu',
        })),
      )
      .execute();
    if (report.params.length > 0)
      await db
        .insertInto('onlCgreportParam')
        .values(
          report.params.map((p, i) => ({
            id: seedId(`report:${report.code}:param:${p.name}`),
            cgrheadId: id,
            paramName: p.name,
            paramTxt: p.title,
            paramType: p.type,
            paramValue: p.value ?? null,
            dictCode: p.dict ?? null,
            required: p.required ? 1 : 0,
            dependsOn: null,
            orderNum: i,
            createBy: 'fengyu',
          })),
        )
        .execute();
  }
}
