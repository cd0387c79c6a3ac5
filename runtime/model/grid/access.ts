/**
 * Grid permissions (spec 000 section 6): with a permission prefix (a colon is appended when
 * missing), the codes under it that the system registers as active (status '1') and the user does
 * not hold are "lacking". A lacking `<prefix><column key>` removes the column (type '1') or disables
 * it (type '2'); the toolbar's 新增 and 删除 show only when `<prefix>add` / `<prefix>batch_delete`
 * are not lacking. Without a prefix nothing is gated.
 */

export interface GridAuthRule {
  action: string;
  type?: string;
  status?: string;
}

export type ColumnAccess = 'edit' | 'disabled' | 'removed';

export function gridAuthPrefix(prefix: string | undefined): string {
  if (!prefix) return '';
  return prefix.endsWith(':') ? prefix : `${prefix}:`;
}

export class GridAccess {
  private readonly lacking = new Map<string, GridAuthRule>();
  private readonly prefix: string;

  constructor(prefix: string | undefined, held: readonly string[], all: readonly GridAuthRule[]) {
    this.prefix = gridAuthPrefix(prefix);
    if (!this.prefix) return;
    const holds = new Set(held);
    for (const rule of all) {
      if (rule.status === '1' && rule.action.startsWith(this.prefix) && !holds.has(rule.action))
        this.lacking.set(rule.action, rule);
    }
  }

  column(key: string): ColumnAccess {
    const rule = this.prefix ? this.lacking.get(`${this.prefix}${key}`) : undefined;
    if (!rule) return 'edit';
    return rule.type === '2' ? 'disabled' : 'removed';
  }

  get canAdd(): boolean {
    return !this.lacking.has(`${this.prefix}add`);
  }

  get canBatchDelete(): boolean {
    return !this.lacking.has(`${this.prefix}batch_delete`);
  }
}
