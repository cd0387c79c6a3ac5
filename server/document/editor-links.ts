/**
 * The two addresses the document server calls without a session (docs/modules/documents.md
 * "Editor"): the file it opens and the callback it saves through. Each carries a token signed by
 * this server with a key derived from the document server's secret (so a config token the document
 * server holds can never pass for a link, nor a link for a config), and each names exactly one head
 * row: nothing in them comes from the caller unsigned.
 */
import { createHmac } from 'node:crypto';
import type { DocumentServerConfig } from './editor-config.js';
import { signJwt, verifyJwt } from './jwt.js';

/** The file link lives minutes: the document server fetches it when the editor opens. */
export const FILE_LINK_SECONDS = 10 * 60;
/** An editing session may last a working day; the callback comes after the last editor closes. */
export const CALLBACK_LINK_SECONDS = 24 * 60 * 60;

export interface FileLink {
  t: 'file';
  /** The stored path (doc/<random>) of the version opened. */
  p: string;
  /** The name the file is served under. */
  n: string;
}

export interface CallbackLink {
  t: 'save';
  /** 'document' or 'template', and the head row's id. */
  k: 'document' | 'template';
  d: string;
  /** The user id of who opened the editor: the new version is theirs, if they still may edit. */
  u: string;
  /** The stored path the edit started from, for the version note. */
  p: string;
}

function linkKey(config: DocumentServerConfig): string {
  return createHmac('sha256', config.secret).update('zj-document-editor-link').digest('hex');
}

export function signLink(
  config: DocumentServerConfig,
  link: FileLink | CallbackLink,
  seconds: number,
): string {
  return signJwt({ ...link, exp: Math.floor(Date.now() / 1000) + seconds }, linkKey(config));
}

export function readFileLink(config: DocumentServerConfig, token: unknown): FileLink | null {
  const claims = verifyJwt(token, linkKey(config));
  if (claims?.t !== 'file' || typeof claims.p !== 'string' || typeof claims.n !== 'string') return null;
  return { t: 'file', p: claims.p, n: claims.n };
}

export function readCallbackLink(config: DocumentServerConfig, token: unknown): CallbackLink | null {
  const claims = verifyJwt(token, linkKey(config));
  if (claims?.t !== 'save' || (claims.k !== 'document' && claims.k !== 'template')) return null;
  if (typeof claims.d !== 'string' || typeof claims.u !== 'string' || typeof claims.p !== 'string')
    return null;
  return { t: 'save', k: claims.k, d: claims.d, u: claims.u, p: claims.p };
}
