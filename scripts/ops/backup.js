// `npm run backup`: a backup of the configured database (DATABASE_URL, or the embedded one in PGLITE_DIR, while
// the server runs or not) and of the picture files (MEDIA_DIR), into BACKUP_DIR (default ./backups).
//
//   npm run backup [-- --out=/srv/backups] [--keep=7] [--server=http://127.0.0.1:3000]
//
// --keep: afterwards only the newest N backups in the folder are kept. --server: where the running server
// answers, when it serves the embedded database and is not on 127.0.0.1:$PORT.
import { parseArgs } from "../lib/cli.js";
import { backup } from "./backup-lib.js";

const opts = parseArgs({ out: process.env.BACKUP_DIR || "./backups" });
try {
  const folder = await backup({
    out: opts.out,
    keep: opts.keep === undefined ? undefined : Number(opts.keep),
    serverUrl: typeof opts.server === "string" ? opts.server : undefined,
  });
  // The last line is the folder, for scripts.
  console.log(folder);
} catch (err) {
  console.error(`backup failed: ${err?.message ?? err}`);
  process.exit(1);
}
