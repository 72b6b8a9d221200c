/**
 * Whether a process with this id exists. A process owned by another user (EPERM) counts as alive,
 * so a lock file naming it is not taken over.
 *
 * @example if (!isProcessAlive(holder)) removeStaleLock(path)
 */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
