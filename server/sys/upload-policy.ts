/**
 * What an upload may be and where it goes (security.md J23-J25). Pure functions, so the rules are
 * tested without a server:
 *  - `biz` is a folder name from a strict pattern, never a path the client builds;
 *  - the extension must be on the allow-list AND the bytes must look like that type (a lying
 *    extension or Content-Type is refused; the client's Content-Type is never read);
 *  - the stored name is generated here, so nothing the client sends reaches the file system.
 */
import { randomBytes } from 'node:crypto';

export const UploadMessages = {
  badBiz: '上传目录bizPath，格式非法！',
  noFile: '请选择要上传的文件',
  tooLarge: '文件大小超出10MB限制',
  badType: '不支持的文件类型',
  badContent: '文件内容与类型不符',
  failed: '上传失败！',
} as const;

export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** POST /sys/common/uploadFile (documents, drawings, recordings): streamed to disk, never held in memory. */
export const LARGE_UPLOAD_MAX_BYTES = 200 * 1024 * 1024;
export const LARGE_UPLOAD_TOO_LARGE = '文件大小超出200MB限制';
/** Markup that must never be inside an image (it could run where an image is opened as a page). */
export const SCRIPT_LIKE = /<\s*(script|html|svg|iframe)/i;
export const DEFAULT_BIZ = 'temp';

const BIZ = /^[A-Za-z0-9_-]{1,32}(\/[A-Za-z0-9_-]{1,32})?$/;

/** The folder of an upload, or null when the client's value is not a plain folder name. */
export function bizFolder(raw: string | undefined): string | null {
  const value = (raw ?? '').trim();
  if (value === '') return DEFAULT_BIZ;
  return BIZ.test(value) ? value : null;
}

type Sniff = (data: Buffer) => boolean;

const starts =
  (...bytes: number[]): Sniff =>
  (data) =>
    data.length >= bytes.length && bytes.every((b, i) => data[i] === b);
const ascii = (text: string): Sniff => starts(...[...text].map((c) => c.charCodeAt(0)));

const png = starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
const jpeg = starts(0xff, 0xd8, 0xff);
const gif: Sniff = (d) => ascii('GIF87a')(d) || ascii('GIF89a')(d);
const webp: Sniff = (d) => ascii('RIFF')(d) && d.subarray(8, 12).toString('latin1') === 'WEBP';
const bmp = ascii('BM');
const pdf = ascii('%PDF-');
const zip = starts(0x50, 0x4b, 0x03, 0x04);
const ole = starts(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1);
const rar = ascii('Rar!\x1a\x07');
const sevenZip = starts(0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c);

/** Markup a browser could run if it were ever sniffed as HTML or SVG. */
const ACTIVE_MARKUP = /<\s*(script|html|svg|iframe|object|embed|body|!doctype|\?xml)/i;

const plainText: Sniff = (data) => {
  const head = data.subarray(0, 64 * 1024);
  return !head.includes(0) && !ACTIVE_MARKUP.test(head.toString('utf8'));
};

/** Raster images: shown inline; everything else is served as an attachment. */
export const IMAGE_TYPES: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
};

const SNIFF: Readonly<Record<string, Sniff>> = {
  png,
  jpg: jpeg,
  jpeg,
  gif,
  webp,
  bmp,
  pdf,
  docx: zip,
  xlsx: zip,
  pptx: zip,
  zip,
  doc: ole,
  xls: ole,
  ppt: ole,
  rar,
  '7z': sevenZip,
  txt: plainText,
  csv: plainText,
};

export const ALLOWED_EXTENSIONS: readonly string[] = Object.keys(SNIFF);

/** The lower-case extension of a file name when it is allowed; 'a.html.' and 'a.jpg.html' are not. */
export function allowedExtension(fileName: string): string | null {
  const match = /\.([A-Za-z0-9]{1,5})$/.exec(fileName);
  const ext = match?.[1].toLowerCase();
  return ext && ext in SNIFF ? ext : null;
}

/** Do the bytes fit the extension? An image must also carry no script-like markup. */
export function contentMatches(ext: string, data: Buffer): boolean {
  const sniff = SNIFF[ext];
  if (!sniff || !sniff(data)) return false;
  if (ext in IMAGE_TYPES) return !SCRIPT_LIKE.test(data.toString('latin1'));
  return true;
}

/** A server-generated name: time for order, random bytes so names cannot be guessed. */
export function storedName(ext: string, now = Date.now()): string {
  return `${now}_${randomBytes(8).toString('hex')}.${ext}`;
}

const STORED_PATH =
  /^[A-Za-z0-9_-]{1,32}(\/[A-Za-z0-9_-]{1,32})?\/[0-9]{1,16}_[0-9a-f]{16}\.([a-z0-9]{1,5})$/;

/**
 * A stored path from a static URL, or null. Only the shape storedName and bizFolder produce is
 * accepted (decoded once by the router; anything else, '..' and '%2e' included, is refused).
 * A trailing comma (a one-item list) is dropped, as the contract does.
 */
export function parseStoredPath(raw: string): { path: string; ext: string } | null {
  const value = raw.endsWith(',') ? raw.slice(0, -1) : raw;
  const match = STORED_PATH.exec(value);
  if (!match || !(match[2] in SNIFF)) return null;
  return { path: value, ext: match[2] };
}
