/**
 * The list contract (react-admin's response-format check): GET {base}/list answers
 * {records, total, size, current, pages}. A server or mock that drifts from it would make the table
 * silently show nothing, so in development the adapter checks every list answer and fails loudly.
 */
export interface Page<T = Record<string, unknown>> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

/** Problems of a list answer's result; empty when it has the contract shape. */
export function listContractProblems(result: unknown): string[] {
  if (typeof result !== 'object' || result === null) return ['result must be an object'];
  const page = result as Record<string, unknown>;
  const problems: string[] = [];
  if (!Array.isArray(page.records)) problems.push('result.records must be an array');
  else if (page.records.some((r) => typeof r !== 'object' || r === null))
    problems.push('result.records must hold objects');
  for (const key of ['total', 'size', 'current', 'pages'] as const) {
    if (typeof page[key] !== 'number') problems.push(`result.${key} must be a number`);
  }
  return problems;
}

export class ContractError extends Error {}

export function assertListContract(url: string, result: unknown): asserts result is Page {
  const problems = listContractProblems(result);
  if (problems.length > 0) throw new ContractError(`GET ${url}: ${problems.join('; ')}`);
}
