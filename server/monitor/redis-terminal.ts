/**
 * The Redis终端's rules: a command line split as redis-cli splits it, an allow-list of read-only
 * commands (everything else is refused before it reaches Redis), and replies written as redis-cli
 * writes them. Pure functions, so the rules are tested without a server.
 */

/** Read-only commands and how many arguments each takes at least (and at most, when bounded). */
const READ_COMMANDS: Readonly<Record<string, readonly [number, number?]>> = {
  PING: [0, 1],
  ECHO: [1, 1],
  INFO: [0],
  DBSIZE: [0, 0],
  TIME: [0, 0],
  LASTSAVE: [0, 0],
  EXISTS: [1],
  TYPE: [1, 1],
  TTL: [1, 1],
  PTTL: [1, 1],
  STRLEN: [1, 1],
  GET: [1, 1],
  MGET: [1],
  GETRANGE: [3, 3],
  KEYS: [1, 1],
  SCAN: [1],
  HGET: [2, 2],
  HMGET: [2],
  HGETALL: [1, 1],
  HKEYS: [1, 1],
  HVALS: [1, 1],
  HLEN: [1, 1],
  HEXISTS: [2, 2],
  HSCAN: [2],
  LLEN: [1, 1],
  LINDEX: [2, 2],
  LRANGE: [3, 3],
  SCARD: [1, 1],
  SISMEMBER: [2, 2],
  SMEMBERS: [1, 1],
  SSCAN: [2],
  ZCARD: [1, 1],
  ZCOUNT: [3, 3],
  ZSCORE: [2, 2],
  ZRANK: [2, 3],
  ZRANGE: [3],
  ZSCAN: [2],
  XLEN: [1, 1],
};

export const ALLOWED_COMMANDS: readonly string[] = Object.keys(READ_COMMANDS);

/** The most items of one reply, and of the whole text, shown. */
const MAX_ITEMS = 1000;
const MAX_TEXT = 64 * 1024;
const MAX_SCAN_COUNT = 1000;

export type ParsedCommand = { ok: true; name: string; args: string[] } | { ok: false; message: string };

/** Splits a line like redis-cli: blanks separate, "double" (with \ escapes) and 'single' quotes group. */
export function splitCommandLine(line: string): string[] | null {
  const out: string[] = [];
  let i = 0;
  while (i < line.length) {
    while (i < line.length && /\s/.test(line[i])) i += 1;
    if (i >= line.length) break;
    let word = '';
    while (i < line.length && !/\s/.test(line[i])) {
      const c = line[i];
      if (c === '"' || c === "'") {
        i += 1;
        while (i < line.length && line[i] !== c) {
          if (c === '"' && line[i] === '\\' && i + 1 < line.length) i += 1;
          word += line[i];
          i += 1;
        }
        if (i >= line.length) return null; // an unclosed quote
        i += 1;
      } else {
        word += c;
        i += 1;
      }
    }
    out.push(word);
  }
  return out;
}

export function parseCommand(line: string): ParsedCommand {
  const words = splitCommandLine(line.trim());
  if (words === null) return { ok: false, message: '命令有误：引号未闭合' };
  if (words.length === 0) return { ok: false, message: '请输入命令' };
  const name = words[0].toUpperCase();
  const args = words.slice(1);
  const arity = READ_COMMANDS[name];
  if (!arity)
    return {
      ok: false,
      message: `不允许执行命令 ${name.slice(0, 32)}：Redis终端只允许只读命令（${ALLOWED_COMMANDS.join('、')}）`,
    };
  const [min, max] = arity;
  if (args.length < min || (max !== undefined && args.length > max))
    return { ok: false, message: `命令 ${name} 的参数个数有误` };
  if (name === 'KEYS' && /^\**$/.test(args[0]))
    return { ok: false, message: 'KEYS 须带匹配模式（如 user:*），遍历全部键请用 SCAN' };
  const countAt = args.findIndex((a) => a.toUpperCase() === 'COUNT');
  if (name.endsWith('SCAN') && countAt >= 0 && Number(args[countAt + 1]) > MAX_SCAN_COUNT)
    return { ok: false, message: `SCAN 的 COUNT 不能超过 ${MAX_SCAN_COUNT}` };
  return { ok: true, name, args };
}

/** A reply as redis-cli shows it: (nil), (integer) n, "text", numbered nested lists. */
export function formatReply(reply: unknown, indent = ''): string {
  if (reply === null || reply === undefined) return '(nil)';
  if (typeof reply === 'number') return `(integer) ${reply}`;
  if (Buffer.isBuffer(reply)) return JSON.stringify(reply.toString('utf8'));
  if (typeof reply === 'string') return reply.includes('\n') ? reply : JSON.stringify(reply);
  if (Array.isArray(reply)) {
    if (reply.length === 0) return '(empty array)';
    const shown = reply.slice(0, MAX_ITEMS);
    const width = String(shown.length).length;
    const lines = shown.map((item, i) => {
      const label = `${String(i + 1).padStart(width)}) `;
      const inner = formatReply(item, indent + ' '.repeat(label.length));
      return `${i === 0 ? '' : indent}${label}${inner}`;
    });
    if (reply.length > MAX_ITEMS)
      lines.push(`${indent}……（共 ${reply.length} 项，仅显示前 ${MAX_ITEMS} 项）`);
    return lines.join('\n');
  }
  return JSON.stringify(reply);
}

export function capText(text: string): string {
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}\n……（输出过长，已截断）` : text;
}

export interface InfoSection {
  name: string;
  items: { key: string; value: string }[];
}

/** INFO's text ('# Server' headings, key:value lines) as sections. */
export function parseInfo(text: string): InfoSection[] {
  const sections: InfoSection[] = [];
  let current: InfoSection | null = null;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '') continue;
    if (line.startsWith('#')) {
      current = { name: line.slice(1).trim(), items: [] };
      sections.push(current);
      continue;
    }
    const colon = line.indexOf(':');
    if (colon < 0 || !current) continue;
    current.items.push({ key: line.slice(0, colon), value: line.slice(colon + 1) });
  }
  return sections;
}
