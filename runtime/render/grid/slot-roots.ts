/**
 * React roots of slot cells. Tabulator redraws a cell by calling its formatter again, so each cell
 * (row key + column) keeps one root: a redraw unmounts the previous one, and the grid unmounts them
 * all when it is destroyed. Slot content renders in a root of its own: it does not see the page's
 * React context (wrap what it needs in the slot function).
 */
import type { ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';

export class SlotRoots {
  private readonly roots = new Map<string, Root>();

  render(id: string, host: HTMLElement, node: ReactNode): void {
    const before = this.roots.get(id);
    // Unmounting during a render warns; the old root goes on the next tick.
    if (before) queueMicrotask(() => before.unmount());
    const root = createRoot(host);
    root.render(node);
    this.roots.set(id, root);
  }

  clear(): void {
    const all = [...this.roots.values()];
    this.roots.clear();
    queueMicrotask(() => all.forEach((r) => r.unmount()));
  }
}
