/**
 * 富文本: a contenteditable editor with a small toolbar (bold, italic, underline, lists, font size
 * 8-36 px, clear), 300 px high. Every change is sanitised before it leaves the widget, and pasted
 * HTML is sanitised before it enters the editor. Loaded only by forms that use it.
 */
import {
  BoldOutlined,
  ClearOutlined,
  ItalicOutlined,
  OrderedListOutlined,
  UnderlineOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { Button, Select, Space, Tooltip } from 'antd';
import { useEffect, useRef } from 'react';
import type { WidgetProps } from '../types';
import { isBlankHtml, sanitizeHtml } from './sanitize';

export const RICH_TEXT_HEIGHT = 300;
export const FONT_SIZES = [8, 10, 12, 14, 16, 18, 20, 24, 28, 32, 36];

type Command = 'bold' | 'italic' | 'underline' | 'insertOrderedList' | 'insertUnorderedList' | 'removeFormat';

const TOOLS: { command: Command; title: string; icon: React.ReactNode }[] = [
  { command: 'bold', title: '加粗', icon: <BoldOutlined /> },
  { command: 'italic', title: '斜体', icon: <ItalicOutlined /> },
  { command: 'underline', title: '下划线', icon: <UnderlineOutlined /> },
  { command: 'insertOrderedList', title: '有序列表', icon: <OrderedListOutlined /> },
  { command: 'insertUnorderedList', title: '无序列表', icon: <UnorderedListOutlined /> },
  { command: 'removeFormat', title: '清除格式', icon: <ClearOutlined /> },
];

function textOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export default function RichTextWidget(props: WidgetProps): React.JSX.Element {
  const editor = useRef<HTMLDivElement>(null);
  // What the widget last emitted: the DOM is rewritten only when the value comes from outside,
  // so typing never loses the caret.
  const emitted = useRef<string | null>(null);
  const value = textOf(props.value);

  useEffect(() => {
    const node = editor.current;
    if (node && value !== emitted.current) {
      node.innerHTML = sanitizeHtml(value);
      emitted.current = value;
    }
  }, [value]);

  const emit = () => {
    const node = editor.current;
    if (!node) return;
    const html = sanitizeHtml(node.innerHTML);
    const next = isBlankHtml(html) ? '' : html;
    emitted.current = next;
    props.onChange?.(next);
  };

  const run = (command: Command) => {
    editor.current?.focus();
    document.execCommand(command);
    emit();
  };

  // execCommand only knows sizes 1-7: mark the selection with 7, then turn those marks into px.
  const fontSize = (px: number) => {
    const node = editor.current;
    if (!node) return;
    node.focus();
    document.execCommand('fontSize', false, '7');
    for (const font of node.querySelectorAll('font[size="7"]')) {
      const span = document.createElement('span');
      span.style.fontSize = `${px}px`;
      span.append(...font.childNodes);
      font.replaceWith(span);
    }
    emit();
  };

  return (
    <div className="zj-rich-text" style={{ border: '1px solid #d9d9d9', borderRadius: 6 }}>
      <Space size={2} wrap style={{ padding: 4, borderBottom: '1px solid #f0f0f0', width: '100%' }}>
        {TOOLS.map((tool) => (
          <Tooltip key={tool.command} title={tool.title}>
            <Button
              size="small"
              type="text"
              icon={tool.icon}
              aria-label={tool.title}
              disabled={props.disabled}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => run(tool.command)}
            />
          </Tooltip>
        ))}
        <Select<number>
          size="small"
          placeholder="字号"
          disabled={props.disabled}
          style={{ width: 80 }}
          options={FONT_SIZES.map((px) => ({ value: px, label: `${px}px` }))}
          onChange={fontSize}
          value={null}
        />
      </Space>
      <div
        id={props.id}
        ref={editor}
        role="textbox"
        aria-multiline="true"
        aria-label={props.field.title}
        contentEditable={!props.disabled}
        suppressContentEditableWarning
        onInput={emit}
        onBlur={emit}
        onPaste={(e) => {
          const html = e.clipboardData.getData('text/html');
          if (!html) return;
          e.preventDefault();
          document.execCommand('insertHTML', false, sanitizeHtml(html));
          emit();
        }}
        style={{ height: RICH_TEXT_HEIGHT, overflow: 'auto', padding: '8px 11px', outline: 'none' }}
      />
    </div>
  );
}
