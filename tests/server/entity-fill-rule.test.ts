/**
 * A declared field with `fillRule` is numbered by the server on add when left empty: the rule's
 * format, distinct numbers for concurrent adds, a sent value kept, and the field optional on add
 * only (on edit it is required like any other).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEntityContext, type EntityTestContext, type Page } from './entity-helpers.js';

let ctx: EntityTestContext;
beforeAll(async () => {
  ctx = await createEntityContext({ fixtures: true });
});
afterAll(async () => {
  await ctx?.close();
});

interface Ticket {
  id: string;
  ticketNo: string;
  title: string;
}

async function ticketByTitle(title: string): Promise<Ticket> {
  const page = await ctx.get<Page<Ticket>>(`/demo/ticket/list?pageSize=100`);
  const found = page.result!.records.find((r) => r.title === title);
  if (!found) throw new Error(`no ticket ${title}`);
  return found;
}

const seq = (no: string) => Number(no.split('-')[1]);

describe('fillRule on add', () => {
  it('numbers an empty field with the rule (WO + date + sequence), one number per add', async () => {
    const first = await ctx.send('POST', '/demo/ticket/add', { title: '甲' });
    expect(first.success, first.message).toBe(true);
    const a = await ticketByTitle('甲');
    expect(a.ticketNo).toMatch(/^WO\d{8}-\d{4}$/);
    await ctx.send('POST', '/demo/ticket/add', { title: '乙', ticketNo: '' });
    const b = await ticketByTitle('乙');
    expect(seq(b.ticketNo)).toBe(seq(a.ticketNo) + 1);
  });

  it('gives concurrent adds distinct numbers', async () => {
    const titles = Array.from({ length: 8 }, (_, i) => `并发${i}`);
    const answers = await Promise.all(titles.map((title) => ctx.send('POST', '/demo/ticket/add', { title })));
    expect(answers.every((r) => r.success)).toBe(true);
    const numbers = await Promise.all(titles.map(async (t) => (await ticketByTitle(t)).ticketNo));
    expect(new Set(numbers).size).toBe(titles.length);
  });

  it('keeps a number the user typed, and a refused add takes no number', async () => {
    await ctx.send('POST', '/demo/ticket/add', { title: '手填', ticketNo: 'MANUAL-1' });
    expect((await ticketByTitle('手填')).ticketNo).toBe('MANUAL-1');
    await ctx.send('POST', '/demo/ticket/add', { title: '前' });
    const refused = await ctx.send('POST', '/demo/ticket/add', {});
    expect(refused.success).toBe(false);
    expect(refused.message).toContain('标题');
    await ctx.send('POST', '/demo/ticket/add', { title: '后' });
    expect(seq((await ticketByTitle('后')).ticketNo)).toBe(seq((await ticketByTitle('前')).ticketNo) + 1);
  });

  it('requires the number on edit like any required field', async () => {
    const row = await ticketByTitle('甲');
    const answer = await ctx.send('PUT', '/demo/ticket/edit', { id: row.id, ticketNo: '', title: '甲' });
    expect(answer.success).toBe(false);
    expect(answer.message).toContain('单据编号');
  });
});
