/**
 * Compiles a to-do statement once per shape and binds only the values afterwards (issue 13: building
 * and compiling the sources' union with Kysely was a visible part of the route's own time).
 *
 * A shape (state, kind, which filters are set) is built twice with two sets of sentinel values and
 * compiled both times. The two texts must be equal; each parameter must then be either the same in
 * both (a constant), exactly a slot's sentinel (the slot's value), or a string that is a slot-sentinel
 * template (`%,<username>,%`) reproducing the other build's parameter. Anything else - a source that
 * transforms a value in another way - leaves that shape uncached, so the statement is compiled per
 * request as before and answers exactly the same.
 */
import { CompiledQuery, type RawBuilder } from 'kysely';
import type { Db } from '../db/database.js';

/** The per-request values a to-do statement binds. */
export type Slots = Record<string, string | number>;

type Bind = (slots: Slots) => unknown;

interface Template {
  /** Null: the shape has no statement (no source has items in that state): no rows. */
  sql: string | null;
  binds: Bind[];
}

const STRING_MARK = '\u0001';

/** Two sentinel sets of the slots' shape: strings `\u0001a:name\u0001`, numbers distinct negatives. */
function sentinels(slots: Slots, round: 'a' | 'b'): Slots {
  const out: Slots = {};
  let n = round === 'a' ? -7_300_001 : -7_400_001;
  for (const [name, value] of Object.entries(slots)) {
    out[name] = typeof value === 'number' ? n-- : `${STRING_MARK}${round}:${name}${STRING_MARK}`;
  }
  return out;
}

/** The slot a number parameter stands for, if it is exactly one of a round's number sentinels. */
function numberSlot(value: unknown, marks: Slots): string | undefined {
  return Object.keys(marks).find((name) => typeof marks[name] === 'number' && marks[name] === value);
}

/** A string parameter as a function of the string slots, if it is built from them by substitution. */
function stringBind(a: string, b: string, marksA: Slots, marksB: Slots): Bind | undefined {
  const names = Object.keys(marksA).filter((name) => typeof marksA[name] === 'string');
  const pattern = new RegExp(names.map((name) => escape(String(marksA[name]))).join('|'), 'g');
  const bySentinel = new Map(names.map((name) => [String(marksA[name]), name]));
  const pieces: (string | { slot: string })[] = [];
  let last = 0;
  for (const match of a.matchAll(pattern)) {
    pieces.push(a.slice(last, match.index), { slot: bySentinel.get(match[0])! });
    last = match.index + match[0].length;
  }
  pieces.push(a.slice(last));
  const fill = (slots: Slots) =>
    pieces.map((p) => (typeof p === 'string' ? p : String(slots[p.slot]))).join('');
  // The same template with the other round's sentinels must give that round's parameter.
  if (fill(marksB) !== b) return undefined;
  return fill;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function sameConstant(a: unknown, b: unknown): boolean {
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  return a === b || (a === null && b === null);
}

type Build<R> = (slots: Slots) => RawBuilder<R> | null;

function templateOf(db: Db, build: Build<unknown>, shape: Slots): Template | null {
  const marksA = sentinels(shape, 'a');
  const marksB = sentinels(shape, 'b');
  const builtA = build(marksA);
  const builtB = build(marksB);
  if (!builtA || !builtB) return builtA || builtB ? null : { sql: null, binds: [] };
  const a = builtA.compile(db);
  const b = builtB.compile(db);
  if (a.sql !== b.sql || a.parameters.length !== b.parameters.length) return null;
  const binds: Bind[] = [];
  for (const [i, pa] of a.parameters.entries()) {
    const pb = b.parameters[i];
    const slot = numberSlot(pa, marksA);
    if (slot !== undefined && numberSlot(pb, marksB) === slot) binds.push((slots) => slots[slot]);
    else if (typeof pa === 'string' && typeof pb === 'string' && pa !== pb) {
      const bind = stringBind(pa, pb, marksA, marksB);
      if (!bind) return null;
      binds.push(bind);
    } else if (sameConstant(pa, pb) && !(typeof pa === 'string' && pa.includes(STRING_MARK)))
      binds.push(() => pa);
    else return null;
  }
  return { sql: a.sql, binds };
}

/** Statements by shape key; null marks a shape that cannot be cached. */
export class CompiledStatements {
  private readonly templates = new Map<string, Template | null>();

  /**
   * Runs the statement `build` makes from `slots`, compiled once for `shape`. `build` must make the
   * same statement text for every value of the slots (values only ever bound, never in the text).
   */
  async rows<R>(db: Db, shape: string, slots: Slots, build: Build<R>): Promise<R[]> {
    let template = this.templates.get(shape);
    if (template === undefined) {
      template = templateOf(db, build, slots);
      this.templates.set(shape, template);
    }
    if (template === null) {
      const statement = build(slots);
      return statement ? (await statement.execute(db)).rows : [];
    }
    if (template.sql === null) return [];
    const query = CompiledQuery.raw(
      template.sql,
      template.binds.map((bind) => bind(slots)),
    );
    return (await db.executeQuery<R>(query)).rows;
  }

  /** The number of shapes compiled (for tests). */
  get size(): number {
    return [...this.templates.values()].filter((t) => t !== null).length;
  }
}
