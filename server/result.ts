/**
 * The Result envelope of the API contract: every JSON answer is
 * {success, message, code, result, timestamp}. Business errors travel as HTTP 200 with success:false.
 */
export interface Result<T = unknown> {
  success: boolean;
  message: string;
  code: number;
  result: T | null;
  timestamp: number;
}

export const ResultCode = {
  OK: 200,
  ERROR: 500,
  NO_AUTH: 510,
  TOKEN_INVALID: 401,
  CAPTCHA_WRONG: 412,
  /** Handlers that report success without a code (upload, captcha image, sms). */
  BARE: 0,
} as const;

export function ok<T>(result: T, message = '操作成功！'): Result<T> {
  return { success: true, message, code: ResultCode.OK, result, timestamp: Date.now() };
}

/** `Result.OK("msg")`: the contract puts the string in both message and result. */
export function okMessage(message: string): Result<string> {
  return { success: true, message, code: ResultCode.OK, result: message, timestamp: Date.now() };
}

export function bare<T>(result: T | null, message = ''): Result<T> {
  return { success: true, message, code: ResultCode.BARE, result, timestamp: Date.now() };
}

export function fail(message: string, code: number = ResultCode.ERROR): Result<null> {
  return { success: false, message, code, result: null, timestamp: Date.now() };
}

/** An error a handler throws to answer with a Result; status is the HTTP status (200 for business errors). */
export class ApiError extends Error {
  constructor(
    message: string,
    public readonly code: number = ResultCode.ERROR,
    public readonly status: number = 200,
  ) {
    super(message);
  }
}
