/**
 * Where document and template files live (docs/modules/documents.md, "Storage"): the data directory
 * by default, or an S3-compatible object store (MinIO, Ceph RGW, AWS S3, ...) when S3_ENDPOINT is
 * set, so that several servers share one set of files. Read from the environment like the other
 * settings (server/config.ts); a half-configured store stops the server at start rather than failing
 * at the first upload.
 */
export interface S3StorageConfig {
  kind: 's3';
  /** The service's address (S3_ENDPOINT), e.g. http://minio.internal:9000 or https://s3.eu-west-1.amazonaws.com. */
  endpoint: string;
  /** The bucket (S3_BUCKET); created at start when it is missing. */
  bucket: string;
  accessKey: string;
  secretKey: string;
  /** S3_REGION, default us-east-1 (what MinIO answers unless configured otherwise). */
  region: string;
  /**
   * S3_FORCE_PATH_STYLE (default true): `endpoint/bucket/key` addresses, which MinIO and most
   * self-hosted stores need; false for virtual-host addresses (`bucket.endpoint/key`).
   */
  forcePathStyle: boolean;
}

export type DocumentStorageConfig = { kind: 'local' } | S3StorageConfig;

const REQUIRED = ['S3_BUCKET', 'S3_ACCESS_KEY', 'S3_SECRET_KEY'] as const;
const OPTIONAL = ['S3_REGION', 'S3_FORCE_PATH_STYLE'] as const;
/** S3's bucket naming rules (lower case, digits, dots and hyphens, 3-63 characters). */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const REGION = /^[a-z0-9-]{1,32}$/;

function endpointOf(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error('S3_ENDPOINT must be an absolute http(s) address, e.g. http://127.0.0.1:9000');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error('S3_ENDPOINT must be an absolute http(s) address, e.g. http://127.0.0.1:9000');
  if (url.username || url.password)
    throw new Error('S3_ENDPOINT must not carry credentials: use S3_ACCESS_KEY and S3_SECRET_KEY');
  if ((url.pathname !== '/' && url.pathname !== '') || url.search || url.hash)
    throw new Error('S3_ENDPOINT must be the service address only (no path): the bucket is S3_BUCKET');
  return url.origin;
}

function flag(raw: string, name: string): boolean {
  const value = raw.toLowerCase();
  if (value === '' || value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw new Error(`${name} must be true or false`);
}

/** Local unless S3_ENDPOINT is set; with it, bucket and both keys are required. */
export function parseDocumentStorageConfig(env: NodeJS.ProcessEnv): DocumentStorageConfig {
  const value = (name: string) => (env[name] ?? '').trim();
  const endpoint = value('S3_ENDPOINT');
  if (!endpoint) {
    const stray = [...REQUIRED, ...OPTIONAL].filter((name) => value(name) !== '');
    if (stray.length > 0) throw new Error(`${stray.join(', ')} set without S3_ENDPOINT`);
    return { kind: 'local' };
  }
  const missing = REQUIRED.filter((name) => value(name) === '');
  if (missing.length > 0) throw new Error(`S3_ENDPOINT is set: ${missing.join(', ')} must be set too`);
  const bucket = value('S3_BUCKET');
  if (!BUCKET.test(bucket) || bucket.includes('..'))
    throw new Error('S3_BUCKET must be a valid bucket name (3-63 lower-case letters, digits, dots, hyphens)');
  const region = value('S3_REGION') || 'us-east-1';
  if (!REGION.test(region)) throw new Error('S3_REGION must be a region name such as us-east-1');
  return {
    kind: 's3',
    endpoint: endpointOf(endpoint),
    bucket,
    accessKey: value('S3_ACCESS_KEY'),
    secretKey: value('S3_SECRET_KEY'),
    region,
    forcePathStyle: flag(value('S3_FORCE_PATH_STYLE'), 'S3_FORCE_PATH_STYLE'),
  };
}

/** The store's address for messages and logs: never the keys. */
export function describeStorage(config: DocumentStorageConfig): string {
  return config.kind === 'local' ? 'the data directory' : `${config.endpoint}, bucket ${config.bucket}`;
}
