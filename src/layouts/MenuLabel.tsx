import { Tooltip } from 'antd';
import { useState } from 'react';
import './menu-label.css';

/** Where the tooltip goes: right of the menu (past a submenu's arrow), level with the row. */
interface Cut {
  offsetX: number;
}

/** The title's text is cut when it is wider than its box; the tooltip then clears the menu's edge. */
function measure(label: HTMLElement): Cut | null {
  if (label.scrollWidth <= label.clientWidth) return null;
  const menu = label.closest('.ant-menu');
  const gap = menu ? menu.getBoundingClientRect().right - label.getBoundingClientRect().right : 0;
  return { offsetX: Math.max(0, gap) + 4 };
}

/**
 * A menu title that the 160px side menu may cut ("客户与通…"): hovering it shows the whole title in a
 * tooltip beside the menu, but only when the text is actually cut, so short titles get none.
 */
export function MenuLabel({ text }: { text: string }): React.JSX.Element {
  const [cut, setCut] = useState<Cut | null>(null);
  return (
    <Tooltip
      title={cut ? text : undefined}
      placement="right"
      align={cut ? { offset: [cut.offsetX, 0] } : undefined}
    >
      <span className="shell-menu-label" onMouseEnter={(event) => setCut(measure(event.currentTarget))}>
        {text}
      </span>
    </Tooltip>
  );
}
