/**
 * PGlite has no lock of its own, and two processes on one data directory lose writes. The lock is a file
 * INSIDE the data directory (so it is ignored with the data and never committed), holding the owner's pid.
 *
 * Taking it is atomic: the file is created with O_EXCL. A lock left by a dead process is cleared only under a
 * short-lived takeover mutex (an exclusively created directory) and only if it still names that dead process,
 * so two processes clearing the same stale lock at once cannot both win: one clears it, both then race for
 * O_EXCL, and exactly one creates it.
 */
import fs from "node:fs";
import path from "node:path";

export const LOCK_NAME = ".buurtplatform.lock";
/** A takeover mutex (or an empty lock file) older than this was abandoned by a crashed process. */
const ABANDONED_MS = 10_000;

export class DatabaseLockedError extends Error {}

function sleepSync(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The pid in the lock file; null when there is none; NaN while it is being written (or left empty). */
function readHolder(lockFile: string): { pid: number; ageMs: number } | null {
  try {
    const text = fs.readFileSync(lockFile, "utf8").trim();
    const ageMs = Date.now() - fs.statSync(lockFile).mtimeMs;
    return { pid: text ? Number(text) : Number.NaN, ageMs };
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw e;
  }
}

export function lockFileFor(dir: string) {
  return path.join(path.resolve(dir), LOCK_NAME);
}

/** Takes the lock on `dir` (creating the directory); returns the function that releases it. */
export function acquireLock(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockFile = lockFileFor(dir);
  const mutex = `${lockFile}.takeover`;
  for (let attempt = 0; attempt < 500; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: "wx" });
      const release = () => {
        try {
          if (fs.readFileSync(lockFile, "utf8").trim() === String(process.pid)) fs.rmSync(lockFile, { force: true });
        } catch {
          /* already gone */
        }
      };
      process.once("exit", release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    }
    const holder = readHolder(lockFile);
    if (!holder) continue; // released meanwhile: try again
    if (Number.isNaN(holder.pid) && holder.ageMs < ABANDONED_MS) {
      sleepSync(10); // being written by its owner
      continue;
    }
    if (isAlive(holder.pid)) {
      throw new DatabaseLockedError(
        `The embedded database at ${dir} is already in use by another process (pid ${holder.pid}). ` +
          "Stop that process first, or set DATABASE_URL to use PostgreSQL for several processes.",
      );
    }
    // Stale: clear it under the takeover mutex, and only if it still names the same dead process.
    try {
      fs.mkdirSync(mutex);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      try {
        if (Date.now() - fs.statSync(mutex).mtimeMs > ABANDONED_MS) fs.rmSync(mutex, { recursive: true, force: true });
      } catch {
        /* removed by its owner meanwhile */
      }
      sleepSync(10);
      continue;
    }
    try {
      const again = readHolder(lockFile);
      if (again && (again.pid === holder.pid || (Number.isNaN(again.pid) && Number.isNaN(holder.pid)))) {
        fs.rmSync(lockFile, { force: true });
      }
    } finally {
      fs.rmSync(mutex, { recursive: true, force: true });
    }
  }
  throw new DatabaseLockedError(`Could not take the lock on the embedded database at ${dir}.`);
}
