/**
 * The popup sub-table (spec section 4): a row's expand button (or the handle's openSubTable) opens
 * `props.subTable(row)` in a popup under the row when more than 350 px is free beneath the click,
 * else above it. The row's element is looked for now and 3 more times 100 ms apart (a virtual grid
 * may not have drawn it yet); then 打开子表失败.
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { GRID_SUBTABLE_MIN_SPACE, GridTexts } from '../../model/grid/constants';
import { findAnchor, subTablePlacement, type SubTablePlacement } from '../../model/grid/sub-table';
import type { FeedbackPort } from '../feedback';

interface Opened {
  key: string;
  values: Readonly<Record<string, unknown>>;
  placement: SubTablePlacement;
}

export interface SubTableControl {
  /** Opens (or, for the open row, closes) the row's sub-table; `clickY` defaults to the row's middle. */
  open(key: string, clickY?: number): Promise<boolean>;
  close(): void;
  view: ReactNode;
}

export function useSubTable(
  render: ((row: Readonly<Record<string, unknown>>) => ReactNode) | undefined,
  anchorOf: (key: string) => HTMLElement | null,
  valuesOf: (key: string) => Readonly<Record<string, unknown>> | undefined,
  feedback: FeedbackPort,
): SubTableControl {
  const [opened, setOpened] = useState<Opened | null>(null);
  const current = useRef<string | null>(null);
  const close = useCallback(() => {
    current.current = null;
    setOpened(null);
  }, []);
  const open = async (key: string, clickY?: number): Promise<boolean> => {
    if (current.current === key) {
      close();
      return true;
    }
    const anchor = await findAnchor(() => anchorOf(key));
    const values = valuesOf(key);
    if (!anchor || !values) {
      feedback.message('error', GridTexts.subTableFailed);
      return false;
    }
    const box = anchor.getBoundingClientRect();
    const y = clickY ?? (box.top + box.bottom) / 2;
    current.current = key;
    setOpened({ key, values, placement: subTablePlacement(box, y, window.innerHeight) });
    return true;
  };
  useEffect(() => {
    if (!opened) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [opened, close]);
  const { placement } = opened ?? {};
  const view =
    opened && placement && render
      ? createPortal(
          <div
            className={`zj-grid-popup zj-grid-subtable zj-grid-subtable-${placement.side}`}
            role="dialog"
            aria-label={GridTexts.expand}
            data-row-key={opened.key}
            style={{
              left: placement.left,
              width: placement.width,
              top: placement.top,
              bottom: placement.bottom,
              maxHeight: GRID_SUBTABLE_MIN_SPACE,
            }}
          >
            <button
              type="button"
              className="zj-grid-subtable-close"
              aria-label={GridTexts.close}
              onClick={close}
            >
              ×
            </button>
            {render(opened.values)}
          </div>,
          document.body,
        )
      : null;
  return { open, close, view };
}
