import { describe, expect, it } from 'vitest';
import { PassMemo } from '../../server/report/pass-memo.js';

describe('report verdict memo', () => {
  it('skips a check that passed within the time, and runs it again after', async () => {
    let now = 0;
    const memo = new PassMemo(60_000, () => now);
    let runs = 0;
    const check = async () => {
      runs += 1;
    };
    await memo.unlessPassed('a', check);
    await memo.unlessPassed('a', check);
    expect(runs).toBe(1);
    now = 60_000;
    await memo.unlessPassed('a', check);
    expect(runs).toBe(2);
  });

  it('never remembers a refusal: the next call checks again', async () => {
    const memo = new PassMemo(60_000);
    let runs = 0;
    const refuse = async () => {
      runs += 1;
      throw new Error('refused');
    };
    await expect(memo.unlessPassed('b', refuse)).rejects.toThrow('refused');
    await expect(memo.unlessPassed('b', refuse)).rejects.toThrow('refused');
    expect(runs).toBe(2);
  });
});
