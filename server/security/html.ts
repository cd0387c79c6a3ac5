import sanitizeHtml from 'sanitize-html';

/**
 * Announcement and reminder bodies are HTML from a rich-text editor. They are cleaned with a tight
 * allow-list when stored and again when sent, so a row written before a rule change (or by hand in
 * the database) still reaches the browser clean. Scripts, event handlers, `javascript:` and other
 * schemes, styles beyond a few text properties, frames, forms and SVG are all dropped.
 */
const SAFE_COLOUR = /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|[a-z]{3,20})$/i;
const SAFE_LENGTH = /^\d{1,4}(\.\d{1,2})?(px|em|rem|%|pt)?$/;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'span',
    'div',
    'b',
    'strong',
    'i',
    'em',
    'u',
    's',
    'strike',
    'del',
    'sub',
    'sup',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'ul',
    'ol',
    'li',
    'blockquote',
    'pre',
    'code',
    'hr',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
    'colgroup',
    'col',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
    col: ['span', 'width'],
    '*': ['style'],
  },
  allowedStyles: {
    '*': {
      color: [SAFE_COLOUR],
      'background-color': [SAFE_COLOUR],
      'text-align': [/^(left|right|center|justify)$/],
      'font-size': [SAFE_LENGTH],
      'font-weight': [/^(normal|bold|[1-9]00)$/],
      'font-style': [/^(normal|italic)$/],
      'text-decoration': [/^(none|underline|line-through)$/],
      'text-indent': [SAFE_LENGTH],
      'line-height': [SAFE_LENGTH],
      width: [SAFE_LENGTH],
      height: [SAFE_LENGTH],
    },
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  // The editor's 'local' upload mode embeds images as data URLs; an <img> never runs script.
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => {
      const out: Record<string, string> = { ...attribs };
      delete out.rel;
      // A new window must not get a handle on this one (reverse tabnabbing).
      if (out.target === '_blank') out.rel = 'noopener noreferrer';
      else delete out.target;
      return { tagName, attribs: out };
    },
  },
};

export function cleanHtml(html: string | null | undefined): string {
  if (!html) return '';
  return sanitizeHtml(html, OPTIONS);
}
