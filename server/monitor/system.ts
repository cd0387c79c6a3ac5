/** 系统信息 and 磁盘监控: the host, the process, and the space of each mounted file system. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** File systems that hold no files of ours: kernel views, control groups, memory-backed scratch. */
const PSEUDO_TYPES = new Set([
  'proc',
  'sysfs',
  'cgroup',
  'cgroup2',
  'devpts',
  'devtmpfs',
  'tmpfs',
  'mqueue',
  'securityfs',
  'debugfs',
  'tracefs',
  'pstore',
  'bpf',
  'autofs',
  'configfs',
  'fusectl',
  'hugetlbfs',
  'binfmt_misc',
  'nsfs',
  'rpc_pipefs',
  'efivarfs',
  'ramfs',
  'squashfs',
  'selinuxfs',
]);

export interface DiskInfo {
  mount: string;
  device: string;
  type: string;
  total: number;
  used: number;
  free: number;
  /** Percent of the space an ordinary user can have (used / (used + free)), as df shows it. */
  usedPercent: number;
  /** This mount holds the server's data directory. */
  holdsData: boolean;
}

interface MountLine {
  device: string;
  mount: string;
  type: string;
}

/** /proc/mounts escapes blanks and backslashes in octal. */
const unescape = (s: string) =>
  s.replace(/\\([0-7]{3})/g, (_m, oct: string) => String.fromCharCode(parseInt(oct, 8)));

function mountLines(): MountLine[] {
  try {
    return fs
      .readFileSync('/proc/mounts', 'utf8')
      .split('\n')
      .map((line) => line.split(' '))
      .filter((parts) => parts.length >= 3 && !PSEUDO_TYPES.has(parts[2]))
      .map(([device, mount, type]) => ({ device: unescape(device), mount: unescape(mount), type }));
  } catch {
    // Not Linux: the root file system at least.
    return [{ device: '', mount: path.parse(process.cwd()).root, type: '' }];
  }
}

/** The nearest existing directory of `dir` (the data directory may not exist yet). */
function existing(dir: string): string {
  let current = dir;
  while (!fs.existsSync(current) && path.dirname(current) !== current) current = path.dirname(current);
  return current;
}

/** The mount a path lives on: the longest mount point that prefixes it. */
function mountOf(file: string, mounts: readonly string[]): string | undefined {
  return mounts
    .filter((m) => m === '/' || file === m || file.startsWith(`${m}/`))
    .sort((a, b) => b.length - a.length)[0];
}

export async function diskInfo(dataDir: string): Promise<DiskInfo[]> {
  const lines = mountLines();
  const dataMount = mountOf(
    existing(dataDir),
    lines.map((l) => l.mount),
  );
  const seen = new Set<string>();
  const out: DiskInfo[] = [];
  for (const line of lines) {
    try {
      const s = await fs.promises.statfs(line.mount);
      if (s.blocks === 0) continue;
      const total = s.blocks * s.bsize;
      const free = s.bavail * s.bsize;
      const used = (s.blocks - s.bfree) * s.bsize;
      // Bind mounts of one file system show the same figures: list each once.
      const key = `${line.device}|${total}|${s.bfree}`;
      if (seen.has(key) && line.mount !== dataMount) continue;
      seen.add(key);
      out.push({
        mount: line.mount,
        device: line.device,
        type: line.type,
        total,
        used,
        free,
        usedPercent: used + free > 0 ? Math.round((used / (used + free)) * 1000) / 10 : 0,
        holdsData: line.mount === dataMount,
      });
    } catch {
      // A mount we may not read (permissions, a stale network share): left out.
    }
  }
  return out.sort((a, b) => Number(b.holdsData) - Number(a.holdsData) || a.mount.localeCompare(b.mount));
}

let appVersion: string | null = null;

/** The version of package.json in the working directory (npm start runs there), read once. */
function readAppVersion(): string {
  if (appVersion !== null) return appVersion;
  try {
    const pkg = JSON.parse(fs.readFileSync(path.resolve('package.json'), 'utf8')) as { version?: string };
    appVersion = pkg.version ?? '';
  } catch {
    appVersion = process.env.npm_package_version ?? '';
  }
  return appVersion;
}

export function systemInfo(timeZone: string) {
  const cpus = os.cpus();
  return {
    hostname: os.hostname(),
    os: `${os.type()} ${os.release()}`,
    platform: os.platform(),
    arch: os.arch(),
    cpuModel: cpus[0]?.model.trim() ?? '',
    cpuCount: cpus.length,
    loadAverage: os.loadavg().map((n) => Math.round(n * 100) / 100),
    totalMemory: os.totalmem(),
    freeMemory: os.freemem(),
    osUptimeSeconds: Math.round(os.uptime()),
    nodeVersion: process.version,
    pid: process.pid,
    appVersion: readAppVersion(),
    startTime: new Date(Date.now() - Math.round(process.uptime() * 1000)),
    timeZone,
  };
}
