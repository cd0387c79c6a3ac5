/**
 * Issue 31: a real start (the bundle `npm start` runs, as tests/server/start-bundle.test.ts does)
 * that a declaration file or a setting refuses stops with exit code 1 and a message naming the file,
 * the JSON path and the reason, without a stack trace: a file adopting a platform table, a file that
 * is not JSON (line and column, not a character offset), a platform table in ADOPTABLE_TABLES.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bundleServer, SERVER_ENV, SERVER_NODE_ARGS } from '../../scripts/build-server.js';

// Inside the project: the bundle finds the packages in node_modules, and the files' shown paths are short.
const dir = path.resolve(`.tmp/start-refused-${process.pid}`);
const data = fs.mkdtempSync(path.join(os.tmpdir(), 'zj-start-refused-'));
let bundle: string;

beforeAll(async () => {
  bundle = await bundleServer('server/main.ts', path.join(dir, 'main.js'));
}, 60_000);

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.rmSync(data, { recursive: true, force: true });
});

/** Writes `files` into a declaration directory of their own and answers it. */
function declarations(name: string, files: Record<string, string>): string {
  const at = path.join(dir, name);
  fs.mkdirSync(at, { recursive: true });
  for (const [file, text] of Object.entries(files)) fs.writeFileSync(path.join(at, file), text);
  return at;
}

/** Starts the server with `env` on one data directory; answers its exit code and what it wrote to stderr. */
function start(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, bundle], {
    env: {
      ...process.env,
      ...SERVER_ENV,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: data,
      DATABASE_URL: '',
      CAPTCHA: 'off',
      LOG_LEVEL: 'warn',
      WEB_DIR: path.join(dir, 'no-web'),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stderr })));
}

const grab = {
  schemaVersion: 3,
  name: 'taskGrab',
  title: '流程任务',
  table: 'wf_task',
  adoptTable: true,
  basePath: '/grab/task',
  kind: 'list',
  permissionPrefix: 'taskGrab',
  fields: [{ name: 'name', title: '名称', type: 'string' }],
};

const schemasWith = (extra: string) => ['schemas', extra].join(path.delimiter);

it('a file declaration adopting a platform table stops the start naming the file and the path', async () => {
  const extra = declarations('platform', { 'task-grab.json': JSON.stringify(grab, null, 2) });
  const { code, stderr } = await start({ SCHEMAS_DIR: schemasWith(extra) });
  const file = path.relative(process.cwd(), path.join(extra, 'task-grab.json'));
  expect(code).toBe(1);
  expect(stderr).toContain(
    `${file}: /adoptTable: table "wf_task" is one of the platform's own tables (made by a migration) and cannot be adopted`,
  );
  expect(stderr).not.toMatch(/^\s+at /m);
}, 180_000);

it('a file that is not JSON stops the start with its line and column', async () => {
  const text = JSON.stringify(grab, null, 2).replace('"title": "流程任务",', '"title": "流程任务"');
  const extra = declarations('broken', { 'broken.json': text });
  const { code, stderr } = await start({ SCHEMAS_DIR: schemasWith(extra) });
  const file = path.relative(process.cwd(), path.join(extra, 'broken.json'));
  expect(code).toBe(1);
  expect(stderr).toContain(
    `${file}: /: not valid JSON at line 5, column 3: Expected ',' or '}' after property value`,
  );
  expect(stderr).not.toContain('position');
  expect(stderr).not.toMatch(/^\s+at /m);
}, 180_000);

it('a platform table in ADOPTABLE_TABLES stops the start', async () => {
  const { code, stderr } = await start({ ADOPTABLE_TABLES: 'legacy_visitors,sys_user' });
  expect(code).toBe(1);
  expect(stderr).toContain('ADOPTABLE_TABLES: "sys_user" is one of the platform\'s own tables');
  expect(stderr).not.toMatch(/^\s+at /m);
}, 60_000);
