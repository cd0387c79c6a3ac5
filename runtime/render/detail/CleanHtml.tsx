/** Rich text or markdown shown read-only, through the same cleaner as the editors (DOMPurify). */
import { renderMarkdown } from '../widgets/MarkdownWidget';
import { sanitizeHtml } from '../widgets/sanitize';

export default function CleanHtml({
  source,
  markdown,
}: {
  source: string;
  markdown: boolean;
}): React.JSX.Element {
  const html = markdown ? renderMarkdown(source) : sanitizeHtml(source);
  return <div className="zj-rich-text" dangerouslySetInnerHTML={{ __html: html }} />;
}
