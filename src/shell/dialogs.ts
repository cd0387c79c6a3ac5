import { proxy } from 'valtio';
import type { CurrentDeparts } from './api';

/**
 * Which shell dialog is open. The dialogs themselves are lazy chunks (DialogHost), so none of their
 * code (forms, selects, timeline) is downloaded until one opens.
 */
export interface DialogsState {
  password: { expire: number | null } | null;
  depart: CurrentDeparts | null;
  versions: boolean;
  wechat: boolean;
  settings: boolean;
}

export const dialogs = proxy<DialogsState>({
  password: null,
  depart: null,
  versions: false,
  wechat: false,
  settings: false,
});
