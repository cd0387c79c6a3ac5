import { describe, expect, it } from 'vitest';
import { loadDeclarationFiles } from '../../server/entity/load.js';
import { PANEL_TYPES } from '../../src/router/panel-types.js';

describe('declared panels', () => {
  it('every panel a declaration opens is registered by name in the shell', () => {
    const named = loadDeclarationFiles().flatMap((item) =>
      item.model.actions.flatMap((action) => (action.panel ? [action.panel.component] : [])),
    );
    expect(named.length).toBeGreaterThan(10);
    const registered = new Set<string>(PANEL_TYPES);
    expect(named.filter((name) => !registered.has(name))).toEqual([]);
  });
});
