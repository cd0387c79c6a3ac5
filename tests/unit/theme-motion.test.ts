import { afterEach, describe, expect, it, vi } from 'vitest';
import { appConfig, prefersReducedMotion } from '../../src/theme';

function systemAsks(reduce: boolean): void {
  vi.stubGlobal('window', {
    matchMedia: (query: string) => ({ matches: reduce && query === '(prefers-reduced-motion: reduce)' }),
  });
}

describe('the reduced-motion setting of the system', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('turns antd motion off when the system asks for less motion', () => {
    systemAsks(true);
    expect(prefersReducedMotion()).toBe(true);
    expect(appConfig('#1a74f2').theme?.token?.motion).toBe(false);
  });

  it('keeps the animations otherwise, and where there is no window (server rendering, tests)', () => {
    systemAsks(false);
    expect(appConfig().theme?.token?.motion).toBe(true);
    vi.unstubAllGlobals();
    expect(prefersReducedMotion()).toBe(false);
    expect(appConfig().theme?.token?.motion).toBe(true);
  });
});
