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
  exportInvalid: (detail: string) => `导出的文件声明未通过校验：${detail}`,
  setTooMany: (max: number) => `一次最多保存 ${max} 个表单`,
  setDuplicate: (name: string) => `表单“${name}”在本次保存中出现了多次`,
  savedSet: (saved: readonly { title: string; version: number }[]) =>
    `保存成功：${saved.map((s) => `${s.title}（版本 ${s.version}）`).join('，')}`,
} as const;

/**
 * Why a save may not change the table as it stands, and the named migration that would do it once
 * confirmed (docs/modules/online-forms.md).
 */
export const SyncMessages = {
  later:
    '新增表、新增字段、新增索引和加长字段会直接执行；删除、改名、改类型和缩短字段会改写或丢失数据，请确认下方列出的迁移后再保存',
  drop: (title: string, name: string, rows: number, migration: string) =>
    rows > 0
      ? `字段“${title}”(${name})不能删除：该列已有 ${rows} 条数据，删除会丢失数据（确认迁移 ${migration} 后删除该列）`
      : `字段“${title}”(${name})不能删除：删除列需要确认迁移 ${migration}（该列暂无数据）`,
  rename: (from: string, fromColumn: string, to: string, toColumn: string, migration: string) =>
    `字段“${from}”(${fromColumn})改名为“${to}”(${toColumn})会丢失原列的数据：确认迁移 ${migration} 将新增列 ${toColumn} 并复制原列的数据，原列保留（也可同时确认删除原列）`,
  narrow: (title: string, name: string, from: number, to: number, migration: string) =>
    `字段“${title}”(${name})不能从 ${from} 缩短到 ${to} 个字符：已有数据可能被截断（确认迁移 ${migration} 会先检查每一行的长度）`,
  retype: (title: string, name: string, from: string, to: string, migration: string) =>
    `字段“${title}”(${name})不能从 ${from} 改为 ${to}：改类型可能改写已有数据（确认迁移 ${migration} 会先检查每一行能否转换）`,
  offer: (kind: string, what: string) =>
    `${{ drop: '删除列', rename: '改名（新增列并复制数据）', retype: '改类型', narrow: '缩短长度' }[kind] ?? kind} ${what}`,
  dropOld: (title: string, column: string) => `同时删除原列“${title}”(${column})`,
  badValue: (title: string, name: string, to: string, id: string, value: string) =>
    `字段“${title}”(${name})的已有数据不能转换为 ${to}：第一条不能转换的记录 id=${id}，值“${value}”；请先修改该数据，迁移未执行`,
  tooLong: (title: string, name: string, to: number, id: string, value: string) =>
    `字段“${title}”(${name})的已有数据超过 ${to} 个字符：第一条超长的记录 id=${id}，值“${value}”；请先修改该数据，迁移未执行`,
  unknownMigration: (name: string) => `确认的迁移 ${name} 与本次修改不符，请重新保存后再确认`,
  table: (from: string, to: string) => `表名不能从 ${from} 改为 ${to}：改表名需要确认迁移，暂不支持`,
  duplicates: (title: string) => `字段“${title}”已有重复的数据，不能设为唯一`,
  tableTaken: (table: string) => `表 ${table} 已存在且不属于该表单，请换一个表名`,
} as const;

/**
 * Which table a designed form may use (server/entity/table-rule.ts): never the platform's own, never
 * another form's, an existing table only from the operator's ADOPTABLE_TABLES; and what the
 * database said when it refused a change.
 */
export const TableMessages = {
  platformAdopt: (table: string) =>
    `不能接管系统表：${table}（该表由平台的数据库迁移创建，只供平台自身的功能使用）`,
  platformUse: (table: string) => `不能使用系统表：${table}（该表由平台的数据库迁移创建），请换一个表名`,
  notListed: (table: string) =>
    `不能接管表 ${table}：它不在可接管的表清单中，请换一个表名，或请运维人员把它加入 ADOPTABLE_TABLES`,
  idType: (table: string, type: string) =>
    `不能接管表 ${table}：它的 id 列是 ${type} 类型，表单的记录需要字符串类型的 id`,
  create: '建表',
  alter: '修改表结构',
  column: (name: string) => `新增列 ${name}`,
  index: (name: string) => `建索引 ${name}`,
  refused: (table: string, step: string, reason: string) =>
    `数据库拒绝了对表 ${table} 的修改（${step}）：${reason}`,
} as const;

/** Bundles between environments and importing a table (docs/modules/online-forms.md). */
export const BundleMessages = {
  noneChosen: '请选择要导出的表单',
  tooMany: (max: number) => `一次最多导出或导入 ${max} 个表单`,
  notDesigned: (name: string) => `“${name}”不是设计的表单，只能导出在线设计的表单（文件声明随代码发布）`,
  noBundle: '请提供导入包（JSON）',
  badJson: (detail: string) => `导入包不是有效的 JSON：${detail}`,
  tooLarge: '导入包过大（最多 2 MB）',
  badFormat: '这不是在线表单的导入包（format 应为 zj-online-bundle）',
  badVersion: (version: unknown) => `不支持的导入包版本：${String(version)}`,
  invalid: (count: number) => `导入包有 ${count} 处问题，未导入任何内容`,
  notArray: '应为数组',
  notObject: '应为 JSON 对象',
  nameMismatch: (name: string, inner: string) => `名称“${name}”与声明中的名称“${inner}”不一致`,
  duplicate: (name: string) => `表单“${name}”在导入包中出现了多次`,
  fileDeclaration: (name: string, file: string) =>
    `“${name}”是文件声明（${file}），文件声明随代码发布，不能通过导入包修改`,
  unknownDeclaration: (name: string) => `导入包中没有表单“${name}”`,
  missingText: (what: string) => `缺少${what}`,
  noParent: (url: string) => `上级菜单“${url}”在本环境不存在，请先建立该菜单`,
  codeElsewhere: (code: string) => `权限编码“${code}”在本环境已属于其他菜单`,
  dryRun: (n: number, c: number, u: number) => `预览：新增 ${n} 项，修改 ${c} 项，不变 ${u} 项（尚未导入）`,
  applied: (n: number, c: number, u: number) => `导入成功：新增 ${n} 项，修改 ${c} 项，不变 ${u} 项`,
  nothing: '导入包与本环境一致，没有需要导入的内容',
  comment: (exportedAt: string) => `导入包导入（导出于 ${exportedAt || '未知时间'}）`,
  changedMeanwhile: (name: string) => `表单“${name}”在导入时被他人修改，请重新预览后再导入`,
  tableNotImportable: (table: string) =>
    `表“${table}”不能导入：只能导入可接管的表清单（ADOPTABLE_TABLES）中、还没有表单使用的表`,
  noIdColumn: (table: string) =>
    `表“${table}”没有字符串类型的 id 列，不能作为表单的表（表单的记录以字符串 id 为主键）`,
} as const;
