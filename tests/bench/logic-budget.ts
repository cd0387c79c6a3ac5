/**
 * What the rule budget (LOGIC_STEPS, runtime/model/declaration/logic-run.ts; issue 31) costs at its
 * limit: how long a rule that passes the load-time bounds runs before it stops with 规则计算超出限制,
 * for the shapes that do the most per step (two nested maps over 1,000 items, the per-item work the
 * bounds still allow; `in` searching a 2 MB text; `cat` doubling a text; an array of two 4 MB texts
 * coerced by `==`). The baseline is what the product declares: a weekly report's total over 5,000
 * items (about 30,000 steps), which finishes.
 */
import { runLogic } from '../../runtime/model/declaration/logic-run.js';
import { LogicLimitError } from '../../runtime/model/declaration/logic.js';
import { fmtMs, median, percentile, ratio, type BenchRow } from './stats.js';

const ROUNDS = 40;

interface Case {
  figure: string;
  rule: unknown;
  data: unknown;
}

function nestedItems(n: number) {
  const items: { n: number; inner: unknown[] }[] = [];
  for (let i = 0; i < n; i++) items.push({ n: 1, inner: items });
  return items;
}

/** A reduce over 900 constants that keeps its accumulator: the same read, up to 900 times. */
const repeat = (read: unknown, start: unknown) => ({
  reduce: [
    Array.from({ length: 900 }, () => 0),
    { if: [read, { var: 'accumulator' }, { var: 'accumulator' }] },
    start,
  ],
});

const CASES: Case[] = [
  {
    figure: 'two nested maps over 1,000 items (a million item rules without the budget)',
    rule: {
      reduce: [
        { map: [{ var: 'items' }, { map: [{ var: 'inner' }, { '+': [{ var: 'n' }, 1] }] }] },
        { '+': [{ var: 'accumulator' }, 1] },
        0,
      ],
    },
    data: { items: nestedItems(1000) },
  },
  {
    figure: '`in` searching 2 MB of a for "aab", again and again',
    rule: repeat({ in: ['aab', { var: 'accumulator' }] }, { var: 'text' }),
    data: { text: 'a'.repeat(2_000_000) },
  },
  {
    figure: '`in` searching 2 MB of a for 1,000 a, a b and 1,000 a (V8: 1.4 s a search)',
    rule: repeat(
      { in: [`${'a'.repeat(1000)}b${'a'.repeat(1000)}`, { var: 'accumulator' }] },
      { var: 'text' },
    ),
    data: { text: 'a'.repeat(2_000_000) },
  },
  {
    figure: '`cat` doubling a text',
    rule: { reduce: [{ var: 'xs' }, { cat: [{ var: 'accumulator' }, { var: 'accumulator' }] }, 'ab'] },
    data: { xs: Array.from({ length: 40 }, () => 0) },
  },
  {
    figure: '`==` coercing an array of two 4 MB texts, again and again',
    rule: repeat({ '==': [{ var: 'accumulator' }, 'y'] }, { var: 'texts' }),
    data: { texts: ['x'.repeat(4_000_000), 'x'.repeat(4_000_000)] },
  },
];

/**
 * Milliseconds of each run, wall clock and this process's CPU (what the run costs a core whatever
 * else the machine is doing); throws unless every run stopped at the budget (or, for the baseline,
 * finished).
 */
function timed(rule: unknown, data: unknown, mustStop: boolean): { wall: number[]; cpu: number[] } {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < ROUNDS + 3; i++) {
    const t = performance.now();
    const c = process.cpuUsage();
    let stopped = false;
    try {
      runLogic(rule, data);
    } catch (error) {
      if (!(error instanceof LogicLimitError)) throw error;
      stopped = true;
    }
    const spent = performance.now() - t;
    const used = process.cpuUsage(c);
    if (stopped !== mustStop) throw new Error(`expected the rule to ${mustStop ? 'stop' : 'finish'}`);
    if (i < 3) continue; // the first runs warm the evaluator's code paths
    wall.push(spent);
    cpu.push((used.user + used.system) / 1000);
  }
  return { wall, cpu };
}

const shown = (t: { wall: number[]; cpu: number[] }) =>
  `${fmtMs(median(t.wall))} (CPU ${fmtMs(median(t.cpu))})`;

export function benchLogicBudget(): BenchRow[] {
  const weekly = {
    reduce: [{ var: 'weeklyReportItem' }, { '+': [{ var: 'accumulator' }, { var: 'current.hours' }] }, 0],
  };
  const items = { weeklyReportItem: Array.from({ length: 5000 }, () => ({ hours: 2 })) };
  const base = timed(weekly, items, false);
  return CASES.map((c) => {
    const t = timed(c.rule, c.data, true);
    return {
      figure: `a rule stopped at LOGIC_STEPS: ${c.figure}, median of ${ROUNDS} (wall p95 ${fmtMs(percentile(t.wall, 95))})`,
      value: shown(t),
      baseline: `a weekly report's total over 5,000 items ${shown(base)}`,
      ratio: ratio(median(t.cpu), median(base.cpu)),
    };
  });
}
