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

  it('reads the tables a report may read in the same round trip, before the settings change the role', () => {
    const script = openingScript({
      settings: [['role', 'zj_report']],
      tablesStatement: 'select table_name as name from sys_report_table',
      errorOf: noError,
    });
    expect(script).toBe(
      "begin transaction read only; select table_name as name from sys_report_table; select set_config('role', 'zj_report', true)",
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
