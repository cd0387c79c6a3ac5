// After a load run: is every acknowledged write in the database exactly once?
import pg from 'pg';
import type { Attempt } from './recorder.js';

export interface StoredContact {
  name: string;
  post: string;
}

export interface WriteCheck {
  acknowledgedAdds: number;
  acknowledgedEdits: number;
  /** Acknowledged adds with no row, and names whose post is not what the last acknowledged edit set. */
  lost: string[];
  /** Names stored more than once. */
  duplicated: string[];
  /** Rows of the run that no add asked for. */
  unexpected: string[];
}

/**
 * A write that failed (no answer, a 502) may or may not have been applied: the server can commit and
 * die before it answers. So an unacknowledged add may be there once or not at all, and after the last
 * acknowledged edit of a contact only the edits tried later may have replaced its value.
 */
export function checkWrites(writes: readonly Attempt[], stored: readonly StoredContact[]): WriteCheck {
  const rows = new Map<string, StoredContact[]>();
  for (const row of stored) rows.set(row.name, [...(rows.get(row.name) ?? []), row]);
  const added = new Set(writes.filter((w) => w.kind === 'add').map((w) => w.name));
  const lost: string[] = [];
  for (const write of writes) {
    if (write.kind === 'add' && write.acknowledged && !rows.has(write.name)) lost.push(write.name);
  }
  const editsByName = new Map<string, Attempt[]>();
  for (const write of writes) {
    if (write.kind === 'edit') editsByName.set(write.name, [...(editsByName.get(write.name) ?? []), write]);
  }
  for (const [name, edits] of editsByName) {
    const last = edits.map((e) => e.acknowledged).lastIndexOf(true);
    const possible = new Set(edits.slice(Math.max(0, last)).map((e) => e.value));
    if (last < 0) possible.add('');
    const post = rows.get(name)?.[0]?.post ?? '';
    if (!possible.has(post)) lost.push(`${name} (post ${post || '∅'})`);
  }
  return {
    acknowledgedAdds: writes.filter((w) => w.kind === 'add' && w.acknowledged).length,
    acknowledgedEdits: writes.filter((w) => w.kind === 'edit' && w.acknowledged).length,
    lost,
    duplicated: [...rows].filter(([, list]) => list.length > 1).map(([name]) => name),
    unexpected: [...rows.keys()].filter((name) => !added.has(name)),
  };
}

/** The run's contacts, read straight from PostgreSQL. */
export async function contactsInDatabase(databaseUrl: string, marker: string): Promise<StoredContact[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const res = await client.query<StoredContact>(
      `select name, coalesce(post, '') as post from sys_mail_list where company = $1`,
      [marker],
    );
    return res.rows;
  } finally {
    await client.end();
  }
}

/** The run's contacts through the API (the embedded database lives inside the server process). */
export async function contactsThroughApi(
  baseUrl: string,
  headers: Record<string, string>,
  marker: string,
): Promise<StoredContact[]> {
  const found: StoredContact[] = [];
  for (let page = 1; ; page++) {
    const query = new URLSearchParams({ company: marker, pageNo: String(page), pageSize: '1000' });
    const res = await fetch(`${baseUrl}/api/sys/mailList/list?${query}`, { headers });
    const body = (await res.json()) as {
      result: { records: { name: string; post: string | null }[]; total: number };
    };
    found.push(...body.result.records.map((r) => ({ name: r.name, post: r.post ?? '' })));
    if (found.length >= body.result.total || body.result.records.length === 0) return found;
  }
}
