/**
 * The document editor (spec 000 section 9, docs/modules/documents.md "Editor"): an
 * ONLYOFFICE-compatible document server the browser loads api.js from and which calls the save
 * callback. Configured by the environment; without it the 编辑 action is absent and files are
 * preview-only.
 */
export interface DocumentServerConfig {
  /** The document server as the browser reaches it (DOCUMENT_SERVER_URL), e.g. https://office.example.com. */
  url: string;
  /** The document server's JWT secret (DOCUMENT_SERVER_JWT_SECRET): signs configs, verifies callbacks. */
  secret: string;
  /**
   * This app's address as the document server reaches it (DOCUMENT_SERVER_APP_URL), for the file
   * link and the save callback; empty: the address the browser used to ask for the config.
   */
  appUrl: string;
  /**
   * Origins the document server hands out download URLs on (DOCUMENT_SERVER_FILE_ORIGINS, comma
   * list; default the origin of url). The save callback fetches from these only (no SSRF).
   */
  fileOrigins: string[];
}

const VARIABLES = ['DOCUMENT_SERVER_URL', 'DOCUMENT_SERVER_JWT_SECRET'] as const;

function origin(value: string, name: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an absolute http(s) address`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(`${name} must be an absolute http(s) address`);
  return url.origin;
}

/**
 * On only when both the URL and the secret are set; one without the other, a secret shorter than 16
 * characters or an address that is not http(s) stops the server (a half-configured editor would
 * fail only when someone saves).
 */
export function parseDocumentServerConfig(env: NodeJS.ProcessEnv): DocumentServerConfig | null {
  const [url, secret] = VARIABLES.map((name) => (env[name] ?? '').trim());
  if (!url && !secret) return null;
  if (!url || !secret) throw new Error(`${VARIABLES.join(', ')} must be set together`);
  if (secret.length < 16) throw new Error('DOCUMENT_SERVER_JWT_SECRET must have at least 16 characters');
  const base = url.replace(/\/+$/, '');
  origin(base, 'DOCUMENT_SERVER_URL');
  const appUrl = (env.DOCUMENT_SERVER_APP_URL ?? '').trim().replace(/\/+$/, '');
  if (appUrl) origin(appUrl, 'DOCUMENT_SERVER_APP_URL');
  const listed = (env.DOCUMENT_SERVER_FILE_ORIGINS ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean)
    .map((o) => origin(o, 'DOCUMENT_SERVER_FILE_ORIGINS'));
  return {
    url: base,
    secret,
    appUrl,
    fileOrigins: listed.length > 0 ? listed : [origin(base, 'DOCUMENT_SERVER_URL')],
  };
}

/** The document server's script the editor page loads (ONLYOFFICE's documented path). */
export function apiScriptUrl(config: DocumentServerConfig): string {
  return `${config.url}/web-apps/apps/api/documents/api.js`;
}
