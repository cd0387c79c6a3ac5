/**
 * A strict parser of the Prometheus text exposition format (version 0.0.4), for the /metrics test:
 * every line must be a HELP, a TYPE, a comment or a sample of the family declared above it (with
 * the suffixes its type allows), label values are unescaped, and histograms are checked for
 * cumulative buckets ending in +Inf = _count. Anything else throws, naming the line.
 */

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Family {
  name: string;
  help: string;
  type: 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';
  samples: Sample[];
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})?\s+(\S+)(\s+-?\d+)?$/;
const LABEL = /^([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"(,|$)/;

function parseLabels(text: string, line: number): Record<string, string> {
  const labels: Record<string, string> = {};
  let rest = text;
  while (rest.length > 0) {
    const m = LABEL.exec(rest);
    if (!m) throw new Error(`line ${line}: bad labels {${text}}`);
    if (m[1] in labels) throw new Error(`line ${line}: label ${m[1]} twice`);
    labels[m[1]] = m[2].replace(/\\(.)/g, (_s, c: string) => (c === 'n' ? '\n' : c));
    rest = rest.slice(m[0].length);
  }
  return labels;
}

function parseValue(text: string, line: number): number {
  // Prometheus reads values with Go's ParseFloat: Inf and NaN in any case (prom-client writes Nan).
  if (/^\+?inf$/i.test(text)) return Infinity;
  if (/^-inf$/i.test(text)) return -Infinity;
  if (/^nan$/i.test(text)) return NaN;
  const n = Number(text);
  if (text === '' || Number.isNaN(n)) throw new Error(`line ${line}: bad value ${text}`);
  return n;
}

const SUFFIXES: Record<Family['type'], string[]> = {
  counter: [''],
  gauge: [''],
  untyped: [''],
  histogram: ['_bucket', '_sum', '_count'],
  summary: ['', '_sum', '_count'],
};

function checkHistogram(family: Family): void {
  const series = new Map<string, { buckets: [number, number][]; count?: number }>();
  for (const s of family.samples) {
    const { le, ...rest } = s.labels;
    const key = JSON.stringify(Object.entries(rest).sort());
    const entry = series.get(key) ?? { buckets: [] };
    series.set(key, entry);
    if (s.name.endsWith('_bucket')) entry.buckets.push([parseValue(le, 0), s.value]);
    if (s.name.endsWith('_count')) entry.count = s.value;
  }
  for (const [key, { buckets, count }] of series) {
    for (let i = 1; i < buckets.length; i += 1)
      if (buckets[i][0] <= buckets[i - 1][0] || buckets[i][1] < buckets[i - 1][1])
        throw new Error(`${family.name}${key}: buckets not cumulative`);
    const last = buckets.at(-1);
    if (!last || last[0] !== Infinity || last[1] !== count)
      throw new Error(`${family.name}${key}: +Inf bucket must equal _count`);
  }
}

export function parsePrometheusText(text: string): Map<string, Family> {
  const families = new Map<string, Family>();
  let current: Family | null = null;
  text.split('\n').forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === '') return;
    const meta = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(raw);
    if (meta) {
      const [, kind, name, rest] = meta;
      if (!NAME.test(name)) throw new Error(`line ${line}: bad name ${name}`);
      if (!current || current.name !== name) {
        if (families.has(name)) throw new Error(`line ${line}: family ${name} declared twice`);
        current = { name, help: '', type: 'untyped', samples: [] };
        families.set(name, current);
      }
      if (kind === 'HELP') current.help = rest;
      else if (['counter', 'gauge', 'histogram', 'summary', 'untyped'].includes(rest))
        current.type = rest as Family['type'];
      else throw new Error(`line ${line}: bad type ${rest}`);
      return;
    }
    if (raw.startsWith('#')) return;
    const m = SAMPLE.exec(raw);
    if (!m) throw new Error(`line ${line}: not a sample: ${raw}`);
    const [, name, , labelText = '', value] = m;
    const family: Family | null = current;
    if (!family || !SUFFIXES[family.type].some((suffix) => `${family.name}${suffix}` === name))
      throw new Error(`line ${line}: sample ${name} outside its family`);
    family.samples.push({ name, labels: parseLabels(labelText, line), value: parseValue(value, line) });
  });
  for (const family of families.values()) if (family.type === 'histogram') checkHistogram(family);
  return families;
}
