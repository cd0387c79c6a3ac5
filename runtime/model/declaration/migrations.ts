/**
 * Declarations carry `schemaVersion`; a file written for an older version is brought up to date by
 * ordered, pure migrations (formily's version-keyed patches) before it is validated. A migration
 * never mutates its input and is keyed by the version it upgrades FROM.
 */

export type JsonObject = { [key: string]: unknown };

export interface DeclarationMigration {
  description: string;
  migrate(doc: JsonObject): JsonObject;
}

/** The version this engine reads. */
export const CURRENT_SCHEMA_VERSION = 3;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Version 1 accepted the JeecgBoot online-form spellings an admin copies from an existing system:
 * `query: true | 'single' | 'group'`, `validType` ('only' = unique, '*' = required, else a pattern)
 * and `dictCode` / `dictTable` / `dictText`. Version 2 has one spelling for each.
 */
function jeecgFieldToV2(field: JsonObject): JsonObject {
  const out: JsonObject = { ...field };
  if ('query' in out && !isObject(out.query)) {
    const q = out.query;
    delete out.query;
    if (q === true || q === 'single') out.query = { mode: 'single' };
    else if (q === 'group' || q === 'range') out.query = { mode: 'range' };
  }
  if ('validType' in out) {
    const valid = out.validType;
    delete out.validType;
    if (valid === 'only') out.unique = true;
    else if (valid === '*') out.required = true;
    else if (typeof valid === 'string' && valid !== '') out.pattern = valid;
  }
  if ('dictCode' in out || 'dictTable' in out) {
    const { dictCode, dictTable, dictText } = out;
    delete out.dictCode;
    delete out.dictTable;
    delete out.dictText;
    // JeecgBoot: with a dict table, dictCode is the value column and dictText the text column.
    if (typeof dictTable === 'string' && dictTable !== '')
      out.dict = `${dictTable},${String(dictText)},${String(dictCode)}`;
    else if (typeof dictCode === 'string' && dictCode !== '') out.dict = dictCode;
  }
  return out;
}

const V2_TOOLBAR = ['add', 'exportXls', 'importExcel', 'superQuery', 'deleteBatch'] as const;
const V2_ROW = ['edit', 'detail', 'delete'] as const;
const strings = (value: unknown): string[] | undefined =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : undefined;

/**
 * Version 2 listed every button a list shows (toolbar default 新增 + 批量删除; row default 编辑 / 详情
 * / 删除 + every transition). Version 3 gives every list the engine's built-in buttons and lists only
 * the extras; a built-in the screen does not offer is named in `list.disable`, and the server no
 * longer serves it either (in version 2 it answered routes no button called). The step keeps what
 * each screen showed.
 */
function listToV3(list: JsonObject | undefined, transitions: unknown): JsonObject | undefined {
  const toolbar = strings(list?.toolbar) ?? ['add', 'deleteBatch'];
  const transitionNames = Array.isArray(transitions)
    ? transitions.flatMap((t) => (isObject(t) && typeof t.name === 'string' ? [t.name] : []))
    : [];
  const rows = strings(list?.rowActions) ?? [...V2_ROW, ...transitionNames];
  const disable = [
    ...V2_TOOLBAR.filter((b) => !toolbar.includes(b)),
    ...V2_ROW.filter((b) => !rows.includes(b)),
  ];
  const extras = rows.filter((name) => !(V2_ROW as readonly string[]).includes(name));
  const out: JsonObject = { ...(list ?? {}) };
  delete out.toolbar;
  delete out.rowActions;
  // Row links keep their place between 详情 and 删除; the default (every transition) needs no list.
  const sameAsDefault =
    extras.length === transitionNames.length && extras.every((n, i) => n === transitionNames[i]);
  if (!sameAsDefault) out.rowActions = extras;
  if (disable.length > 0) out.disable = disable;
  return Object.keys(out).length > 0 ? out : undefined;
}

export const MIGRATIONS: Readonly<Record<number, DeclarationMigration>> = {
  1: {
    description: 'JeecgBoot field spellings (query, validType, dictCode/dictTable/dictText) to v2',
    migrate(doc) {
      const fields = Array.isArray(doc.fields)
        ? doc.fields.map((f: unknown) => (isObject(f) ? jeecgFieldToV2(f) : f))
        : doc.fields;
      return { ...doc, fields, schemaVersion: 2 };
    },
  },
  2: {
    description: 'built-in buttons by default; list.toolbar / rowActions list extras, list.disable the rest',
    migrate(doc) {
      const list = listToV3(isObject(doc.list) ? doc.list : undefined, doc.transitions);
      const out: JsonObject = { ...doc, schemaVersion: 3 };
      if (list) out.list = list;
      else delete out.list;
      return out;
    },
  },
};

export interface MigrationOutcome {
  doc: JsonObject | null;
  /** The version the file was written in. */
  from: number | null;
  /** Problems, each with the JSON pointer it concerns. */
  problems: { path: string; message: string }[];
}

/** Runs the migrations from the file's version up to `current`, in order. */
export function migrateDeclaration(
  raw: unknown,
  migrations: Readonly<Record<number, DeclarationMigration>> = MIGRATIONS,
  current: number = CURRENT_SCHEMA_VERSION,
): MigrationOutcome {
  if (!isObject(raw))
    return { doc: null, from: null, problems: [{ path: '/', message: 'must be an object' }] };
  const version = raw.schemaVersion;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    return {
      doc: null,
      from: null,
      problems: [{ path: '/schemaVersion', message: 'must be an integer >= 1' }],
    };
  }
  if (version > current) {
    return {
      doc: null,
      from: version,
      problems: [
        { path: '/schemaVersion', message: `version ${version} is newer than this engine (${current})` },
      ],
    };
  }
  let doc: JsonObject = raw;
  for (let v = version; v < current; v += 1) {
    const step = migrations[v];
    if (!step) {
      return {
        doc: null,
        from: version,
        problems: [{ path: '/schemaVersion', message: `no migration from version ${v}` }],
      };
    }
    doc = { ...step.migrate(doc), schemaVersion: v + 1 };
  }
  return { doc, from: version, problems: [] };
}
