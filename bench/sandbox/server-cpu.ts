import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU microseconds (user + system, every thread) a child process has used, from the scheduler's
 * nanosecond run time of each of its threads (`/proc/<pid>/task/<tid>/schedstat`, Linux). The
 * process-wide `/proc/<pid>/stat` counts in 10 ms clock ticks: a round of 3,000 bare requests at
 * ~25 µs each is ~7 ticks, so that figure moved by a tick's 14 % from quantisation alone. Falls
 * back to it where schedstat is missing.
 *
 * @example const before = serverCpuMicros(child.pid!); ... ; serverCpuMicros(child.pid!) - before
 */
export function serverCpuMicros(pid: number): number {
  try {
    let ns = 0;
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      try {
        ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
      } catch {
        // The thread ended between the listing and the read.
      }
    }
    if (ns > 0) return ns / 1000;
  } catch {
    // No /proc/<pid>/task: use the tick counts below.
  }
  return tickCpuMicros(pid);
}

/** The same from `/proc/<pid>/stat` (user + system clock ticks of 10 ms): what the figure used before. */
export function tickCpuMicros(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / 100;
}

/** CPU microseconds (user + system) of this process's children that have exited and been waited for (`/proc/self/stat`, 10 ms ticks). */
export function exitedChildrenCpuMicros(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[13]) + Number(fields[14])) * 1e6) / 100;
}
