/**
 * Backups of the embedded database while the server runs. PGlite belongs to this one process (it holds the data
 * directory's lock), so `npm run backup` (scripts/ops/backup.js) asks the server for a copy: `POST /_ops/backup`
 * answers the data directory as a gzipped tarball, taken by PGlite between two statements, so it is consistent.
 *
 * Only the machine's operator may ask: the request must come from this machine, not through a proxy, and carry the
 * token this server wrote at start into its data directory (readable by the account that runs it, 0600), so
 * another account on the machine or a visitor through a local proxy gets 404. On PostgreSQL the endpoint is not
 * there: the script uses pg_dump.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Request, Response } from "express";
import { dumpDatabase } from "~/lib/db/db.server";
import { env } from "~/lib/env.server";
import { isLoopbackHost } from "~/lib/http/net";
import { log } from "~/lib/log.server";

export const BACKUP_PATH = "/_ops/backup";
/** Inside the data directory, beside the lock (lib/db/pglite-lock.server.ts); never part of a restore. */
const TOKEN_FILE = ".buurtplatform.ops-token";

let token: string | undefined;

/** Writes a fresh token into the embedded database's directory (called once the database is open). */
export function prepareBackupEndpoint() {
  const e = env();
  if (e.DATABASE_URL) return;
  const file = path.join(path.resolve(e.PGLITE_DIR), TOKEN_FILE);
  const fresh = crypto.randomBytes(32).toString("hex");
  try {
    fs.writeFileSync(file, fresh, { mode: 0o600 });
    fs.chmodSync(file, 0o600);
    token = fresh;
  } catch (err) {
    // The site runs without it; only `npm run backup` while it runs is refused.
    log("warn", "backup endpoint disabled: its token could not be written", { file, err });
  }
}

function allowed(req: Request): boolean {
  if (!token) return false;
  if (["x-forwarded-for", "forwarded", "x-real-ip"].some((h) => req.headers[h] !== undefined)) return false;
  if (!isLoopbackHost(req.socket.remoteAddress ?? "")) return false;
  const auth = req.headers.authorization ?? "";
  const given = crypto
    .createHash("sha256")
    .update(auth.replace(/^Bearer\s+/, ""))
    .digest();
  const wanted = crypto.createHash("sha256").update(token).digest();
  return auth.startsWith("Bearer ") && crypto.timingSafeEqual(given, wanted);
}

/** `POST /_ops/backup`. */
export async function backupHandler(req: Request, res: Response) {
  if (!allowed(req)) {
    res.status(404).type("text/plain").send("Not Found");
    return;
  }
  try {
    const started = Date.now();
    const dump = await dumpDatabase();
    if (!dump) {
      res.status(404).type("text/plain").send("Not Found");
      return;
    }
    const bytes = Buffer.from(await dump.arrayBuffer());
    log("info", "database backup taken", { bytes: bytes.length, ms: Date.now() - started });
    res.status(200).set("Cache-Control", "no-store").type("application/gzip").send(bytes);
  } catch (err) {
    log("error", "database backup failed", { err });
    res.status(500).type("text/plain").send("Internal Server Error");
  }
}
