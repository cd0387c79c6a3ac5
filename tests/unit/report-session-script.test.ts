import { describe, expect, it } from 'vitest';
import { openingScript } from '../../server/report/session.js';

const noError = () => undefined;

describe('a report session opens with one script', () => {
  it('begins a read-only transaction and makes each setting local to it', () => {
    const script = openingScript({
      settings: [
        ['statement_timeout', '30000'],
        ['zj.tenant_id', '1002'],
      ],
      errorOf: noError,
    });
    expect(script).toBe(
      "begin transaction read only; select set_config('statement_timeout', '30000', true), set_config('zj.tenant_id', '1002', true)",
    );
  });

  it('refuses a name or value that is not plain text: the script cannot bind values', () => {
    for (const [name, value] of [
      ['statement_timeout', "1'; drop table sys_user; --"],
      ["role', 'postgres", '1'],
      ['search_path', 'rpt, public'],
    ] as const)
      expect(() => openingScript({ settings: [[name, value]], errorOf: noError })).toThrow(
        /not a plain session setting/,
      );
  });
});
