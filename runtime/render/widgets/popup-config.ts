/** The popup picker's configuration (`widgetOptions`) and its checks, worded as the spec has them. */
import type { Row } from '../data/adapter';

export const PopupText = {
  notConfigured: 'popup参数未正确配置!',
  countMismatch: 'popup参数未正确配置,原始值和目标值数量不一致!',
  pickOne: '请选择一条记录',
} as const;

export interface PopupConfig {
  /** The declared entity whose list is offered (when no report is named). */
  code: string;
  /** An online report (by code) whose rows are offered: JeecgBoot's popup of a report. */
  report?: string;
  /** Columns of the picked row... */
  orgFields: string[];
  /** ...written to these form fields, pairwise. */
  destFields: string[];
  multi: boolean;
}

function list(raw: unknown): string[] {
  return typeof raw === 'string'
    ? raw
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== '')
    : [];
}

export type PopupCheck = { ok: true; config: PopupConfig } | { ok: false; message: string };

export function popupConfig(options: Record<string, unknown> | undefined): PopupCheck {
  const code = typeof options?.code === 'string' ? options.code.trim() : '';
  const report = typeof options?.report === 'string' ? options.report.trim() : '';
  const orgFields = list(options?.orgFields);
  const destFields = list(options?.destFields);
  if ((!code && !report) || orgFields.length === 0 || destFields.length === 0)
    return { ok: false, message: PopupText.notConfigured };
  if (orgFields.length !== destFields.length) return { ok: false, message: PopupText.countMismatch };
  const multi = options?.multi === true;
  return { ok: true, config: { code, orgFields, destFields, multi, ...(report ? { report } : {}) } };
}

/** Single mode needs exactly one row, multi at least one. */
export function selectionProblem(count: number, multi: boolean): string | null {
  return count === 0 || (!multi && count > 1) ? PopupText.pickOne : null;
}

/** The values the chosen rows give each destination field (several rows join with commas). */
export function popupValues(config: PopupConfig, rows: readonly Row[]): Record<string, string> {
  const out: Record<string, string> = {};
  config.destFields.forEach((dest, i) => {
    const org = config.orgFields[i];
    out[dest] = rows.map((r) => (r[org] === null || r[org] === undefined ? '' : String(r[org]))).join(',');
  });
  return out;
}
