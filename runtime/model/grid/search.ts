/**
 * Searchable select cells (spec 000 sections 3, 5 and 7): with inline or dictionary options the
 * search filters them locally; with `widgetOptions.async` it asks the dictionary's loadDict endpoint,
 * 300 ms after the last keystroke, and an empty keyword answers nothing without a request.
 */
import type { GridOption } from './columns.js';
import { GRID_SEARCH_DEBOUNCE_MS } from './constants.js';

/** Local search: the options whose text or value contains the keyword (all for an empty one). */
export function filterOptions(options: readonly GridOption[], keyword: string): GridOption[] {
  const word = keyword.trim().toLowerCase();
  if (!word) return [...options];
  return options.filter((o) => o.text.toLowerCase().includes(word) || o.value.toLowerCase().includes(word));
}

export type SearchLoad = (keyword: string) => Promise<GridOption[]>;

export interface DebouncedSearch {
  /** The options for a keyword; null when a later keystroke superseded this one. */
  search(keyword: string): Promise<GridOption[] | null>;
  cancel(): void;
}

export function debouncedSearch(load: SearchLoad, delayMs = GRID_SEARCH_DEBOUNCE_MS): DebouncedSearch {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let superseded: ((value: null) => void) | undefined;
  let generation = 0;
  const cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    superseded?.(null);
    superseded = undefined;
    generation += 1;
  };
  return {
    cancel,
    search(keyword) {
      cancel();
      const word = keyword.trim();
      if (!word) return Promise.resolve([]);
      const mine = generation;
      return new Promise((resolve) => {
        superseded = resolve;
        timer = setTimeout(() => {
          timer = undefined;
          superseded = undefined;
          load(word).then(
            (options) => resolve(mine === generation ? options : null),
            () => resolve(mine === generation ? [] : null),
          );
        }, delayMs);
      });
    },
  };
}
