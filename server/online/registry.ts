/**
 * The server's one registry of declarations (docs/modules/online-forms.md): the files loaded at
 * start plus the designed declarations of the database, merged so that files win. Every instance
 * keeps its own copy and reloads it when the bus says a declaration changed (or the poll sees a
 * new fingerprint); listeners (the runtime dispatcher) then rebuild what they derived from it.
 */
import { createHash } from 'node:crypto';
import type { Db } from '../db/database.js';
import {
  checkDesigned,
  designedSource,
  mergeRegistry,
  type DesignedCheck,
} from '../../runtime/model/declaration/registry.js';
import { loadDeclaration, type LoadedDeclaration } from '../../runtime/model/declaration/validate.js';
import { formatIssue } from '../../runtime/model/declaration/types.js';
import { serverIssues } from '../entity/load.js';
import { platformRefusal, subjectOf } from '../entity/table-rule.js';
import { ok } from '../result.js';
import { OnlineMessages } from './messages.js';
import { checkDesignedSet, type SetMember } from './set-check.js';
import { currentDeclarations, fingerprint } from './store.js';

/** What GET /online/cgform/api/declaration/:name answers, serialised once per version. */
export interface ServedDeclaration {
  etag: string;
  body: string;
}

export interface DesignedEntry {
  id: string;
  version: number;
  loaded: LoadedDeclaration;
}

export type RegistryListener = (designed: readonly LoadedDeclaration[]) => Promise<void>;

export class OnlineRegistry {
  private designed = new Map<string, DesignedEntry>();
  /** Never a real fingerprint: the first load always runs. */
  private print = '\u0000';
  private served = new Map<string, ServedDeclaration>();
  private readonly listeners: RegistryListener[] = [];
  private reloading: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    readonly files: readonly LoadedDeclaration[],
    private readonly warn: (message: string) => void,
  ) {}

  onChange(listener: RegistryListener): void {
    this.listeners.push(listener);
  }

  /** The designed declarations no file shadows. */
  designedLoaded(): LoadedDeclaration[] {
    return mergeRegistry(
      this.files,
      [...this.designed.values()].map((d) => d.loaded),
    ).all.filter((item) => item.file.startsWith('database:'));
  }

  designedEntry(name: string): DesignedEntry | undefined {
    return this.designed.get(name);
  }

  /** Validates a designed declaration against every file and every other designed one. */
  check(json: unknown, previousName: string | null): DesignedCheck {
    const others = [...this.designed.values()]
      .map((d) => d.loaded)
      .filter((item) => item.declaration.name !== previousName);
    const name = json && typeof json === 'object' ? (json as { name?: unknown }).name : undefined;
    if (previousName === null && typeof name === 'string' && this.designed.has(name))
      return {
        value: null,
        issues: [{ file: designedSource(name), path: '/name', message: OnlineMessages.nameTaken(name) }],
      };
    const result = checkDesigned(json, this.files, others, previousName);
    if (!result.value) return result;
    const server = serverIssues([result.value]);
    return server.length > 0 ? { value: null, issues: server } : result;
  }

  /**
   * Validates several designed declarations as one change (a parent and its new child): each is
   * checked like `check`, next to the others of the set instead of their stored versions.
   */
  checkSet(members: readonly SetMember[]): DesignedCheck[] {
    const designed = [...this.designed.values()].map((d) => d.loaded);
    return checkDesignedSet(this.files, designed, members).map((result, i) => {
      const { previousName, json } = members[i];
      const name = json && typeof json === 'object' ? (json as { name?: unknown }).name : undefined;
      if (previousName === null && typeof name === 'string' && this.designed.has(name))
        return {
          value: null,
          issues: [{ file: designedSource(name), path: '/name', message: OnlineMessages.nameTaken(name) }],
        };
      if (!result.value) return result;
      const server = serverIssues([result.value]);
      return server.length > 0 ? { value: null, issues: server } : result;
    });
  }

  /** Reloads the designed declarations when the database has others than this copy (serialised). */
  reload(): Promise<void> {
    this.reloading = this.reloading
      .then(() => this.load())
      .catch((error: unknown) => {
        this.warn(`online form registry reload failed: ${String(error)}`);
      });
    return this.reloading;
  }

  private async load(): Promise<void> {
    const print = await fingerprint(this.db);
    if (print === this.print) return;
    const next = new Map<string, DesignedEntry>();
    for (const row of await currentDeclarations(this.db)) {
      const result = loadDeclaration({ file: designedSource(row.name), json: JSON.parse(row.declaration) });
      // Saved by a server before issue 31 over a platform table (wf_task ...): never served again.
      const platform = result.value && platformRefusal(subjectOf(result.value));
      if (platform)
        this.warn(`designed declaration "${row.name}" skipped: table "${platform.table}" is the platform's`);
      else if (result.value) next.set(row.name, { id: row.id, version: row.version, loaded: result.value });
      else this.warn(`designed declaration skipped: ${result.issues.map(formatIssue).join('; ')}`);
    }
    const merged = mergeRegistry(
      this.files,
      [...next.values()].map((d) => d.loaded),
    );
    for (const name of merged.shadowed) this.warn(`designed declaration "${name}" is shadowed by a file`);
    // Routes first: a screen is served only once its routes answer on this instance.
    const designed = merged.all.filter((item) => item.file.startsWith('database:'));
    for (const listener of this.listeners) await listener(designed);
    this.designed = next;
    this.print = print;
    this.served.clear();
  }

  /** The normalised declaration of a screen by name, with its ETag; null for an unknown name. */
  serve(name: string): ServedDeclaration | null {
    const cached = this.served.get(name);
    if (cached) return cached;
    const file = this.files.find((f) => f.declaration.name === name);
    const entry = file ? null : this.designed.get(name);
    const declaration = file?.declaration ?? entry?.loaded.declaration;
    if (!declaration) return null;
    const version = entry
      ? String(entry.version)
      : createHash('sha1').update(JSON.stringify(declaration)).digest('hex').slice(0, 12);
    const answer = { name, version, source: entry ? 'database' : 'file', declaration };
    const served = { etag: `"${name}@${version}"`, body: JSON.stringify(ok(answer)) };
    this.served.set(name, served);
    return served;
  }
}
