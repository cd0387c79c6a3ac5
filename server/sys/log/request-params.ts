/**
 * What an operation log row keeps of a request's parameters: the query (without the cache buster)
 * and the parsed body, as JSON, with every password-like value replaced and the whole cut to a
 * readable length. Uploads are not kept (multipart bodies are never parsed into request.body).
 */

export const REDACTED = '******';
/** Longest request_param kept; a longer one is cut and marked. */
export const MAX_PARAM_CHARS = 2000;
const MAX_DEPTH = 6;
/** Most items of one list, and most keys of one object, kept. */
const MAX_ITEMS = 50;

/**
 * Keys whose values are secrets: passwords in any spelling, tokens, keys, salts, captcha and SMS
 * codes. Matched anywhere in the key (oldpassword, confirmPassword, smscode, accessToken ...).
 */
const SECRET_KEY = /pass(word|wd)?|pwd|secret|token|credential|api_?key|private_?key|salt|captcha|smscode/i;

export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key);
}

/** A copy of `value` with secret-keyed values replaced; deep structures and long lists are cut. */
export function redact(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '…';
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_ITEMS).map((item) => redact(item, depth + 1));
    return value.length > MAX_ITEMS ? [...items, `…(${value.length})`] : items;
  }
  const out: Record<string, unknown> = {};
  let kept = 0;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (++kept > MAX_ITEMS) {
      out['…'] = '…';
      break;
    }
    const item = (value as Record<string, unknown>)[key];
    out[key] = isSecretKey(key) ? REDACTED : redact(item, depth + 1);
  }
  return out;
}

const SECRET_PAIR = new RegExp(`((?:${SECRET_KEY.source})[\\w-]*"?\\s*[=:]\\s*"?)[^"&,\\s}]*`, 'gi');

/** A text body: JSON when it parses (then redacted by key), else `key=value` pairs masked. */
function redactText(text: string): unknown {
  try {
    return redact(JSON.parse(text));
  } catch {
    return text.replace(SECRET_PAIR, `$1${REDACTED}`);
  }
}

function queryWithoutNoise(query: unknown): Record<string, unknown> {
  if (!query || typeof query !== 'object') return {};
  const { _t: _ignored, ...rest } = query as Record<string, unknown>;
  return rest;
}

/** The request's parameters as stored in sys_log.request_param (null when it had none). */
export function requestParams(query: unknown, body: unknown): string | null {
  const q = queryWithoutNoise(query);
  const hasQuery = Object.keys(q).length > 0;
  const hasBody = body !== undefined && body !== null && body !== '';
  if (!hasQuery && !hasBody) return null;
  const kept = hasQuery && hasBody ? { query: q, body } : hasBody ? body : q;
  let text: string;
  try {
    const safe = typeof kept === 'string' ? redactText(kept) : redact(kept);
    text = typeof safe === 'string' ? safe : JSON.stringify(safe);
  } catch {
    return null;
  }
  return text.length > MAX_PARAM_CHARS ? `${text.slice(0, MAX_PARAM_CHARS)}…` : text;
}
