/**
 * The short Chinese description of an operation log row, JeecgBoot's `@AutoLog` style
 * `<screen>-<operation>` (角色-添加, 用户-冻结/解冻), derived without annotating any route: the
 * screen is the declaration whose basePath is the longest prefix of the route, the operation is a
 * built-in's verb or the title of the declared action / transition served at that path. A route
 * no declaration covers is described by its URL. The operate type follows JeecgBoot's codes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { declarationDirs } from '../../entity/load.js';

/** JeecgBoot's operate_type: 1 查询, 2 添加, 3 修改, 4 删除, 5 导入, 6 导出. */
export const OperateType = { query: 1, add: 2, edit: 3, delete: 4, import: 5, export: 6 } as const;

/** Route segments with one meaning wherever they are (the engine's built-ins, a few common calls). */
const BUILT_IN_VERBS: Readonly<Record<string, string>> = {
  add: '添加',
  edit: '编辑',
  delete: '删除',
  deleteBatch: '批量删除',
  importExcel: '导入',
  exportXls: '导出',
  changePassword: '修改密码',
  updatePassword: '修改密码',
  upload: '上传文件',
  uploadFile: '上传文件',
};

/** Hand-written areas that no declaration names (or that several share). */
const AREA_TITLES: Readonly<Record<string, string>> = {
  '/sys/log': '日志',
  '/sys/common': '公共接口',
  '/sys/common/transitRESTful': '接口转发',
};

export interface Area {
  title: string;
  /** Route segment under the area -> operation title. */
  operations: Map<string, string>;
}

export interface Description {
  content: string;
  operateType: number;
}

interface RawDeclaration {
  title?: unknown;
  basePath?: unknown;
  actions?: { title?: unknown; request?: { path?: unknown } }[];
  transitions?: { name?: unknown; title?: unknown; path?: unknown }[];
}

function jsonFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'meta' ? [] : jsonFiles(full);
    return entry.name.endsWith('.json') ? [full] : [];
  });
}

function addOperation(operations: Map<string, string>, segment: unknown, title: unknown): void {
  if (typeof segment !== 'string' || typeof title !== 'string') return;
  const known = operations.get(segment)?.split('/') ?? [];
  // Two actions on one route (冻结 and 解冻 both PUT frozenBatch) are named together, once each.
  if (!known.includes(title)) operations.set(segment, [...known, title].join('/'));
}

/**
 * The areas of the declarations on disk (the server validated them at start; here only their
 * titles and paths are read, so a file the engine refused adds nothing).
 */
export function loadAreas(dirs: readonly string[] = declarationDirs()): Map<string, Area> {
  const areas = new Map<string, Area>();
  for (const file of dirs.flatMap(jsonFiles)) {
    let decl: RawDeclaration;
    try {
      decl = JSON.parse(fs.readFileSync(file, 'utf8')) as RawDeclaration;
    } catch {
      continue;
    }
    if (typeof decl.basePath !== 'string' || typeof decl.title !== 'string') continue;
    const area = areas.get(decl.basePath) ?? { title: decl.title, operations: new Map<string, string>() };
    for (const action of decl.actions ?? [])
      addOperation(area.operations, action.request?.path, action.title);
    for (const t of decl.transitions ?? []) addOperation(area.operations, t.path ?? t.name, t.title);
    areas.set(decl.basePath, area);
  }
  for (const [basePath, title] of Object.entries(AREA_TITLES)) {
    const area = areas.get(basePath);
    if (area) area.title = title;
    else areas.set(basePath, { title, operations: new Map() });
  }
  return areas;
}

function operateTypeOf(method: string, segment: string): number {
  const s = segment.toLowerCase();
  if (s.startsWith('delete') || s.startsWith('remove')) return OperateType.delete;
  if (s.startsWith('import')) return OperateType.import;
  if (s.startsWith('export')) return OperateType.export;
  if (s.startsWith('add') || s === 'register' || s.startsWith('upload')) return OperateType.add;
  return method === 'DELETE' ? OperateType.delete : OperateType.edit;
}

/** Describes a route (its pattern without the API prefix, e.g. `/sys/role/add`). */
export function describeRoute(areas: ReadonlyMap<string, Area>, method: string, route: string): Description {
  let best: string | null = null;
  for (const basePath of areas.keys()) {
    if ((route === basePath || route.startsWith(`${basePath}/`)) && (!best || basePath.length > best.length))
      best = basePath;
  }
  const segment = route.slice(route.lastIndexOf('/') + 1);
  if (!best) return { content: route, operateType: operateTypeOf(method, segment) };
  const area = areas.get(best)!;
  const rest = route.slice(best.length + 1);
  if (rest === '') return { content: area.title, operateType: operateTypeOf(method, segment) };
  const declared = area.operations.get(rest);
  // A declared action or transition changes a record, whatever verb carries it (启用 is a DELETE).
  const operateType = declared && !BUILT_IN_VERBS[rest] ? OperateType.edit : operateTypeOf(method, segment);
  return { content: `${area.title}-${BUILT_IN_VERBS[rest] ?? declared ?? rest}`, operateType };
}
