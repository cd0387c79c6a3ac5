/** The editor's configuration and token signing (server/document/editor-config.ts, jwt.ts). */
import { describe, expect, it } from 'vitest';
import { parseDocumentServerConfig } from '../../server/document/editor-config';
import { signJwt, verifyJwt } from '../../server/document/jwt';

const SECRET = 'a-secret-of-sixteen+';

describe('document server configuration', () => {
  it('is off without variables, and refuses half or bad settings', () => {
    expect(parseDocumentServerConfig({})).toBeNull();
    expect(() => parseDocumentServerConfig({ DOCUMENT_SERVER_URL: 'https://office.example.com' })).toThrow(
      /set together/,
    );
    expect(() =>
      parseDocumentServerConfig({
        DOCUMENT_SERVER_URL: 'https://office.example.com',
        DOCUMENT_SERVER_JWT_SECRET: 'short',
      }),
    ).toThrow(/16 characters/);
    expect(() =>
      parseDocumentServerConfig({ DOCUMENT_SERVER_URL: 'ftp://office', DOCUMENT_SERVER_JWT_SECRET: SECRET }),
    ).toThrow(/http/);
  });

  it('fetches edited files from the server origin unless origins are listed', () => {
    const env = { DOCUMENT_SERVER_URL: 'https://office.example.com/ds/', DOCUMENT_SERVER_JWT_SECRET: SECRET };
    expect(parseDocumentServerConfig(env)).toEqual({
      url: 'https://office.example.com/ds',
      secret: SECRET,
      appUrl: '',
      fileOrigins: ['https://office.example.com'],
    });
    const listed = parseDocumentServerConfig({
      ...env,
      DOCUMENT_SERVER_FILE_ORIGINS: 'http://10.0.0.5:8000/, https://office.example.com',
    });
    expect(listed?.fileOrigins).toEqual(['http://10.0.0.5:8000', 'https://office.example.com']);
  });
});

describe('HS256 tokens', () => {
  it('verifies its own signature only, and refuses alg none and a past exp', () => {
    const token = signJwt({ a: 1 }, SECRET);
    expect(verifyJwt(token, SECRET)).toEqual({ a: 1 });
    expect(verifyJwt(token, 'another-secret-here')).toBeNull();
    const [, payload] = token.split('.');
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`;
    expect(verifyJwt(none, SECRET)).toBeNull();
    expect(verifyJwt(signJwt({ exp: Math.floor(Date.now() / 1000) - 5 }, SECRET), SECRET)).toBeNull();
    expect(verifyJwt('not.a.token', SECRET)).toBeNull();
  });
});
