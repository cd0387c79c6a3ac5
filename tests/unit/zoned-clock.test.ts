import { describe, expect, it } from 'vitest';
import { createJsonSerializer, zonedClock } from '../../server/http/dates.js';

/** What Intl itself writes: the formatter the clock's cache stands in for. */
const formats = new Map<string, Intl.DateTimeFormat>();
function intl(timeZone: string, d: Date): string {
  let f = formats.get(timeZone);
  if (f) return f.format(d);
  f = new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  formats.set(timeZone, f);
  return f.format(d);
}

// Zones with DST in either hemisphere, half- and quarter-hour offsets, a 30-minute DST shift, and
// historical local mean time (Shanghai before 1901).
const ZONES = [
  'Asia/Shanghai',
  'America/New_York',
  'Europe/London',
  'Australia/Lord_Howe',
  'Asia/Kathmandu',
  'America/St_Johns',
  'UTC',
];

describe('zoned clock', () => {
  it('writes what Intl writes, across a century and every DST change in it', () => {
    // A pseudo-random walk (fixed seed) plus the seconds around each DST change of 2026.
    let seed = 42;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const instants: Date[] = [];
    for (let i = 0; i < 3000; i++)
      instants.push(new Date(Date.UTC(1890, 0, 1) + next() * 220 * 365.25 * 86_400_000));
    for (const change of [
      '2026-03-08T07:00:00Z',
      '2026-11-01T06:00:00Z',
      '2026-03-29T01:00:00Z',
      '2026-04-04T15:00:00Z',
    ])
      for (let s = -3; s <= 3; s++) instants.push(new Date(Date.parse(change) + s * 1000 - 1));
    for (const zone of ZONES) {
      const clock = zonedClock(zone);
      for (const d of instants) {
        expect(clock.dateTime(d), `${zone} ${d.toISOString()}`).toBe(intl(zone, d));
        expect(clock.date(d)).toBe(intl(zone, d).slice(0, 10));
      }
    }
  });

  it("keeps Intl's refusal of an invalid date", () => {
    expect(() => zonedClock('Asia/Shanghai').dateTime(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe('the reply serializer', () => {
  const serialize = createJsonSerializer('Asia/Shanghai');
  const at = new Date('2026-11-27T01:02:03Z');

  it('writes every date of plain objects and arrays in the zone, at any depth, and nothing else', () => {
    const payload = {
      success: true,
      result: { records: [{ id: 'a', createTime: at, tags: [at, 'x', null] }], when: at },
      nothing: undefined,
    };
    expect(JSON.parse(serialize(payload))).toEqual({
      success: true,
      result: {
        records: [{ id: 'a', createTime: '2026-11-27 09:02:03', tags: ['2026-11-27 09:02:03', 'x', null] }],
        when: '2026-11-27 09:02:03',
      },
    });
  });

  it("leaves the caller's objects as they were (a cached answer is served again unchanged)", () => {
    const row = { id: 'a', createTime: at };
    const payload = { result: [row] };
    serialize(payload);
    expect(payload.result[0]).toBe(row);
    expect(row.createTime).toBe(at);
  });

  it('lets an object with its own toJSON answer for itself', () => {
    const custom = { toJSON: () => 'mine' };
    expect(serialize({ value: custom, list: [custom] })).toBe('{"value":"mine","list":["mine"]}');
  });
});
