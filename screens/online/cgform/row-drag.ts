/**
 * Reordering a table's rows by drag (the field table): native HTML drag and drop from a handle in
 * the row onto another row; the row under the pointer is `over` (marked as the drop place).
 */
import { useRef, useState, type DragEvent } from 'react';

export function useRowDrag(move: (from: number, to: number) => void) {
  const dragging = useRef<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const end = () => {
    dragging.current = null;
    setOver(null);
  };
  return {
    over,
    /** Props of row `index`'s drag handle. */
    handle: (index: number) => ({
      draggable: true,
      'aria-label': `第${index + 1}行拖动`,
      title: '拖动排序',
      onDragStart: (e: DragEvent<HTMLElement>) => {
        dragging.current = index;
        e.dataTransfer.effectAllowed = 'move';
        e.dataTransfer.setData('text/plain', String(index));
        const row = e.currentTarget.closest('tr');
        if (row) e.dataTransfer.setDragImage(row, 16, 16);
      },
      onDragEnd: end,
    }),
    /** Props of row `index` as a drop place. */
    row: (index: number) => ({
      onDragOver: (e: DragEvent<HTMLElement>) => {
        if (dragging.current === null) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'move';
        setOver(index);
      },
      onDrop: (e: DragEvent<HTMLElement>) => {
        const from = dragging.current;
        end();
        if (from === null) return;
        e.preventDefault();
        move(from, index);
      },
    }),
  };
}
