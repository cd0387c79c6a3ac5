// `npm run bench`: each figure next to a baseline measured in the same run, as a ratio (machines are noisy).
import os from 'node:os';
import { printTable } from './stats.js';
import { benchStartup } from './startup.js';
import { benchSignIn } from './signin.js';
import { benchBundle } from './bundle.js';
import { benchEntity } from './entity.js';
import { benchNotice } from './notice.js';
import { benchUsers } from './users.js';
import { benchAdmin } from './admin.js';
import { benchRowAccess } from './row-access.js';
import { benchReports } from './reports.js';
import { benchGrid } from './grid.js';
import { benchWorkbench } from './workbench.js';
import { benchFiles } from './files.js';
import { benchLoad } from './load.js';
import { benchOnline } from './online.js';
import { benchWorkflow } from './workflow.js';
import { benchProject } from './project.js';
import { benchLogicBudget } from './logic-budget.js';

console.log(
  `# 智慧接待平台 bench — ${new Date().toISOString()} — ${os.cpus().length} cores, Node ${process.version}`,
);
// `npm run bench -- bundle signin` runs only the named parts; no names runs them all.
const parts: Record<string, () => Promise<void>> = {
  startup: async () => printTable('Start-up', await benchStartup(18_480)),
  signin: async () => printTable('Sign-in', await benchSignIn()),
  bundle: async () => printTable('Browser bundle and sign-in page', await benchBundle()),
  entity: async () => printTable('Declaration engine over big tables', await benchEntity()),
  notice: async () => printTable('Notice socket', await benchNotice()),
  users: async () => printTable('User list under a data rule', await benchUsers()),
  admin: async () => printTable('Permission lookup of a request', await benchAdmin()),
  rows: async () => printTable('A list under row access', await benchRowAccess()),
  reports: async () => printTable('Online reports over a million rows', await benchReports()),
  logic: async () => printTable('The rule budget at its limit', await Promise.resolve(benchLogicBudget())),
  grid: async () => printTable('Editable grid at 10,000 rows', await benchGrid()),
  workbench: async () => printTable('Workbench to-do among a million orders', await benchWorkbench()),
  files: async () => printTable('A 100 MB file up and down', await benchFiles()),
  workflow: async () => printTable('Approvals among 10,000 running instances', await benchWorkflow()),
  project: async () =>
    printTable('Project page data (500 tasks, 50 demands, 200 files)', await benchProject()),
  online: async () =>
    printTable('Online forms: save to a 2nd instance, declaration at screen open', await benchOnline()),
  load: async () =>
    printTable(
      'Load: PostgreSQL, 2 servers behind nginx (value) vs PGlite, 1 server (baseline)',
      await benchLoad(),
    ),
};
const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !(name in parts));
if (unknown.length > 0) {
  console.error(`unknown bench part(s): ${unknown.join(', ')}; known: ${Object.keys(parts).join(', ')}`);
  process.exit(2);
}
for (const [name, run] of Object.entries(parts)) {
  if (wanted.length === 0 || wanted.includes(name)) await run();
}
