// `npm run bench`: each figure next to a baseline measured in the same run, as a ratio (machines are noisy).
import os from 'node:os';
import { printTable } from './stats.js';
import { benchStartup } from './startup.js';
import { benchSignIn } from './signin.js';
import { benchBundle } from './bundle.js';

console.log(
  `# 智慧接待平台 bench — ${new Date().toISOString()} — ${os.cpus().length} cores, Node ${process.version}`,
);
printTable('Start-up', await benchStartup(18_480));
printTable('Sign-in', await benchSignIn());
printTable('Browser bundle and sign-in page', await benchBundle());
