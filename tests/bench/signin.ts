import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { loadConfig } from '../../server/config.js';
import { startServer } from '../../server/start.js';
import { hashPassword, verifyPassword } from '../../server/auth/password.js';
import { fmtMs, median, percentile, ratio, type BenchRow } from './stats.js';

const ROUNDS = 40;

async function timeRequests(n: number, fn: () => Promise<void>): Promise<number[]> {
  for (let i = 0; i < 3; i++) await fn(); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn();
    samples.push(performance.now() - t);
  }
  return samples;
}

/** Sign-in over HTTP against a bare route and against the password hash it must compute. */
export async function benchSignIn(): Promise<BenchRow[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zj-bench-'));
  const config = {
    ...loadConfig({}),
    dataDir: dir,
    port: 0,
    host: '127.0.0.1',
    captcha: { kind: 'off' as const },
    logLevel: 'warn',
    loginMaxFailures: 1_000_000,
  };
  const server = await startServer(config, { logger: false });
  const bare = Fastify();
  bare.get('/ping', async () => ({ ok: true }));
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
  try {
    const login = async () => {
      const res = await fetch(`${server.url}/api/sys/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          username: 'admin',
          password: config.adminPassword,
          captcha: '',
          checkKey: '',
        }),
      });
      const body = (await res.json()) as { code: number };
      if (body.code !== 200) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
    };
    const ping = async () => {
      await (await fetch(`${bareUrl}/ping`)).json();
    };
    const hash = await hashPassword(config.adminPassword);
    const verify = async () => {
      await verifyPassword(config.adminPassword, hash);
    };
    const signIn = await timeRequests(ROUNDS, login);
    const bareSamples = await timeRequests(ROUNDS, ping);
    const verifySamples = await timeRequests(ROUNDS, verify);
    const m = median(signIn);
    const p95 = percentile(signIn, 95);
    return [
      {
        figure: `sign-in POST /sys/login, median of ${ROUNDS}`,
        value: fmtMs(m),
        baseline: `bare Fastify route ${fmtMs(median(bareSamples))}`,
        ratio: ratio(m, median(bareSamples)),
      },
      {
        figure: `sign-in POST /sys/login, p95 of ${ROUNDS}`,
        value: fmtMs(p95),
        baseline: `bare Fastify route p95 ${fmtMs(percentile(bareSamples, 95))}`,
        ratio: ratio(p95, percentile(bareSamples, 95)),
      },
      {
        figure: 'sign-in median vs its password check alone',
        value: fmtMs(m),
        baseline: `scrypt verify ${fmtMs(median(verifySamples))}`,
        ratio: ratio(m, median(verifySamples)),
      },
    ];
  } finally {
    await bare.close();
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
