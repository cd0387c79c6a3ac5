/**
 * A test-only page (a folder with index.html and main.tsx) built with vite into `outDir`, served
 * statically on a free port, and a Chromium with the project's flags: for components that need no
 * server (the editable grid's pages, its bench).
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import type { Browser } from 'playwright-core';
import { build } from 'vite';
import { launchChromium } from './chromium.js';

export interface StaticPage {
  baseUrl: string;
  browser: Browser;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css' };

function serve(dir: string): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    const file = path.join(dir, pathname === '/' ? 'index.html' : pathname);
    if (!file.startsWith(dir) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      res.writeHead(404).end();
      return;
    }
    res
      .writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'text/html' })
      .end(fs.readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

export async function openStaticPage(pageDir: string, outDir: string): Promise<StaticPage> {
  await build({
    configFile: false,
    root: pageDir,
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 4000 },
  });
  const server = await serve(outDir);
  const browser = await launchChromium();
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    browser,
    async close() {
      await browser.close();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
