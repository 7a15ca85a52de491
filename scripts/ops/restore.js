// `npm run restore -- <backup folder> [--force]`: restores a backup made by `npm run backup` into the configured
// database (DATABASE_URL, or the embedded one in PGLITE_DIR) and MEDIA_DIR, then checks every table's row count
// against the backup. A database that is not empty is replaced only with --force (stop the servers first).
import { parseArgs } from "../lib/cli.js";
import { RestoreRefused, restore } from "./backup-lib.js";

const opts = parseArgs();
const folder = process.argv.slice(2).find((a) => !a.startsWith("--"));
if (!folder) {
  console.error("usage: npm run restore -- <backup folder> [--force]");
  process.exit(2);
}
try {
  await restore({ folder, force: opts.force === true });
} catch (err) {
  console.error(`restore ${err instanceof RestoreRefused ? "refused" : "failed"}: ${err?.message ?? err}`);
  process.exit(err instanceof RestoreRefused ? 3 : 1);
}
