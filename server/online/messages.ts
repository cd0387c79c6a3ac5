/** The online form designer's Chinese messages (docs/modules/online-forms.md). */
export const OnlineMessages = {
  saved: (version: number) => `保存成功，当前为版本 ${version}`,
  rolledBack: (from: number, version: number) => `已回滚到版本 ${from}（新版本 ${version}）`,
  synced: '同步数据库成功',
  invalid: (count: number) => `表单声明有 ${count} 处问题，请按路径修改后再保存`,
  notFound: '未找到对应的在线表单',
  noVersion: '未找到该版本',
  nameTaken: (name: string) => `名称“${name}”已存在，请换一个名称`,
  changedMeanwhile: '该表单已被他人修改，请刷新后重试',
  noDeclaration: '请填写表单声明（JSON）',
  badJson: (detail: string) => `表单声明不是有效的 JSON：${detail}`,
  tooLarge: '表单声明过大（最多 200 KB）',
  noScreen: (name: string) => `没有名为“${name}”的表单`,
  menuParent: '请选择上级菜单',
  menuNoParent: '上级菜单不存在',
  menuAdded: '菜单已生成，请在角色管理中授权',
  menuExists: '该表单的菜单已存在，已补齐按钮权限',
} as const;

/** Why a save may not change the table (a confirmed, named migration is a later slice). */
export const SyncMessages = {
  later: '本版本只支持新增表、新增字段、新增索引和加长字段；会丢失或改写数据的修改需要确认迁移，暂不支持',
  drop: (title: string, name: string, rows: number) =>
    rows > 0
      ? `字段“${title}”(${name})不能删除：该列已有 ${rows} 条数据，删除会丢失数据`
      : `字段“${title}”(${name})不能删除：删除列需要确认迁移（该列暂无数据）`,
  rename: (from: string, to: string) =>
    `字段“${from}”改名为“${to}”会丢失原列的数据（改名需要确认迁移，暂不支持），请保留原字段名`,
  narrow: (title: string, name: string, from: number, to: number) =>
    `字段“${title}”(${name})不能从 ${from} 缩短到 ${to} 个字符：已有数据可能被截断`,
  retype: (title: string, name: string, from: string, to: string) =>
    `字段“${title}”(${name})不能从 ${from} 改为 ${to}：改类型可能改写已有数据`,
  table: (from: string, to: string) => `表名不能从 ${from} 改为 ${to}：改表名需要确认迁移，暂不支持`,
  duplicates: (title: string) => `字段“${title}”已有重复的数据，不能设为唯一`,
  tableTaken: (table: string) => `表 ${table} 已存在且不属于该表单，请换一个表名`,
} as const;
