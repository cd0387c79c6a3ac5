/**
 * HTML from editors and markdown goes through DOMPurify before it is stored or shown: scripts,
 * event-handler attributes, javascript: URLs, frames and forms are dropped. DOMPurify works on the
 * browser's inert parser; nothing here compiles code, so the CSP holds.
 */
import DOMPurify from 'dompurify';

const FORBID_TAGS = [
  'style',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'iframe',
  'frame',
  'object',
  'embed',
];

let hooked = false;

function installHooks(): void {
  if (hooked) return;
  hooked = true;
  // A link that opens elsewhere must not hand the opener to the page it opens.
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.getAttribute('target')) node.setAttribute('rel', 'noopener noreferrer');
  });
}

export function sanitizeHtml(html: string): string {
  installHooks();
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS, ALLOW_DATA_ATTR: false });
}

/** An editor that holds only empty markup ('<br>', '<p></p>') holds nothing. */
export function isBlankHtml(html: string): boolean {
  return !/<img\b/i.test(html) && html.replace(/<[^>]*>|&nbsp;|\s/g, '') === '';
}
