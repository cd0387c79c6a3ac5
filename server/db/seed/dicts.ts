import type { Transaction } from 'kysely';
import type { Database } from '../schema.js';
import { seedId } from './ids.js';

export interface DictSeed {
  code: string;
  name: string;
  /** [value, text] or [value, text, 'disabled'] for an item kept but not offered. */
  items: [string, string, 'disabled'?][];
}

export const DICTS: DictSeed[] = [
  {
    // The values are fixed by the notice panel's category filter: the spec's five, and 流程审批
    // (migration 0050; the spec has no approval category).
    code: 'notice_category',
    name: '消息分类',
    items: [
      ['4', '每日工作'],
      ['5', '项目管理'],
      ['6', '工单派发'],
      ['7', '绩效考核'],
      ['8', '项目计划'],
      ['9', '流程审批'],
    ],
  },
  {
    code: 'sex',
    name: '性别',
    items: [
      ['1', '男'],
      ['2', '女'],
    ],
  },
  {
    code: 'user_status',
    name: '用户状态',
    items: [
      ['1', '正常'],
      ['2', '冻结'],
    ],
  },
  {
    code: 'priority',
    name: '优先级',
    items: [
      ['L', '低'],
      ['M', '中'],
      ['H', '高'],
    ],
  },
  {
    code: 'yn',
    name: '是否',
    items: [
      ['Y', '是'],
      ['N', '否'],
    ],
  },
  {
    code: 'valid_status',
    name: '有效状态',
    items: [
      ['1', '有效'],
      ['0', '无效'],
    ],
  },
  {
    code: 'urgent_level',
    name: '紧急程度',
    items: [
      ['1', '一般'],
      ['2', '重要'],
      ['3', '紧急'],
    ],
  },
  {
    code: 'position_rank',
    name: '职务职级',
    items: [
      ['1', '高层领导'],
      ['2', '部门负责人'],
      ['3', '项目负责人'],
      ['4', '技术岗'],
      ['5', '职能岗'],
      ['6', '实习岗'],
    ],
  },
  {
    code: 'project_status',
    name: '项目状态',
    items: [
      ['0', '未启动'],
      ['1', '进行中'],
      ['2', '已暂停'],
      ['3', '已关闭'],
      // Archiving is planned but not offered yet; the disabled item shows how such items stay out of lists.
      ['9', '已归档', 'disabled'],
    ],
  },
  {
    code: 'plan_status',
    name: '计划状态',
    items: [
      ['0', '未开始'],
      ['1', '进行中'],
      ['2', '已完成'],
      ['3', '已延期'],
    ],
  },
  {
    // 1, 3 and 4 are the finished states: the client hides the deal button for them.
    code: 'work_order_status',
    name: '工单状态',
    items: [
      ['0', '待接收'],
      ['2', '处理中'],
      ['1', '已完成'],
      ['3', '已关闭'],
      ['4', '已撤回'],
    ],
  },
  {
    code: 'demand_status',
    name: '需求状态',
    items: [
      ['0', '新建'],
      ['1', '流转中'],
      ['2', '已完成'],
      ['3', '已关闭'],
    ],
  },
  {
    code: 'msg_category',
    name: '消息类型',
    items: [
      ['1', '通知公告'],
      ['2', '系统消息'],
    ],
  },
  {
    code: 'msg_type',
    name: '通告对象类型',
    items: [
      ['USER', '指定用户'],
      ['ALL', '全体用户'],
      ['DEPART', '指定部门'],
      ['ROLE', '指定角色'],
    ],
  },
  {
    // How a notice opens: the announcement screen's 打开方式 (sys_announcement.open_type).
    code: 'open_type',
    name: '打开方式',
    items: [
      ['component', '组件'],
      ['url', '地址'],
    ],
  },
  {
    code: 'send_status',
    name: '发布状态',
    items: [
      ['0', '未发布'],
      ['1', '已发布'],
      ['2', '已撤销'],
    ],
  },
  {
    code: 'menu_type',
    name: '菜单类型',
    items: [
      ['0', '一级菜单'],
      ['1', '子菜单'],
      ['2', '按钮权限'],
    ],
  },
  {
    code: 'perms_type',
    name: '授权策略',
    items: [
      ['1', '可见/可访问'],
      ['2', '可编辑'],
    ],
  },
  {
    code: 'dict_item_status',
    name: '字典项状态',
    items: [
      ['1', '启用'],
      ['0', '不启用'],
    ],
  },
  {
    code: 'org_category',
    name: '机构类型',
    items: [
      ['1', '公司'],
      ['2', '部门'],
      ['3', '岗位'],
    ],
  },
];

/** Inserts dictionaries with their items (two statements, whatever the number of dictionaries). */
export async function insertDicts(trx: Transaction<Database>, dicts: readonly DictSeed[]): Promise<void> {
  if (dicts.length === 0) return;
  await trx
    .insertInto('sysDict')
    .values(
      dicts.map((d) => ({
        id: seedId(`dict:${d.code}`),
        dictCode: d.code,
        dictName: d.name,
        delFlag: 0,
        createBy: 'admin',
      })),
    )
    .execute();
  await trx
    .insertInto('sysDictItem')
    .values(
      dicts.flatMap((d) =>
        d.items.map(([value, text, disabled], i) => ({
          id: seedId(`dictItem:${d.code}:${value}`),
          dictId: seedId(`dict:${d.code}`),
          itemValue: value,
          itemText: text,
          sortOrder: i + 1,
          status: disabled ? 0 : 1,
          createBy: 'admin',
        })),
      ),
    )
    .execute();
}

export async function seedDicts(trx: Transaction<Database>): Promise<void> {
  await insertDicts(trx, DICTS);
}
