/** Field states back to expression text: the inverse of parse.ts for every mode. */
import { FIELD_KEYS, FIELD_SPECS, type CronFieldKey } from './fields';
import type { CronState, FieldState } from './state';

export function formatField(key: CronFieldKey, state: FieldState): string {
  switch (state.mode) {
    case 'none':
      return key === 'year' ? '' : '?';
    case 'every':
      return '*';
    case 'range':
      return `${state.rangeStart}-${state.rangeEnd}`;
    case 'loop':
      return `${state.loopStart}/${state.loopInterval}`;
    case 'workday':
      return `${state.workday}W`;
    case 'last':
      return key === 'week' ? `${state.lastDay}L` : 'L';
    case 'nth':
      return `${state.nthDay}#${state.nthWeek}`;
    case 'specified': {
      const list = [...new Set(state.specified)].sort((a, b) => a - b);
      return list.length ? list.join(',') : String(FIELD_SPECS[key].value.min);
    }
  }
}

/** The whole expression; a year that is not set leaves the six-field form. */
export function formatCron(state: CronState): string {
  return FIELD_KEYS.map((key) => formatField(key, state[key]))
    .filter((text) => text !== '')
    .join(' ');
}
