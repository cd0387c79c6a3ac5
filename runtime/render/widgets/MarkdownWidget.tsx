/**
 * markdown: source on the left, sanitised preview on the right, 300 px high (200 at least).
 * marked renders without eval; its HTML passes DOMPurify before it is shown. Loaded on demand.
 */
import { Col, Input, Row } from 'antd';
import { marked } from 'marked';
import { useMemo } from 'react';
import type { WidgetProps } from '../types';
import { sanitizeHtml } from './sanitize';

export const MARKDOWN_HEIGHT = 300;
export const MARKDOWN_MIN_HEIGHT = 200;

export function renderMarkdown(source: string): string {
  return sanitizeHtml(marked.parse(source, { async: false, gfm: true }));
}

export default function MarkdownWidget(props: WidgetProps): React.JSX.Element {
  const source = typeof props.value === 'string' ? props.value : '';
  const html = useMemo(() => renderMarkdown(source), [source]);
  const height = Math.max(MARKDOWN_MIN_HEIGHT, Number(props.field.widgetOptions?.height) || MARKDOWN_HEIGHT);
  return (
    <Row gutter={8} className="zj-markdown">
      <Col span={12}>
        <Input.TextArea
          id={props.id}
          value={source}
          onChange={(e) => props.onChange?.(e.target.value)}
          disabled={props.disabled}
          placeholder={props.placeholder ?? props.field.placeholder ?? `请输入${props.field.title}`}
          style={{ height, resize: 'none', fontFamily: 'monospace' }}
        />
      </Col>
      <Col span={12}>
        <div
          className="zj-markdown-preview"
          aria-label="预览"
          style={{
            height,
            overflow: 'auto',
            border: '1px solid #f0f0f0',
            borderRadius: 6,
            padding: '4px 11px',
          }}
          // Sanitised above: DOMPurify removed scripts, handlers and javascript: URLs.
          dangerouslySetInnerHTML={{ __html: html }}
        />
      </Col>
    </Row>
  );
}
