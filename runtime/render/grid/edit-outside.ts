/**
 * Spec 000 section 4: an edit ends on a mouse-up outside the table, its pickers and its popups. The
 * pickers and popups live in portals under <body> (antd's dropdowns, modals, messages, the grid's
 * text-area popup), so "inside" is the table or any of those layers.
 */
const INSIDE = [
  '.ant-select-dropdown',
  '.ant-picker-dropdown',
  '.ant-cascader-dropdown',
  '.ant-tree-select-dropdown',
  '.ant-modal-root',
  '.ant-modal-wrap',
  '.ant-popover',
  '.ant-message',
  '.ant-image-preview-root',
  '.zj-grid-popup',
].join(',');

export function isInsideGrid(target: EventTarget | null, table: HTMLElement | null): boolean {
  if (!(target instanceof Element)) return false;
  if (table?.contains(target)) return true;
  return target.closest(INSIDE) !== null;
}

/** Calls `end` on every mouse-up outside; answers the listener's removal. */
export function onMouseUpOutside(table: () => HTMLElement | null, end: () => void): () => void {
  const listener = (event: MouseEvent) => {
    if (!isInsideGrid(event.target, table())) end();
  };
  document.addEventListener('mouseup', listener, true);
  return () => document.removeEventListener('mouseup', listener, true);
}
