import { randomUUID } from 'node:crypto';
import { linkSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/** Lock paths this process holds: a lock file with our own pid that is not here was left by an earlier process with the same pid (containers reuse pid 1). */
const held = new Set<string>();
// Taking over a stale lock takes milliseconds; a takeover file older than this was left by a crash.
const TAKEOVER_STALE_MS = 10_000;

export class FolderInUseError extends Error {}

/** Creates path holding our pid, or answers false if it exists; linked from a written file, so it is never seen empty. */
function create(path: string): boolean {
  const draft = `${path}.${randomUUID()}`;
  writeFileSync(draft, String(process.pid));
  try {
    linkSync(draft, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkSync(draft);
  }
}

function holderPid(path: string): number | null {
  try {
    return Number(readFileSync(path, 'utf8')) || 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

function alive(pid: number, path: string): boolean {
  if (pid === process.pid) return held.has(path);
  if (pid <= 0) return false; // garbled: not one of ours
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // alive, owned by another user
  }
}

function removeIfStill(path: string, pid: number): void {
  if (holderPid(path) !== pid) return;
  try {
    unlinkSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/**
 * Removes a lock left by a dead process. Two processes may find the same stale lock at once: a second, short-lived
 * takeover lock makes sure only one removes it, so neither removes the lock the other has just taken.
 */
function takeOver(path: string, stalePid: number): void {
  const takeover = `${path}.takeover`;
  if (!create(takeover)) {
    const age = Date.now() - (statSync(takeover, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
    if (age > TAKEOVER_STALE_MS) removeIfStill(takeover, holderPid(takeover) ?? 0);
    return;
  }
  try {
    removeIfStill(path, stalePid);
  } finally {
    unlinkSync(takeover);
  }
}

/**
 * Takes an exclusive lock file for one process (its pid inside); a lock whose process is gone is taken over.
 * Returns the release function. Throws FolderInUseError with `inUse` as message while a live process holds it.
 */
export async function lockFile(path: string, inUse: string): Promise<() => void> {
  for (;;) {
    if (create(path)) {
      held.add(path);
      return () => {
        held.delete(path);
        removeIfStill(path, process.pid);
      };
    }
    const pid = holderPid(path);
    if (pid !== null && alive(pid, path)) throw new FolderInUseError(inUse);
    if (pid !== null) takeOver(path, pid);
    await sleep(20);
  }
}
