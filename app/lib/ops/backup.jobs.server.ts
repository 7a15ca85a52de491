/**
 * The daily backup (BACKUP_DAILY=true): at 02:30 UTC whichever process claims the job runs `npm run backup`
 * (scripts/ops/backup.js) into BACKUP_DIR and keeps the newest BACKUP_KEEP backups there. The script is the same
 * one the operator runs by hand; for the embedded database it asks this server for the copy (backup-endpoint).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { env } from "~/lib/env.server";
import { PermanentJobError, registerJob, registerRecurring } from "~/lib/jobs/jobs.server";
import { log } from "~/lib/log.server";

const BACKUP_JOB = "ops.backup";
const DAY = 86_400_000;

/** Where the script reaches this server: its own port, on the loopback address unless it listens elsewhere. */
function serverUrl(): string {
  const e = env();
  const any = ["0.0.0.0", "::", "127.0.0.1", "localhost", "::1"].includes(e.HOST);
  const host = any ? "127.0.0.1" : e.HOST.includes(":") ? `[${e.HOST}]` : e.HOST;
  return `http://${host}:${e.PORT}`;
}

let daily = false;
try {
  daily = env().BACKUP_DAILY;
} catch {
  // An invalid configuration is reported at start (bootstrap), with every bad setting.
}
if (daily)
  registerRecurring(BACKUP_JOB, { everyMs: DAY, offsetMs: 2 * 3_600_000 + 30 * 60_000, catchUpMs: 6 * 3_600_000 });

registerJob(
  BACKUP_JOB,
  async (_payload, ctx) => {
    const e = env();
    const script = path.resolve(process.cwd(), "scripts/ops/backup.js");
    if (!fs.existsSync(script)) throw new PermanentJobError(`${script} is missing`);
    const args = [script, `--out=${e.BACKUP_DIR}`, `--keep=${e.BACKUP_KEEP}`, `--server=${serverUrl()}`];
    // A large database takes a while: the lease is kept while the script runs.
    const lease = setInterval(() => void ctx.extendLease().catch(() => {}), 60_000);
    try {
      const output = await new Promise<string>((resolve, reject) => {
        const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"], env: process.env });
        let out = "";
        child.stdout.on("data", (d) => {
          out += d;
        });
        child.stderr.on("data", (d) => {
          out += d;
        });
        child.on("error", reject);
        child.on("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(out.trim().slice(-1000)))));
      });
      log("info", "daily backup written", { folder: output.trim().split("\n").pop() });
    } finally {
      clearInterval(lease);
    }
  },
  { maxAttempts: 3, baseDelayMs: 5 * 60_000 },
);
