import { proxy } from 'valtio';
import { SESSION_TTL_MS } from '../config';
import { feedback } from '../feedback';
import { StorageKeys } from '../session/keys';
import { localStore } from '../session/storage';
import { addCachedRoute, dropCachedRoutes, openTab, type TabChange, type TabPage } from './tabs-model';

export interface TabsState {
  pages: TabPage[];
  activeKey: string;
  /** Bumped by 刷新: a new generation remounts the page. */
  generations: Record<string, number>;
  /** Component names of kept-alive pages (CACHE_INCLUDED_ROUTES). */
  cachedRoutes: string[];
}

/** The multipage tab bar. Not restored after a reload: the components it caches are gone by then. */
export const tabs = proxy<TabsState>({ pages: [], activeKey: '', generations: {}, cachedRoutes: [] });

function saveCachedRoutes(list: string[]): void {
  tabs.cachedRoutes = list;
  localStore.set(StorageKeys.cachedRoutes, list, SESSION_TTL_MS);
}

/** Called on every navigation inside the shell: opens (or updates) the page's tab and activates it. */
export function showTab(page: TabPage): void {
  tabs.pages = openTab(tabs.pages, page);
  tabs.activeKey = page.key;
  const cached = addCachedRoute(tabs.cachedRoutes, page);
  if (cached.length !== tabs.cachedRoutes.length) saveCachedRoutes(cached);
}

/**
 * Applies a close operation: shows its refusal, or drops the closed tabs and their cached components.
 * Returns the tab to navigate to when the active one was closed.
 */
export function applyTabChange(change: TabChange): TabPage | undefined {
  if (change.warning) {
    feedback().message.warning(change.warning);
    return undefined;
  }
  if (change.removed.length === 0) return undefined;
  tabs.pages = change.pages;
  for (const page of change.removed) delete tabs.generations[page.key];
  saveCachedRoutes(dropCachedRoutes(tabs.cachedRoutes, change.removed, change.pages));
  return change.activate;
}

/** Puts the workbench first without activating it (it is always there when the user has it). */
export function addHomeTab(page: TabPage): void {
  if (!tabs.pages.some((p) => p.key === page.key)) tabs.pages = openTab(tabs.pages, page);
}

export function refreshTab(key: string): void {
  tabs.generations[key] = (tabs.generations[key] ?? 0) + 1;
}

/** Forgets every tab (multipage switched off, or a new session). */
export function resetTabs(): void {
  tabs.pages = [];
  tabs.activeKey = '';
  tabs.generations = {};
  saveCachedRoutes([]);
}
