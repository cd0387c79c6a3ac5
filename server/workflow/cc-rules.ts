/**
 * `zh:ccUsers` of a user task (docs/modules/workflow.md, "Slice 5c"): who gets a copy when the node
 * is approved, as assignee rules joined by commas — `user:<username>`, `role:<code>`,
 * `position:<code>`, `field:<name>`, `starter`, `deptManager`, `generalManager` (no `users:`: list
 * each person as `user:`). Read at deploy; a bad entry refuses the model.
 */
export const CC_MAX_RULES = 50;

const CC_RULE =
  /^(starter|deptManager|generalManager|user:[A-Za-z0-9_.@-]{1,100}|(role|position):[A-Za-z0-9_-]{1,100}|field:[A-Za-z][A-Za-z0-9_]{0,63})$/;

/**
 * The rules of a `zh:ccUsers` value (distinct, in order); undefined when absent, or when refused:
 * then the problem is added to `problems`, after `where` (the element's label).
 */
export function readCcRules(spec: string, where: string, problems: string[]): string[] | undefined {
  if (!spec) return undefined;
  const parts = spec.split(',').map((p) => p.trim());
  const bad = parts.find((p) => !CC_RULE.test(p));
  const rules = [...new Set(parts)];
  if (bad !== undefined) problems.push(`${where}：抄送规则无效（${bad || spec}）`);
  else if (rules.length > CC_MAX_RULES) problems.push(`${where}：抄送规则不能超过${CC_MAX_RULES}条`);
  else return rules;
  return undefined;
}
