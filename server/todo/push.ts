/**
 * Live to-do lists: after a change commits, the people whose 待办 / 已办 may differ get
 * `{cmd: 'todo'}` on their socket and their workbench reloads. Every module that gives people work
 * tells them through this one call; a failed publish is for the caller to log.
 */
import { sql } from 'kysely';
import type { EventBus } from '../bus/index.js';
import type { Db } from '../db/database.js';

export async function publishTodo(db: Db, bus: EventBus, usernames: Iterable<string>): Promise<void> {
  const names = [...new Set([...usernames].filter((u) => u !== ''))];
  if (names.length === 0) return;
  const users = await sql<{ id: string }>`select id from sys_user
    where username in (${sql.join(names)}) and del_flag = 0`.execute(db);
  if (users.rows.length > 0)
    await bus.publish({
      to: 'users',
      userIds: users.rows.map((u) => u.id),
      message: { cmd: 'todo', msgId: '', msgTxt: '' },
    });
}
