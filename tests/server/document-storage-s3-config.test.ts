/**
 * The document storage setting (server/document/storage-config.ts): the data directory unless
 * S3_ENDPOINT is set; with it, a complete and well-formed S3 configuration or a start that stops with
 * the reason (no database needed: loadConfig only).
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';

const S3 = {
  S3_ENDPOINT: 'http://minio.internal:9000/',
  S3_BUCKET: 'zj-documents',
  S3_ACCESS_KEY: 'app',
  S3_SECRET_KEY: 'secret-key-1234',
};

describe('document storage configuration', () => {
  it('keeps files in the data directory unless S3_ENDPOINT is set', () => {
    expect(loadConfig({}).documentStorage).toEqual({ kind: 'local' });
  });

  it('reads an S3-compatible store from the environment, path-style in us-east-1 by default', () => {
    expect(loadConfig(S3).documentStorage).toEqual({
      kind: 's3',
      endpoint: 'http://minio.internal:9000',
      bucket: 'zj-documents',
      accessKey: 'app',
      secretKey: 'secret-key-1234',
      region: 'us-east-1',
      forcePathStyle: true,
    });
    const aws = loadConfig({
      ...S3,
      S3_ENDPOINT: 'https://s3.eu-west-1.amazonaws.com',
      S3_REGION: 'eu-west-1',
      S3_FORCE_PATH_STYLE: 'false',
    }).documentStorage;
    expect(aws).toMatchObject({ endpoint: 'https://s3.eu-west-1.amazonaws.com', region: 'eu-west-1' });
    expect(aws).toMatchObject({ forcePathStyle: false });
  });

  it('stops the start on a half or wrong configuration, naming the variable', () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ ...S3, S3_SECRET_KEY: '' }, /S3_ENDPOINT is set: S3_SECRET_KEY must be set too/],
      [{ S3_ENDPOINT: S3.S3_ENDPOINT }, /S3_BUCKET, S3_ACCESS_KEY, S3_SECRET_KEY must be set too/],
      [{ S3_BUCKET: 'zj-documents', S3_REGION: 'eu-west-1' }, /S3_BUCKET, S3_REGION set without S3_ENDPOINT/],
      [{ ...S3, S3_ENDPOINT: 'minio.internal:9000' }, /S3_ENDPOINT must be an absolute http\(s\) address/],
      [{ ...S3, S3_ENDPOINT: 'ftp://minio.internal' }, /S3_ENDPOINT must be an absolute http\(s\) address/],
      [{ ...S3, S3_ENDPOINT: 'http://minio.internal:9000/zj-documents' }, /no path/],
      [{ ...S3, S3_ENDPOINT: 'http://app:secret@minio.internal:9000' }, /must not carry credentials/],
      [{ ...S3, S3_BUCKET: 'Documents_2026' }, /S3_BUCKET must be a valid bucket name/],
      [{ ...S3, S3_REGION: 'eu west' }, /S3_REGION must be a region name/],
      [{ ...S3, S3_FORCE_PATH_STYLE: 'sometimes' }, /S3_FORCE_PATH_STYLE must be true or false/],
    ];
    for (const [env, reason] of cases) expect(() => loadConfig(env), JSON.stringify(env)).toThrow(reason);
  });
});
