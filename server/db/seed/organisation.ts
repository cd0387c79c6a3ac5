import type { Insertable, Transaction } from 'kysely';
import type { Database } from '../schema.js';
import { seedId } from './ids.js';

/** Password of every demo account except admin (whose password comes from ADMIN_PASSWORD). */
export const DEMO_PASSWORD = 'Staff@123456';

export const TENANTS = [
  { id: 1, name: '智慧接待示范单位' },
  { id: 2, name: '分支机构' },
];

interface DepartSeed {
  name: string;
  orgCode: string;
  children?: DepartSeed[];
}

/** Three levels: the organisation, its departments, their teams. */
export const DEPARTS: DepartSeed = {
  name: '智慧接待中心',
  orgCode: 'A01',
  children: [
    {
      name: '综合办公室',
      orgCode: 'A01A01',
      children: [
        { name: '行政组', orgCode: 'A01A01A01' },
        { name: '人事组', orgCode: 'A01A01A02' },
      ],
    },
    {
      name: '项目管理部',
      orgCode: 'A01A02',
      children: [
        { name: '项目一组', orgCode: 'A01A02A01' },
        { name: '项目二组', orgCode: 'A01A02A02' },
      ],
    },
    {
      name: '技术部',
      orgCode: 'A01A03',
      children: [
        { name: '研发组', orgCode: 'A01A03A01' },
        { name: '运维组', orgCode: 'A01A03A02' },
      ],
    },
    {
      name: '接待服务部',
      orgCode: 'A01A04',
      children: [
        { name: '前台接待组', orgCode: 'A01A04A01' },
        { name: '会务组', orgCode: 'A01A04A02' },
      ],
    },
  ],
};

export const POSITIONS = [
  { code: 'general_manager', name: '总经理', rank: '1' },
  { code: 'dept_manager', name: '部门经理', rank: '2' },
  { code: 'project_manager', name: '项目经理', rank: '3' },
  { code: 'engineer', name: '工程师', rank: '4' },
  { code: 'clerk', name: '专员', rank: '5' },
  { code: 'receptionist', name: '接待员', rank: '5' },
];

export const ROLES = [
  { code: 'admin', name: '管理员', description: '系统管理员，拥有全部菜单与按钮' },
  { code: 'manager', name: '部门经理', description: '业务菜单与部分管理菜单' },
  { code: 'staff', name: '普通员工', description: '日常工作菜单' },
  { code: 'analyst', name: '数据分析员', description: '在线报表的设计与发布' },
];

export interface UserSeed {
  username: string;
  realname: string;
  orgCodes: string[];
  post: string;
  role: 'admin' | 'manager' | 'staff' | 'analyst';
  sex: 1 | 2;
  phone: string;
  /** 2 = frozen. */
  status?: 1 | 2;
  /** false: the password was never changed (the client forces 修改初始密码). */
  passwordChanged?: boolean;
  tenants?: number[];
}

export const USERS: UserSeed[] = [
  {
    username: 'admin',
    realname: '管理员',
    orgCodes: ['A01'],
    post: 'general_manager',
    role: 'admin',
    sex: 1,
    phone: '13800000000',
    tenants: [1, 2],
  },
  {
    username: 'zhangwei',
    realname: '张伟',
    orgCodes: ['A01A02'],
    post: 'dept_manager',
    role: 'manager',
    sex: 1,
    phone: '13800000001',
  },
  {
    username: 'wangfang',
    realname: '王芳',
    orgCodes: ['A01A01'],
    post: 'dept_manager',
    role: 'manager',
    sex: 2,
    phone: '13800000002',
  },
  {
    username: 'lina',
    realname: '李娜',
    orgCodes: ['A01A04'],
    post: 'dept_manager',
    role: 'manager',
    sex: 2,
    phone: '13800000003',
  },
  {
    username: 'liuyang',
    realname: '刘洋',
    orgCodes: ['A01A03'],
    post: 'dept_manager',
    role: 'manager',
    sex: 1,
    phone: '13800000004',
  },
  {
    username: 'chenjing',
    realname: '陈静',
    orgCodes: ['A01A02A01'],
    post: 'project_manager',
    role: 'staff',
    sex: 2,
    phone: '13800000005',
  },
  {
    username: 'yangqiang',
    realname: '杨强',
    orgCodes: ['A01A02A02'],
    post: 'project_manager',
    role: 'staff',
    sex: 1,
    phone: '13800000006',
  },
  {
    username: 'zhaolei',
    realname: '赵磊',
    orgCodes: ['A01A03A01'],
    post: 'engineer',
    role: 'staff',
    sex: 1,
    phone: '13800000007',
  },
  {
    username: 'huangmin',
    realname: '黄敏',
    orgCodes: ['A01A03A01'],
    post: 'engineer',
    role: 'staff',
    sex: 2,
    phone: '13800000008',
  },
  {
    username: 'zhoujie',
    realname: '周杰',
    orgCodes: ['A01A03A02'],
    post: 'engineer',
    role: 'staff',
    sex: 1,
    phone: '13800000009',
  },
  {
    username: 'wuxia',
    realname: '吴霞',
    orgCodes: ['A01A03A02'],
    post: 'engineer',
    role: 'staff',
    sex: 2,
    phone: '13800000010',
  },
  {
    username: 'xuming',
    realname: '徐明',
    orgCodes: ['A01A01A01'],
    post: 'clerk',
    role: 'staff',
    sex: 1,
    phone: '13800000011',
  },
  {
    username: 'sunli',
    realname: '孙丽',
    orgCodes: ['A01A01A02'],
    post: 'clerk',
    role: 'staff',
    sex: 2,
    phone: '13800000012',
  },
  {
    username: 'majun',
    realname: '马军',
    orgCodes: ['A01A02A01'],
    post: 'clerk',
    role: 'staff',
    sex: 1,
    phone: '13800000013',
  },
  {
    username: 'zhuting',
    realname: '朱婷',
    orgCodes: ['A01A02A02'],
    post: 'clerk',
    role: 'staff',
    sex: 2,
    phone: '13800000014',
  },
  {
    username: 'hugang',
    realname: '胡刚',
    orgCodes: ['A01A04A01'],
    post: 'receptionist',
    role: 'staff',
    sex: 1,
    phone: '13800000015',
  },
  {
    username: 'guoyan',
    realname: '郭燕',
    orgCodes: ['A01A04A01'],
    post: 'receptionist',
    role: 'staff',
    sex: 2,
    phone: '13800000016',
  },
  {
    username: 'linfeng',
    realname: '林峰',
    orgCodes: ['A01A04A02'],
    post: 'receptionist',
    role: 'staff',
    sex: 1,
    phone: '13800000017',
  },
  {
    username: 'hexue',
    realname: '何雪',
    orgCodes: ['A01A04A02'],
    post: 'clerk',
    role: 'staff',
    sex: 2,
    phone: '13800000018',
  },
  {
    username: 'gaopeng',
    realname: '高鹏',
    orgCodes: ['A01A02A01', 'A01A03A01'],
    post: 'engineer',
    role: 'staff',
    sex: 1,
    phone: '13800000019',
  },
  {
    username: 'luoqian',
    realname: '罗倩',
    orgCodes: ['A01A01A01'],
    post: 'clerk',
    role: 'staff',
    sex: 2,
    phone: '13800000020',
    passwordChanged: false,
  },
  {
    username: 'fengyu',
    realname: '冯宇',
    orgCodes: ['A01A01'],
    post: 'clerk',
    role: 'analyst',
    sex: 1,
    phone: '13800000022',
  },
  {
    username: 'dongjie',
    realname: '董洁',
    orgCodes: ['A01A04A01'],
    post: 'receptionist',
    role: 'staff',
    sex: 2,
    phone: '13800000021',
    status: 2,
  },
];

export function departId(orgCode: string): string {
  return seedId(`depart:${orgCode}`);
}
export function userId(username: string): string {
  return seedId(`user:${username}`);
}
export function roleId(code: string): string {
  return seedId(`role:${code}`);
}

export async function seedOrganisation(
  trx: Transaction<Database>,
  hashes: { admin: string; demo: string },
): Promise<void> {
  await trx
    .insertInto('sysTenant')
    .values(TENANTS.map((t) => ({ ...t, status: 1 })))
    .execute();

  const departRows: Insertable<Database['sysDepart']>[] = [];
  const walk = (node: DepartSeed, parentId: string | null, order: number) => {
    departRows.push({
      id: departId(node.orgCode),
      parentId,
      departName: node.name,
      orgCode: node.orgCode,
      orgCategory: parentId === null ? '1' : '2',
      departOrder: order,
      tenantId: 1,
      delFlag: 0,
      createBy: 'admin',
    });
    node.children?.forEach((child, i) => walk(child, departId(node.orgCode), i));
  };
  walk(DEPARTS, null, 0);
  await trx.insertInto('sysDepart').values(departRows).execute();

  await trx
    .insertInto('sysPosition')
    .values(
      POSITIONS.map((p) => ({
        id: seedId(`position:${p.code}`),
        code: p.code,
        name: p.name,
        postRank: p.rank,
        tenantId: 1,
        createBy: 'admin',
      })),
    )
    .execute();

  await trx
    .insertInto('sysRole')
    .values(
      ROLES.map((r) => ({
        id: roleId(r.code),
        roleCode: r.code,
        roleName: r.name,
        description: r.description,
        tenantId: 0,
        createBy: 'admin',
      })),
    )
    .execute();

  const now = new Date();
  for (const u of USERS) {
    await trx
      .insertInto('sysUser')
      .values({
        id: userId(u.username),
        username: u.username,
        realname: u.realname,
        passwordHash: u.username === 'admin' ? hashes.admin : hashes.demo,
        sex: u.sex,
        phone: u.phone,
        email: `${u.username}@example.com`,
        orgCode: u.orgCodes[0],
        workNo: `NO${u.phone.slice(-4)}`,
        post: u.post,
        status: u.status ?? 1,
        delFlag: 0,
        relTenantIds: (u.tenants ?? [1]).join(','),
        modifyTime: u.passwordChanged === false ? null : now,
        createBy: 'admin',
      })
      .execute();
    await trx
      .insertInto('sysUserDepart')
      .values(u.orgCodes.map((code) => ({ userId: userId(u.username), depId: departId(code) })))
      .execute();
    await trx
      .insertInto('sysUserRole')
      .values({ userId: userId(u.username), roleId: roleId(u.role) })
      .execute();
  }
}
