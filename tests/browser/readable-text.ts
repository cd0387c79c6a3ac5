/**
 * Issue 33 item 6: what people read names people by their real name and records by their title or
 * number - never a record's 32-hex id (whole, or cut short with …) nor a seeded user's account name.
 * One in-page pass over a region's table cells (or its text), cheap enough for the every-list walk
 * (lists-defaults-check.ts) to run on each screen it already opens.
 */
import type { Page } from 'playwright-core';
import { USERS } from '../../server/db/seed/organisation';

/** Account names of the seed that differ from what people are called (admin is 管理员). */
export const ACCOUNT_NAMES: readonly string[] = [
  'admin',
  ...USERS.filter((u) => u.username !== u.realname).map((u) => u.username),
];

/**
 * Columns meant to show the account itself, by screen and column title, each with its reason.
 * Everything else that shows an account name or an id is a finding.
 */
export const ACCOUNT_COLUMNS: readonly { screen: RegExp; column: string; reason: string }[] = [
  {
    screen: /^用户管理$/,
    column: '用户账号',
    reason: 'the account one signs in with is what this screen manages',
  },
  {
    screen: /^在线用户$/,
    column: '用户账号',
    reason: 'the account each session signed in with, beside its 用户姓名 (whom 强退 signs out)',
  },
  {
    screen: /^角色管理$/,
    column: '角色编码',
    reason: 'a role’s code (the admin role is coded admin), not a person',
  },
  {
    screen: /^登录日志$/,
    column: '用户账号',
    reason: 'the account typed at sign-in, failed attempts with unknown accounts included',
  },
  {
    screen: /^登录日志$/,
    column: '日志内容',
    reason: 'the sign-in record as written: 用户名: <account>,登录成功！',
  },
];

/** Title, column and the text found: 通知公告 · 创建人: "admin". */
export interface Finding {
  column: string;
  text: string;
}

/**
 * The table cells (or, without a table, the text blocks) under `scope` that show a record id or an
 * account name, answered as `screen · column: "text"`; the allow-listed columns are skipped.
 */
export async function unreadableCells(page: Page, screen: string, scope: string): Promise<string[]> {
  const allowed = ACCOUNT_COLUMNS.filter((a) => a.screen.test(screen)).map((a) => a.column);
  const found = await page.evaluate(
    ({ scope, accounts, allowed }) => {
      const ID = /\b[0-9a-f]{32}\b|\b[0-9a-f]{8,31}…/;
      const names = new Set(accounts);
      const bad = (text: string) =>
        ID.test(text) || text.split(/[\s,，、;；:：()（）【】[\]「」“”"'/]+/).some((word) => names.has(word));
      const out: { column: string; text: string }[] = [];
      for (const root of document.querySelectorAll<HTMLElement>(scope)) {
        const tables = root.querySelectorAll<HTMLTableElement>('table');
        if (tables.length === 0) {
          const text = root.innerText.trim();
          if (bad(text)) out.push({ column: '', text: text.slice(0, 200) });
          continue;
        }
        // A list with a fixed header renders its head and body as two tables: the root's first head.
        const heads = [...root.querySelectorAll<HTMLElement>('thead tr:first-child th')].map((th) =>
          th.innerText.trim(),
        );
        for (const table of tables) {
          for (const row of table.querySelectorAll<HTMLTableRowElement>('tbody tr')) {
            [...row.cells].forEach((cell, i) => {
              const column = heads[i] ?? '';
              if (allowed.includes(column)) return;
              const text = cell.innerText.trim();
              if (text && bad(text)) out.push({ column, text: text.slice(0, 120) });
            });
          }
        }
      }
      return out;
    },
    { scope, accounts: [...ACCOUNT_NAMES], allowed },
  );
  return found.map((f) => `${screen}${f.column ? ` · ${f.column}` : ''}: "${f.text}"`);
}
