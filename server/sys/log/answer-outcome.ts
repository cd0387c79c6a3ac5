/**
 * The result of a request as its answer states it: `success`, `code` and `message` of the Result
 * envelope. Read from the serialized payload in onSend, where it already exists as text: the
 * envelope starts with exactly these keys (server/result.ts), so a look at the first characters
 * is enough and no answer is parsed twice. Anything else (a file, a stream) has no outcome.
 */

export interface AnswerOutcome {
  success: boolean | null;
  code: number | null;
  message: string | null;
}

export const NO_OUTCOME: AnswerOutcome = { success: null, code: null, message: null };

const HEAD = /^\{"success":(true|false),"message":("(?:[^"\\]|\\.)*"),"code":(-?\d+)/;
const HEAD_CHARS = 4096;
/** An answer up to this size whose head is unusual (a long message) is parsed whole. */
const PARSE_CHARS = 65_536;

function fromObject(value: unknown): AnswerOutcome {
  if (!value || typeof value !== 'object') return NO_OUTCOME;
  const v = value as { success?: unknown; code?: unknown; message?: unknown };
  return {
    success: typeof v.success === 'boolean' ? v.success : null,
    code: typeof v.code === 'number' ? v.code : null,
    message: typeof v.message === 'string' ? v.message : null,
  };
}

export function answerOutcome(payload: unknown): AnswerOutcome {
  if (typeof payload !== 'string') return NO_OUTCOME;
  const head = HEAD.exec(payload.slice(0, HEAD_CHARS));
  if (head) {
    return { success: head[1] === 'true', message: JSON.parse(head[2]) as string, code: Number(head[3]) };
  }
  if (payload.length > PARSE_CHARS || !payload.startsWith('{')) return NO_OUTCOME;
  try {
    return fromObject(JSON.parse(payload));
  } catch {
    return NO_OUTCOME;
  }
}
