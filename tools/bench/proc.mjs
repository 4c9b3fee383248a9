// /proc readings for `npm run bench`: a process's CPU (utime+stime), peak and current RSS, the
// machine's busy/total jiffies, and the children of a process (cluster workers). The parsers are
// pure (tested in report.test.ts); the readers wrap them around readFileSync.
import { readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

/** Linux USER_HZ: the unit of utime/stime in /proc/<pid>/stat. */
export const CLK_TCK = 100;

/** utime + stime in jiffies from the text of /proc/<pid>/stat (fields 14 and 15). */
export function parseStatTicks(text) {
  // The command name (field 2) may hold spaces and parentheses: split after its last ')'.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/** A `Vm...:   1234 kB` line of /proc/<pid>/status, in kB (NaN when absent). */
export function parseStatusKb(text, key) {
  const m = new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(text);
  return m ? Number(m[1]) : NaN;
}

/** Busy and total jiffies of the whole machine from the first line of /proc/stat. */
export function parseMachineTicks(text) {
  const cpu = text.split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const idle = (cpu[3] ?? 0) + (cpu[4] ?? 0);
  const total = cpu.reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}

const read = (path) => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
};

/** Direct children of a process (the workers of a cluster primary). */
export function childPids(pid) {
  const tasks = read(`/proc/${pid}/task/${pid}/children`).trim();
  return tasks ? tasks.split(/\s+/).map(Number) : [];
}

/** The process and its direct children: a cluster's CPU and memory are the sum over them. */
export const familyPids = (pid) => [pid, ...childPids(pid)];

export function cpuTicks(pid) {
  return familyPids(pid).reduce((sum, p) => {
    const text = read(`/proc/${p}/stat`);
    return sum + (text ? parseStatTicks(text) : 0);
  }, 0);
}

/** Peak RSS (VmHWM) in MB, summed over the process and its children. */
export function peakRssMb(pid) {
  return (
    familyPids(pid).reduce((sum, p) => sum + (parseStatusKb(read(`/proc/${p}/status`), 'VmHWM') || 0), 0) /
    1024
  );
}

/** Current RSS (VmRSS) in MB, summed over the process and its children. */
export function rssMb(pid) {
  return (
    familyPids(pid).reduce((sum, p) => sum + (parseStatusKb(read(`/proc/${p}/status`), 'VmRSS') || 0), 0) /
    1024
  );
}

export const machineTicks = () => parseMachineTicks(read('/proc/stat'));

/** `taskset -c CPUS` prefix when taskset works here and there are 2+ cores, else none. */
export function pinPrefix(cpus, cores) {
  if (cores < 2) return [];
  const probe = spawnSync('taskset', ['-c', cpus, 'true']);
  return probe.status === 0 ? ['taskset', '-c', cpus] : [];
}

/** Pins an already running process (this one: the load generator) to CPUS; false when it cannot. */
export function pinPid(pid, cpus) {
  return spawnSync('taskset', ['-a', '-pc', cpus, String(pid)]).status === 0;
}
