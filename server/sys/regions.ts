/**
 * GET /sys/area/pcaa: the region table in the shape the region picker reads (the `pcaa` map of the
 * Vue client's area data): { '86': {provinceCode: name}, provinceCode: {cityCode: name}, ... }.
 * Built once; the table is static.
 */
import type { FastifyInstance } from 'fastify';
import type { Pcaa } from '../../runtime/model/contract/pickers.js';
import { ok } from '../result.js';
import { REGION_ROOT, REGIONS, type RegionEntry } from './regions-data.js';

export type { Pcaa };

export function buildPcaa(entries: readonly RegionEntry[] = REGIONS): Pcaa {
  const out: Pcaa = {};
  const walk = (parent: string, list: readonly RegionEntry[]) => {
    const level: Record<string, string> = {};
    for (const [code, name, children] of list) {
      level[code] = name;
      if (children?.length) walk(code, children);
    }
    out[parent] = level;
  };
  walk(REGION_ROOT, entries);
  return out;
}

export function registerRegionRoutes(app: FastifyInstance): void {
  const pcaa = buildPcaa();
  app.get('/sys/area/pcaa', { config: { access: 'authenticated' } }, async () => ok(pcaa));
}
