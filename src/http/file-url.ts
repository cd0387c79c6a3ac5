import { STATIC_PREFIX } from '../config';

const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * The URL of a stored file value (spec section 7): a value with a scheme (http:, https:, data:, blob:)
 * is used as is; a stored path is joined to the static prefix with one slash. A comma list (several
 * uploads) shows its first file.
 */
export function fileUrl(value: string | null | undefined, prefix: string = STATIC_PREFIX): string {
  const raw = (value ?? '').trim();
  // A data: URL carries its own comma; it is one value, never a list.
  if (/^data:/i.test(raw)) return raw;
  const first = raw.split(',')[0].trim();
  if (!first) return '';
  if (HAS_SCHEME.test(first) || first.startsWith('//')) return first;
  return `${prefix.replace(/\/+$/, '')}/${first.replace(/^\/+/, '')}`;
}
