/**
 * 抄送人 of a user task (`zh:ccUsers`, docs/modules/workflow.md "Slice 5c") as the designer edits
 * it: chosen people, roles and positions, and the starter-relative choices; written as the comma
 * list of rules the server validates (server/workflow/cc-rules.ts). Unknown entries are kept.
 */
export interface CcChoice {
  users: string[];
  roles: string[];
  positions: string[];
  /** `starter`, `deptManager`, `generalManager`, and any other entry kept as written (e.g. field:x). */
  others: string[];
}

export const CC_OTHER_OPTIONS: readonly { value: string; label: string }[] = [
  { value: 'starter', label: '发起人本人' },
  { value: 'deptManager', label: '发起人的部门经理' },
  { value: 'generalManager', label: '总经理' },
];

const PREFIXES = [
  ['user:', 'users'],
  ['role:', 'roles'],
  ['position:', 'positions'],
] as const;

export function parseCc(value: string | undefined): CcChoice {
  const choice: CcChoice = { users: [], roles: [], positions: [], others: [] };
  for (const entry of (value ?? '').split(',').map((e) => e.trim())) {
    if (!entry) continue;
    const found = PREFIXES.find(([prefix]) => entry.startsWith(prefix));
    if (found) choice[found[1]].push(entry.slice(found[0].length));
    else choice.others.push(entry);
  }
  return choice;
}

/** The attribute value ('' when nobody is chosen: the attribute is removed). */
export function formatCc(choice: CcChoice): string {
  const entries = [
    ...choice.users.map((u) => `user:${u}`),
    ...choice.roles.map((r) => `role:${r}`),
    ...choice.positions.map((p) => `position:${p}`),
    ...choice.others,
  ];
  return [...new Set(entries)].join(',');
}
