// CPU time and memory of other processes, read from /proc (Linux): the fleet benchmark runs the server, the simulated
// headsets and itself in separate processes and attributes CPU to each honestly.
import { readdirSync, readFileSync } from 'node:fs';

/** /proc counts CPU time in clock ticks of USER_HZ, which Linux fixes at 100 for user space. */
const TICKS_PER_SECOND = 100;

export interface ProcessUsage {
  /** User + system CPU seconds of the whole process (all its threads, e.g. the PGlite worker) since it started. */
  cpuSeconds: number;
  /** Those of its main thread alone (Node's event loop). */
  mainThreadCpuSeconds: number;
  rssBytes: number;
  /** The highest resident set size since the process started (VmHWM). */
  peakRssBytes: number;
}

/** User + system CPU seconds from a stat file of proc(5) (a process's, or one thread's under task/). */
function cpuSecondsIn(statFile: string): number {
  const stat = readFileSync(statFile, 'utf8');
  // The command name (field 2) is in parentheses and may hold blanks: count the fields after its closing one.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND; // utime and stime, fields 14 and 15
}

/** The usage of a process, or null when it is gone (or /proc is not there). */
export function processUsage(pid: number): ProcessUsage | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
    return {
      cpuSeconds: cpuSecondsIn(`/proc/${pid}/stat`),
      // The main thread's id is the process id.
      mainThreadCpuSeconds: cpuSecondsIn(`/proc/${pid}/task/${pid}/stat`),
      rssBytes: kib('VmRSS') * 1024,
      peakRssBytes: kib('VmHWM') * 1024,
    };
  } catch {
    return null;
  }
}

/** CPU between two readings as percent of one core (of the main thread alone with `mainThread`); NaN when unknown. */
export function cpuPercent(
  before: ProcessUsage | null,
  after: ProcessUsage | null,
  seconds: number,
  mainThread = false,
): number {
  if (!before || !after || seconds <= 0) return Number.NaN;
  const used = mainThread
    ? after.mainThreadCpuSeconds - before.mainThreadCpuSeconds
    : after.cpuSeconds - before.cpuSeconds;
  return (used / seconds) * 100;
}

export const megabytes = (bytes: number) => `${Math.round(bytes / 1024 ** 2)} MB`;

/**
 * The PostgreSQL backends serving one database, found by their process titles (`postgres: <user> <database> …`), with
 * their usage: on PostgreSQL the database's work runs there, outside the server process.
 */
export function databaseBackends(databaseName: string): Map<number, ProcessUsage> {
  const backends = new Map<number, ProcessUsage>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let title: string;
    try {
      title = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
    } catch {
      continue;
    }
    if (!title.startsWith('postgres: ') || !title.split(' ').includes(databaseName)) continue;
    const usage = processUsage(Number(entry));
    if (usage) backends.set(Number(entry), usage);
  }
  return backends;
}

/**
 * CPU of a set of processes between two readings as percent of one core. A process that started in between counts
 * from zero; one that ended in between is missing (its last seconds are lost: the figure is a lower bound).
 */
export function groupCpuPercent(
  before: Map<number, ProcessUsage>,
  after: Map<number, ProcessUsage>,
  seconds: number,
): number {
  let cpuSeconds = 0;
  for (const [pid, usage] of after) cpuSeconds += usage.cpuSeconds - (before.get(pid)?.cpuSeconds ?? 0);
  return seconds > 0 ? (cpuSeconds / seconds) * 100 : Number.NaN;
}
