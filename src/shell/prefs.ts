import { proxy, subscribe } from 'valtio';
import { localStore } from '../session/storage';
import { PREF_KEYS, readPrefs, type LayoutPrefs } from './prefs-model';

/**
 * The layout preferences, restored at start-up. Small on purpose: the entry imports it (the theme
 * colour and colour-weak mode apply to the sign-in page too), the drawer that edits it loads later.
 */
export const prefs = proxy<LayoutPrefs>(readPrefs((key) => localStore.get(key)));

/** Changes one preference and stores it at once (no expiry: a preference outlives the session). */
export function setPref<K extends keyof LayoutPrefs>(key: K, value: LayoutPrefs[K]): void {
  prefs[key] = value;
  localStore.set(PREF_KEYS[key], value);
}

/** Mirrors the page-wide preferences onto <html>: the colour-weak filter and the primary colour variable. */
export function bindDocumentPrefs(root: HTMLElement = document.documentElement): () => void {
  const apply = () => {
    root.classList.toggle('color-weak', prefs.colorWeak);
    root.style.setProperty('--app-primary', prefs.primaryColor);
  };
  apply();
  return subscribe(prefs, apply);
}
