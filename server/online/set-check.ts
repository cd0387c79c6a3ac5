/**
 * Validates several designed declarations as one change (docs/modules/online-forms.md, "Several
 * forms in one save"): a parent and the new child it names, or a child whose `uniqueInParent`
 * needs the parent that lists it, are checked next to each other, so neither has to be saved first.
 * Each is validated exactly like a single save (`checkDesigned`: the designer's own rules, the
 * language, the checks across every file and every other designed declaration), with the other
 * members of the set in place of their stored versions. Each member answers its own problems.
 */
import {
  checkDesigned,
  designedSource,
  type DesignedCheck,
} from '../../runtime/model/declaration/registry.js';
import {
  loadDeclaration,
  loadDeclarations,
  type LoadedDeclaration,
} from '../../runtime/model/declaration/validate.js';
import type { DeclarationIssue } from '../../runtime/model/declaration/types.js';

export interface SetMember {
  json: unknown;
  /** The stored name when an existing declaration is edited; null for a new one. */
  previousName: string | null;
}

function nameOf(member: SetMember): string {
  const json = member.json;
  const name =
    json && typeof json === 'object' && !Array.isArray(json) ? (json as { name?: unknown }).name : undefined;
  return typeof name === 'string' ? name : (member.previousName ?? 'new');
}

const key = (issue: DeclarationIssue) => `${issue.path}\u0000${issue.message}`;

/**
 * One check per member, in order. `designed` are the stored designed declarations; those the set
 * edits (by previous name) are left out, the set's members take their place. A new member whose
 * name is taken is the caller's to refuse (OnlineRegistry.checkSet).
 */
export function checkDesignedSet(
  files: readonly LoadedDeclaration[],
  designed: readonly LoadedDeclaration[],
  members: readonly SetMember[],
): DesignedCheck[] {
  const replaced = new Set(members.flatMap((m) => (m.previousName ? [m.previousName] : [])));
  const others = designed.filter((d) => !replaced.has(d.declaration.name));
  const sources = members.map((m) => designedSource(nameOf(m)));
  // Each member on its own, to stand for it beside the others (one that fails alone is left out).
  const alone = members.map((m, i) => loadDeclaration({ file: sources[i], json: m.json }).value);
  // All together: which problem belongs to which member, beyond what each check can tell.
  const together = loadDeclarations([
    ...[...files, ...others].map((item) => ({ file: item.file, json: item.declaration })),
    ...members.map((m, i) => ({ file: sources[i], json: m.json })),
  ]).issues;
  const checks = members.map((member, i) => {
    const siblings = alone.filter((v, j): v is LoadedDeclaration => j !== i && v !== null);
    const own = checkDesigned(member.json, files, [...others, ...siblings], member.previousName);
    if (own.value) return own;
    const mine = together.filter((issue) => issue.file === sources[i]);
    if (mine.length > 0) return { value: null, issues: mine };
    // checkDesigned names another declaration's problem when this one has none of its own: a
    // sibling's is answered by the sibling, so only the rest stays here (the designer's own
    // rules, or a stored declaration this set would break).
    const theirs = new Set(together.filter((x) => sources.includes(x.file)).map(key));
    const rest = own.issues.filter((issue) => !theirs.has(key(issue)));
    return { value: null, issues: rest };
  });
  const anyIssue = checks.some((c) => c.issues.length > 0);
  // Never "refused" without a reason: fall back to each member's own answer.
  if (!anyIssue && checks.some((c) => !c.value))
    return members.map((m, i) =>
      checkDesigned(
        m.json,
        files,
        [...others, ...alone.filter((v, j): v is LoadedDeclaration => j !== i && v !== null)],
        m.previousName,
      ),
    );
  return checks;
}
