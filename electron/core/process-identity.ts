/**
 * Which process a pid names, beyond the number: the lock file records it, so a pid reused by an
 * unrelated process (after a crash and a reboot, or simply wrapped around) does not keep the lock.
 * The kernel's own record of when the process started is used, never the wall clock, which can be
 * stepped while the app runs.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** An opaque text naming this very process; undefined where the platform does not tell (Windows) or it is gone. */
export function processIdentity(pid: number): string | undefined {
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  if (process.platform === 'linux') return linuxIdentity(pid);
  if (process.platform === 'darwin' || process.platform === 'freebsd') return psIdentity(pid);
  return undefined;
}

/** The boot (pids start over at every boot) and the start time in clock ticks since that boot. */
function linuxIdentity(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) state …": comm may hold spaces and parentheses; the fields after the last ")" do not.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const startTicks = fields[19]; // field 22 of proc(5), counted from field 3 (state)
    if (!startTicks || !/^\d+$/.test(startTicks)) return undefined;
    const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    return `linux:${boot}:${startTicks}`;
  } catch {
    return undefined;
  }
}

/** ps's start time of the process (to the second, fixed by the kernel at its start). */
function psIdentity(pid: number): string | undefined {
  try {
    const started = execFileSync('ps', ['-o', 'lstart=', '-p', String(pid)], {
      encoding: 'utf8',
      timeout: 2000,
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    return started ? `ps:${started}` : undefined;
  } catch {
    return undefined;
  }
}
