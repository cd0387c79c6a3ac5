/**
 * The build check: every declaration under schemas/ (the meta-schema aside) is valid on its own and
 * together with the others. A broken file fails here with its file, JSON path and rule.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CURRENT_SCHEMA_VERSION } from '../../runtime/model/declaration/migrations.js';
import { formatIssue } from '../../runtime/model/declaration/types.js';
import { entityNameOf } from '../../runtime/render/declarations.js';
import { loadDeclarations, type DeclarationSource } from '../../runtime/model/declaration/validate.js';

function declarationFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'meta' ? [] : declarationFiles(full);
    return entry.name.endsWith('.json') ? [full] : [];
  });
}

const files = declarationFiles('schemas');
const sources: DeclarationSource[] = files.map((file) => ({
  file,
  json: JSON.parse(fs.readFileSync(file, 'utf8')),
}));

describe('declarations under schemas/', () => {
  it('there is at least the customer declaration', () => {
    expect(files).toContain(path.join('schemas', 'system', 'customer.json'));
  });

  it('all are valid, alone and together', () => {
    const result = loadDeclarations(sources);
    expect(result.issues.map(formatIssue)).toEqual([]);
    expect(result.value?.length).toBe(files.length);
  });

  it('all are written in the current schema version (migrations are for files from elsewhere)', () => {
    for (const source of sources)
      expect((source.json as { schemaVersion: number }).schemaVersion, source.file).toBe(
        CURRENT_SCHEMA_VERSION,
      );
  });

  it('name each entity after its file (dict-item.json is dictItem), so declared/<either> finds it', () => {
    for (const source of sources)
      expect((source.json as { name: string }).name, source.file).toBe(
        entityNameOf(path.basename(source.file, '.json')),
      );
  });
});
