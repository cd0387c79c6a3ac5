/**
 * 代码编辑器: a monospace text area, 240 px high, where Tab indents by 2 spaces. No light editor
 * that runs under a strict CSP without a worker or eval was worth its weight for a form field.
 * `widgetOptions.language` (css, javascript, html, java, objective-c, python, r, shell, sql, swift,
 * vue, markdown) is shown as a label.
 */
import { Input, Typography } from 'antd';
import type { WidgetProps } from '../types';

export const CODE_HEIGHT = 240;
export const CODE_TAB = '  ';

/** The text after Tab at a selection: the indent replaces the selection; the caret follows it. */
export function indentAt(text: string, start: number, end: number): { text: string; caret: number } {
  return { text: text.slice(0, start) + CODE_TAB + text.slice(end), caret: start + CODE_TAB.length };
}

export default function CodeWidget(props: WidgetProps): React.JSX.Element {
  const value = typeof props.value === 'string' ? props.value : '';
  const language = props.field.widgetOptions?.language;
  const height = Number(props.field.widgetOptions?.height) || CODE_HEIGHT;
  return (
    <div className="zj-code">
      {typeof language === 'string' && <Typography.Text type="secondary">{language}</Typography.Text>}
      <Input.TextArea
        id={props.id}
        value={value}
        spellCheck={false}
        disabled={props.disabled}
        onChange={(e) => props.onChange?.(e.target.value)}
        onKeyDown={(e) => {
          if (e.key !== 'Tab' || e.shiftKey) return;
          e.preventDefault();
          const area = e.currentTarget;
          const next = indentAt(value, area.selectionStart, area.selectionEnd);
          props.onChange?.(next.text);
          requestAnimationFrame(() => area.setSelectionRange(next.caret, next.caret));
        }}
        style={{ height, fontFamily: 'Menlo, Consolas, monospace', fontSize: 13, resize: 'vertical' }}
      />
    </div>
  );
}
