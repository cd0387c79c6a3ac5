/**
 * The field-format rules of the spec (000 section 5, 001 section 5) as data: a code a declaration
 * names in a field's `pattern`, the regular expression (source text, so it can travel inside a JSON
 * Schema to the browser) and the Chinese message. Browser forms, editable grids and the server all
 * read this one table, so a rule cannot say one thing in a form and another in the API.
 *
 * Pure TypeScript: no Node, no React.
 */
import {
  AccountMessages,
  MOBILE_PATTERN,
  PasswordMessages,
  STRONG_PASSWORD_PATTERN,
  USERNAME_PATTERN,
} from './password.js';

export interface FormatRule {
  /** The code a declaration writes in `pattern`. */
  code: string;
  /** What the rule accepts, for editors and docs. */
  title: string;
  /** Anchored regular expression source, matched with the 'u' flag. */
  source: string;
  message: string;
}

/** Named formats of the field-format table. */
const NAMED: FormatRule[] = [
  { code: 'mobile', title: '手机号', source: MOBILE_PATTERN.source, message: AccountMessages.mobileFormat },
  {
    code: 'username',
    title: '用户名',
    source: USERNAME_PATTERN.source,
    message: AccountMessages.usernameFormat,
  },
  {
    code: 'email',
    title: '邮箱',
    source: '^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\\.[A-Za-z0-9-]+)*\\.[A-Za-z]{2,}$',
    message: '邮箱格式不正确',
  },
  {
    code: 'password',
    title: '密码（8位以上，含大小写字母、数字和特殊符号）',
    source: STRONG_PASSWORD_PATTERN.source,
    message: PasswordMessages.strength,
  },
  { code: 'natural', title: '自然数', source: '^\\d+$', message: '请输入自然数' },
  { code: 'english', title: '英文字符', source: '^[A-Za-z]+$', message: '请输入英文字符' },
  { code: 'phone', title: '座机号', source: '^(\\d{3,4}-)?\\d{7,8}$', message: '请输入正确的座机号' },
  { code: 'bankCard', title: '银行卡号', source: '^[1-9]\\d{9,19}$', message: '请输入正确的银行卡号码' },
  { code: 'certNo', title: '证件号码', source: '^[A-Za-z0-9]{1,50}$', message: '请输入正确的证件号码' },
  // 15 digits (old cards) or 17 digits and a check character, which may be X.
  {
    code: 'idCard',
    title: '身份证号码',
    source: '^(\\d{15}|\\d{17}[\\dXx])$',
    message: '请输入正确的身份证号码',
  },
  { code: 'qq', title: 'QQ号码', source: '^\\d{5,12}$', message: '请输入正确的QQ号码' },
  { code: 'httpUrl', title: '网址', source: '^https?://\\S+$', message: '请输入以http和https开头的网址' },
  {
    code: 'alnum20',
    title: '20位以内英文和数字',
    source: '^[A-Za-z0-9]{1,20}$',
    message: '请输入20位以内的英文字符和数字',
  },
  {
    code: 'cnEnName',
    title: '2到100位中英文和空格',
    source: '^[\\u4e00-\\u9fa5A-Za-z ]{2,100}$',
    message: '请输入2到100位的中英文字符和空格',
  },
  { code: 'digitsLines', title: '数字和换行符', source: '^[0-9\\r\\n]+$', message: '请输入数字和换行符' },
  { code: 'max255', title: '255位以内字符', source: '^[\\s\\S]{0,255}$', message: '请输入255位以内的字符' },
  // The spec states the postal-code and link rules without messages; these follow the table's wording.
  { code: 'postcode', title: '邮政编码', source: '^[1-9]\\d{5}$', message: '请输入正确的邮政编码' },
  {
    code: 'link',
    title: '链接',
    source: '^(https?:|mailto:|tel:)\\S+$',
    message: '请输入以http、https、mailto或tel开头的链接',
  },
];

/** The built-in pattern codes of the editable grid and the online form (spec: grid cells). */
const GRID: FormatRule[] = [
  { code: 'n6-16', title: '6到16位数字', source: '^\\d{6,16}$', message: '请输入6到16位数字' },
  { code: '*6-16', title: '6到16位任意字符', source: '^[\\s\\S]{6,16}$', message: '请输入6到16位任意字符' },
  { code: 's6-18', title: '6到18位字母', source: '^[A-Za-z]{6,18}$', message: '请输入6到18位字母' },
  {
    code: 'url',
    title: '网址',
    source: '^(ht|f)tps?://[\\w-]+(\\.[\\w-]+)+([\\w.,@?^=%&:/~+#-]*[\\w@?^=%&/~+#-])?$',
    message: '请输入正确的网址',
  },
  { code: 'e', title: '电子邮件', source: NAMED[2].source, message: '请输入正确的电子邮件' },
  { code: 'm', title: '手机号码', source: '^1[3-9]\\d{9}$', message: '请输入正确的手机号码' },
  { code: 'p', title: '邮政编码', source: '^[1-9]\\d{5}$', message: '请输入正确的邮政编码' },
  { code: 's', title: '字母', source: '^[A-Za-z]+$', message: '请输入字母' },
  { code: 'n', title: '数字', source: '^-?\\d+(\\.\\d+)?$', message: '请输入数字' },
  { code: 'z', title: '整数', source: '^-?\\d+$', message: '请输入整数' },
  // '*' (non-empty) is a required rule, not a pattern: patterns only run on non-empty values.
  { code: '*', title: '非空', source: '^[\\s\\S]+$', message: '该项不能为空' },
  { code: 'money', title: '金额', source: '^(0|[1-9]\\d*)(\\.\\d{1,2})?$', message: '请输入正确的金额' },
];

export const FORMAT_RULES: readonly FormatRule[] = [...NAMED, ...GRID];

const byCode = new Map(FORMAT_RULES.map((rule) => [rule.code, rule]));

/** The pattern code that means "required" rather than a format. */
export const REQUIRED_PATTERN_CODE = '*';
/** The online form's pattern code for a unique value (a duplicate check, not a regular expression). */
export const UNIQUE_PATTERN_CODE = 'only';

export function findFormat(code: string): FormatRule | undefined {
  return byCode.get(code);
}

const compiled = new Map<string, RegExp>();

/** A pattern source compiled once; throws a SyntaxError for an invalid custom expression. */
export function compilePattern(source: string): RegExp {
  let regex = compiled.get(source);
  if (!regex) {
    regex = new RegExp(source, 'u');
    compiled.set(source, regex);
  }
  return regex;
}

/** Whether a custom pattern (anything that is not a code) is a valid regular expression. */
export function isValidPattern(source: string): boolean {
  try {
    compilePattern(source);
    return true;
  } catch {
    return false;
  }
}

/** Resolves a declaration's `pattern`: a built-in code, or a custom expression with its own message. */
export function resolvePattern(pattern: string, customMessage?: string): FormatRule {
  const rule = findFormat(pattern);
  if (rule) return customMessage ? { ...rule, message: customMessage } : rule;
  return { code: 'regex', title: pattern, source: pattern, message: customMessage ?? '格式不正确' };
}

/** Empty values are the required rule's business: a pattern never fails on them. */
export function isEmptyValue(value: unknown): boolean {
  return (
    value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)
  );
}

/** Checks one value against a pattern (code or expression); returns the message, or null when it passes. */
export function checkPattern(pattern: string, value: unknown, customMessage?: string): string | null {
  if (isEmptyValue(value)) return null;
  const rule = resolvePattern(pattern, customMessage);
  return compilePattern(rule.source).test(String(value)) ? null : rule.message;
}

/** Messages of the length, range and selection-count rules. */
export const RuleMessages = {
  required: (title: string) => `请输入${title}!`,
  /** A required field that is picked, not typed (declaration/widget-of.ts says which). */
  choose: (title: string) => `请选择${title}!`,
  minLength: (n: number) => `最小长度${n}位字符`,
  maxLength: (n: number) => `最大长度${n}位字符`,
  /** '排序值不可以大于255' for a field titled 排序值 with max 255. */
  maximum: (title: string, n: number) => `${title}不可以大于${n}`,
  minimum: (title: string, n: number) => `${title}不可以小于${n}`,
  minItems: (n: number) => `最少选择${n}项`,
  maxItems: (n: number) => `最多选择${n}项`,
  integer: (title: string) => `${title}必须是整数`,
  number: (title: string) => `${title}必须是数字`,
  date: (title: string) => `${title}格式不正确，应为YYYY-MM-DD`,
  datetime: (title: string) => `${title}格式不正确，应为YYYY-MM-DD HH:mm:ss`,
  time: (title: string) => `${title}格式不正确，应为HH:mm:ss`,
  switch: (title: string) => `${title}只能是Y或N`,
  text: (title: string) => `${title}必须是文本`,
  fileNone: '未上传任何文件',
} as const;

/** Fills the grid's message placeholders: ${title}, ${key}, ${defaultValue}. */
export function fillMessage(
  template: string,
  values: { title?: string; key?: string; defaultValue?: unknown },
): string {
  return template.replace(/\$\{(title|key|defaultValue)\}/g, (_, name: 'title' | 'key' | 'defaultValue') => {
    const v = values[name];
    return v === undefined || v === null ? '' : String(v);
  });
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;

/** A real calendar date written YYYY-MM-DD (2023-02-30 is refused). */
export function isDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

export function isTime(value: string): boolean {
  return TIME.test(value);
}

/** 'YYYY-MM-DD HH:mm:ss' (the contract's date-time format). */
export function isDateTime(value: string): boolean {
  return value.length === 19 && value[10] === ' ' && isDate(value.slice(0, 10)) && isTime(value.slice(11));
}
