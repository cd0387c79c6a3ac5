/**
 * An S3-compatible server for the document storage tests (docs/modules/documents.md, "Storage").
 *
 * With S3_TEST_ENDPOINT (and S3_TEST_ACCESS_KEY, S3_TEST_SECRET_KEY, optionally S3_TEST_REGION) the
 * tests use that server, e.g. a MinIO an operator runs. Without it they start s3rver (the maintained
 * fork @20minutes/s3rver, a devDependency): an HTTP server speaking the S3 REST protocol on
 * 127.0.0.1, objects in a temporary folder, AWS signatures checked (a wrong key is refused), so CI
 * needs no service of its own. Each run uses a fresh bucket name, so the server's start creates it.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { S3StorageConfig } from '../../server/document/storage-config.js';

interface S3rverOptions {
  address: string;
  port: number;
  directory: string;
  silent: boolean;
}
interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}

// s3rver is CommonJS without type declarations: what these tests use of it, typed here.
const S3rver = createRequire(import.meta.url)('@20minutes/s3rver') as new (
  options: S3rverOptions,
) => S3rverInstance;

/** s3rver's one account. */
const S3RVER_KEY = 'S3RVER';

export interface TestS3 {
  /** A configuration on a bucket that does not exist yet. */
  config: S3StorageConfig;
  /** The same server with a wrong secret key. */
  wrongKey: S3StorageConfig;
  /** Which server: 's3rver' or the S3_TEST_ENDPOINT. */
  kind: string;
  close(): Promise<void>;
}

export async function startTestS3(): Promise<TestS3> {
  const bucket = `zj-docs-${crypto.randomBytes(6).toString('hex')}`;
  const given = process.env.S3_TEST_ENDPOINT;
  if (given) {
    const config: S3StorageConfig = {
      kind: 's3',
      endpoint: new URL(given).origin,
      bucket,
      accessKey: process.env.S3_TEST_ACCESS_KEY ?? '',
      secretKey: process.env.S3_TEST_SECRET_KEY ?? '',
      region: process.env.S3_TEST_REGION || 'us-east-1',
      forcePathStyle: true,
    };
    return { config, wrongKey: { ...config, secretKey: 'not-the-key' }, kind: given, close: async () => {} };
  }
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'zj-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true });
  const { port } = await server.run();
  const config: S3StorageConfig = {
    kind: 's3',
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    accessKey: S3RVER_KEY,
    secretKey: S3RVER_KEY,
    region: 'us-east-1',
    forcePathStyle: true,
  };
  return {
    config,
    wrongKey: { ...config, secretKey: 'not-the-key' },
    kind: 's3rver',
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
