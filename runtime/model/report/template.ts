/**
 * The report SQL template language (docs/modules/reports.md): `${name}` parameters, `[[ ... ]]`
 * optional clauses and `{{name:alias.column}}` column filters. A template compiles to SQL text with
 * `$1, $2, ...` placeholders and the list of values to bind: a value never becomes SQL text. A
 * parameter written inside a quoted literal ('%${name}%') becomes a concatenation of the literal's
 * parts and the bound value. Nothing else is interpreted (no expressions, no includes), so the
 * template cannot run code. Isomorphic: the designer extracts parameters in the browser with it.
 */

export class TemplateError extends Error {}

export const TemplateMessages = {
  unclosedParam: '参数未闭合：${ 缺少 }',
  unclosedLiteral: 'SQL中的引号未闭合',
  unclosedOptional: '可选条件未闭合：[[ 缺少 ]]',
  nestedOptional: '可选条件不能嵌套',
  strayClose: '多余的 ]]',
  unclosedFilter: '字段过滤未闭合：{{ 缺少 }}',
  badName: (name: string) => `参数名不正确：${name}（只能是字母、数字和下划线，以字母开头）`,
  badFilter: (text: string) => `字段过滤应写作 {{参数名:表别名.字段名}}：${text}`,
  required: (title: string) => `请填写参数：${title}`,
  listInLiteral: (name: string) => `参数${name}有多个值，不能写在引号内`,
} as const;

/** A parameter's value: empty, one value, several (a multi-select, an IN list) or a range. */
export type ParamValue = string | readonly string[] | { begin?: string; end?: string } | undefined | null;
export type ParamValues = Readonly<Record<string, ParamValue>>;

export interface TemplateParamUse {
  name: string;
  /** `{{name:column}}`: the column it filters. */
  column?: string;
}

export interface CompiledTemplate {
  sql: string;
  values: string[];
}

const NAME = /^[A-Za-z][A-Za-z0-9_]{0,62}$/;
const COLUMN = /^[A-Za-z_][A-Za-z0-9_]{0,62}(\.[A-Za-z_][A-Za-z0-9_]{0,62})?$/;

type Piece =
  | { kind: 'text'; text: string }
  | { kind: 'param'; name: string }
  | { kind: 'literal'; parts: ({ text: string } | { name: string })[] }
  | { kind: 'filter'; name: string; column: string }
  | { kind: 'optional'; pieces: Piece[] };

function readName(template: string, at: number, close: string, what: string): { name: string; end: number } {
  const end = template.indexOf(close, at);
  if (end < 0) throw new TemplateError(what);
  return { name: template.slice(at, end).trim(), end: end + close.length };
}

/** Splits a template into text, parameters, quoted literals, filters and optional clauses. */
export function parseTemplate(template: string): Piece[] {
  const root: Piece[] = [];
  let into = root;
  let optional: Piece[] | null = null;
  let text = '';
  const flush = () => {
    if (text) into.push({ kind: 'text', text });
    text = '';
  };
  let i = 0;
  while (i < template.length) {
    const rest = template.slice(i);
    if (rest.startsWith('--')) {
      const end = template.indexOf('\n', i);
      const stop = end < 0 ? template.length : end;
      text += template.slice(i, stop);
      i = stop;
    } else if (rest.startsWith('/*')) {
      const end = template.indexOf('*/', i + 2);
      const stop = end < 0 ? template.length : end + 2;
      text += template.slice(i, stop);
      i = stop;
    } else if (rest.startsWith('${')) {
      flush();
      const { name, end } = readName(template, i + 2, '}', TemplateMessages.unclosedParam);
      if (!NAME.test(name)) throw new TemplateError(TemplateMessages.badName(name));
      into.push({ kind: 'param', name });
      i = end;
    } else if (rest.startsWith('{{')) {
      flush();
      const { name: body, end } = readName(template, i + 2, '}}', TemplateMessages.unclosedFilter);
      const [name, column, ...extra] = body.split(':').map((s) => s.trim());
      if (!name || !column || extra.length > 0 || !NAME.test(name) || !COLUMN.test(column))
        throw new TemplateError(TemplateMessages.badFilter(body));
      into.push({ kind: 'filter', name, column });
      i = end;
    } else if (rest.startsWith('[[')) {
      if (optional) throw new TemplateError(TemplateMessages.nestedOptional);
      flush();
      optional = [];
      into = optional;
      i += 2;
    } else if (rest.startsWith(']]')) {
      if (!optional) throw new TemplateError(TemplateMessages.strayClose);
      flush();
      root.push({ kind: 'optional', pieces: optional });
      optional = null;
      into = root;
      i += 2;
    } else if (template[i] === "'") {
      flush();
      const { piece, end } = readLiteral(template, i);
      into.push(piece);
      i = end;
    } else {
      text += template[i];
      i += 1;
    }
  }
  if (optional) throw new TemplateError(TemplateMessages.unclosedOptional);
  flush();
  return root;
}

/** A quoted literal ('' is a quote inside it), with any `${name}` it holds as separate parts. */
function readLiteral(template: string, start: number): { piece: Piece; end: number } {
  const parts: ({ text: string } | { name: string })[] = [];
  let text = '';
  let i = start + 1;
  for (;;) {
    if (i >= template.length) throw new TemplateError(TemplateMessages.unclosedLiteral);
    if (template.startsWith("''", i)) {
      text += "''";
      i += 2;
    } else if (template[i] === "'") {
      break;
    } else if (template.startsWith('${', i)) {
      if (text) parts.push({ text });
      text = '';
      const { name, end } = readName(template, i + 2, '}', TemplateMessages.unclosedParam);
      if (!NAME.test(name)) throw new TemplateError(TemplateMessages.badName(name));
      parts.push({ name });
      i = end;
    } else {
      text += template[i];
      i += 1;
    }
  }
  if (text || parts.length === 0) parts.push({ text });
  return { piece: { kind: 'literal', parts }, end: i + 1 };
}

/** The parameters a template uses, in order of first use. */
export function templateParams(template: string): TemplateParamUse[] {
  const out = new Map<string, TemplateParamUse>();
  const walk = (pieces: Piece[]) => {
    for (const p of pieces) {
      if (p.kind === 'optional') {
        walk(p.pieces);
      } else if (p.kind === 'filter') {
        if (!out.has(p.name)) out.set(p.name, { name: p.name, column: p.column });
      } else {
        for (const name of usesOf([p])) if (!out.has(name)) out.set(name, { name });
      }
    }
  };
  walk(parseTemplate(template));
  return [...out.values()];
}

/** The single values of a parameter (empty when it has none). */
function listOf(value: ParamValue): string[] {
  if (value === undefined || value === null) return [];
  if (typeof value === 'string') return value === '' ? [] : [value];
  if (Array.isArray(value)) return value.filter((v) => v !== '');
  return [];
}

function isEmpty(value: ParamValue): boolean {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const range = value as { begin?: string; end?: string };
    return !range.begin && !range.end;
  }
  return listOf(value).length === 0;
}

function usesOf(pieces: Piece[]): string[] {
  return pieces.flatMap((p) => {
    if (p.kind === 'param' || p.kind === 'filter') return [p.name];
    if (p.kind === 'literal') return p.parts.flatMap((part) => ('name' in part ? [part.name] : []));
    return [];
  });
}

/** SQL text and bound values in order: what a query builder joins (text as is, values bound). */
export type TemplatePart = string | { value: string };

/** The template as text and values, for these parameter values. */
export function compileTemplateParts(template: string, values: ParamValues): TemplatePart[] {
  const out: TemplatePart[] = [];
  const text = (t: string) => out.push(t);
  const bind = (value: string) => out.push({ value });
  const list = (items: readonly string[]) =>
    items.forEach((item, i) => {
      if (i > 0) text(', ');
      bind(item);
    });
  const emit = (pieces: Piece[]) => {
    for (const p of pieces) {
      switch (p.kind) {
        case 'text':
          text(p.text);
          break;
        case 'param': {
          const items = listOf(values[p.name]);
          // An empty parameter outside an optional clause is NULL: the statement stays valid.
          if (items.length === 0) text('null');
          else list(items);
          break;
        }
        case 'literal':
          emitLiteral(p.parts, values, text, bind);
          break;
        case 'filter':
          emitFilter(p.column, values[p.name], text, bind, list);
          break;
        case 'optional':
          if (!usesOf(p.pieces).some((name) => isEmpty(values[name]))) emit(p.pieces);
          break;
      }
    }
  };
  emit(parseTemplate(template));
  return out;
}

/** SQL with `$n` placeholders and the values to bind, for these parameter values. */
export function compileTemplate(template: string, values: ParamValues, firstIndex = 1): CompiledTemplate {
  const bound: string[] = [];
  const sql = compileTemplateParts(template, values)
    .map((part) => {
      if (typeof part === 'string') return part;
      bound.push(part.value);
      return `$${firstIndex + bound.length - 1}`;
    })
    .join('');
  return { sql, values: bound };
}

function emitLiteral(
  parts: ({ text: string } | { name: string })[],
  values: ParamValues,
  text: (t: string) => void,
  bind: (v: string) => void,
): void {
  if (parts.every((part) => 'text' in part)) {
    text(`'${(parts[0] as { text: string }).text}'`);
    return;
  }
  text('(');
  parts.forEach((part, i) => {
    if (i > 0) text(' || ');
    if ('text' in part) {
      text(`'${part.text}'`);
      return;
    }
    const items = listOf(values[part.name]);
    if (items.length > 1) throw new TemplateError(TemplateMessages.listInLiteral(part.name));
    bind(items[0] ?? '');
    text('::text');
  });
  text(')');
}

function emitFilter(
  column: string,
  value: ParamValue,
  text: (t: string) => void,
  bind: (v: string) => void,
  list: (items: readonly string[]) => void,
): void {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const { begin, end } = value as { begin?: string; end?: string };
    if (!begin && !end) return text('true');
    text(`${column} `);
    if (begin && end) {
      text('between ');
      bind(begin);
      text(' and ');
      bind(end);
    } else {
      text(begin ? '>= ' : '<= ');
      bind((begin ?? end)!);
    }
    return;
  }
  const items = listOf(value);
  if (items.length === 0) return text('true');
  if (items.length === 1) {
    text(`${column} = `);
    bind(items[0]);
    return;
  }
  text(`${column} in (`);
  list(items);
  text(')');
}
