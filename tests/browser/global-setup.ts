import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's one Chromium (a Playwright browser server); each test file connects to it. */
    chromiumEndpoint: string;
  }
}

/**
 * One Chromium for every browser test file of the run: launching and closing it per file cost about a
 * second each. Files stay apart as before: each has its own contexts (own storage, cache, cookies).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await chromium.launchServer({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  project.provide('chromiumEndpoint', server.wsEndpoint());
  return () => server.close();
}
