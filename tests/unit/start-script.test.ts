import fs from 'node:fs';
import { expect, it } from 'vitest';
import { SERVER_BUNDLE, serverCommand } from '../../scripts/build-server.js';

it('npm start and npm run serve run the server bundle the way the bench and the tests run it', () => {
  const { scripts } = JSON.parse(fs.readFileSync('package.json', 'utf8')) as {
    scripts: Record<string, string>;
  };
  const command = serverCommand(SERVER_BUNDLE);
  expect(command).toBe('MALLOC_MMAP_THRESHOLD_=131072 node --enable-source-maps dist-server/main.js');
  expect(scripts.start).toBe(`vite build && npm run build:server && ${command}`);
  expect(scripts.serve).toBe(`npm run build:server && ${command}`);
});
