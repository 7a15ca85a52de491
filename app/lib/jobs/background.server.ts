/**
 * Work that must not delay the answer (mail for a password reset, notifications) but needs no queue: it runs
 * after the response in this process, in a write scope of its own (cache.server.ts), and shutdown waits for
 * it (bounded). Work that must survive a crash belongs in the job queue instead.
 */
import { runWriteScope } from "~/lib/cache/cache.server";
import { log } from "~/lib/log.server";

const pending = new Set<Promise<unknown>>();

/** Starts `fn` on the next turn of the event loop; a failure is logged, never thrown at the caller. */
export function runInBackground(name: string, fn: () => Promise<unknown>): void {
  const task = new Promise<void>((resolve) => setImmediate(resolve))
    .then(() => runWriteScope(fn))
    .catch((err) => log("error", "background task failed", { task: name, err }))
    .finally(() => pending.delete(task));
  pending.add(task);
}

/** Work kept in memory that must be written before the process ends (counters written in batches...). */
const drainHooks = new Set<() => Promise<unknown>>();

/** A module registers what `drainBackground` (shutdown) must write first; returns the unregister function. */
export function onDrain(hook: () => Promise<unknown>): () => void {
  drainHooks.add(hook);
  return () => drainHooks.delete(hook);
}

/** Waits for the tasks under way (at most `timeoutMs`); used on shutdown and by tests. */
export async function drainBackground(timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (const hook of drainHooks) {
    await runWriteScope(hook).catch((err) => log("error", "drain hook failed", { err }));
  }
  while (pending.size && Date.now() < deadline) {
    await Promise.race([Promise.allSettled([...pending]), new Promise((r) => setTimeout(r, deadline - Date.now()))]);
  }
}
