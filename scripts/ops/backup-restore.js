// Backups that restore, checked end to end on both databases and both picture stores:
//   1. the embedded database (pictures in the database): a running demo is backed up through the server, the
//      backup is restored into an empty directory, every table has the source's row count, a server started on
//      the copy serves a picture with the same bytes; restoring over it again is refused without --force;
//   2. PostgreSQL (pictures in MEDIA_DIR): the same with pg_dump/pg_restore and a picture uploaded to the
//      directory store; the daily backup job writes a backup and keeps BACKUP_KEEP; with --force a restore
//      replaces a non-empty database (skipped when PostgreSQL is not reachable, except on CI).
// Exits non-zero on the first failed check. Kept short for `npm test`.
//
//   node scripts/ops/backup-restore.js [--port=4410]   (uses the given port and the next; free ones by default)
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import sharp from "sharp";
import { RestoreRefused, backup, pglite, restore, rowCounts } from "./backup-lib.js";
import {
  DEMO,
  PG_ADMIN_URL,
  args,
  ensureBuild,
  freePort,
  freshDemoDatabase,
  postgresAvailable,
  signIn,
  startServer,
  waitExit,
} from "./common.js";

const opts = args();
const started = Date.now();
const failures = [];
function check(ok, what) {
  console.log(`${ok ? "  ok  " : "  FAIL"} ${what}`);
  if (!ok) failures.push(what);
}
const quiet = () => {};

/** Temporary folders, all removed at the end. */
const made = [];
const tmp = (name) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `bp-backup-${name}-`));
  made.push(dir);
  return dir;
};
let nextPort = opts.port ? Number(opts.port) : 0;
const port = async () => (nextPort ? nextPort++ : freePort());

async function stop(server) {
  server.kill("SIGTERM");
  await waitExit(server);
}

/** A picture the server shows on a guest page, and its bytes. */
async function somePicture(base) {
  const html = await (await fetch(`${base}/promotions/hasselt`)).text();
  const url = /\/media\/[A-Za-z0-9._-]+/.exec(html)?.[0];
  if (!url) throw new Error("no picture on the promotions page");
  return { url, bytes: await bytesOf(base, url) };
}

async function bytesOf(base, url, cookie) {
  const res = await fetch(base + url, { headers: cookie ? { Cookie: cookie } : {} });
  return res.ok ? Buffer.from(await res.arrayBuffer()) : Buffer.alloc(0);
}

function sameCounts(restored, source) {
  const tables = Object.keys(source);
  const differ = tables.filter((t) => restored[t] !== source[t]);
  check(
    differ.length === 0 && Object.keys(restored).length === tables.length,
    `every table (${tables.length}, ${Object.values(source).reduce((a, b) => a + b, 0)} rows) has the source's row count${differ.length ? `: ${differ.join(", ")} differ` : ""}`,
  );
}

/** Restoring again over the restored database is refused; with --force (`force`, checked once) it replaces it. */
async function refusesOverNonEmpty(env, folder, force = true) {
  const refused = await restore({ folder, env, log: quiet }).then(
    () => false,
    (err) => err instanceof RestoreRefused,
  );
  check(refused, "restoring over a non-empty database is refused without --force");
  if (!force) return;
  const forced = await restore({ folder, env, force: true, log: quiet }).then(
    () => true,
    (err) => {
      console.error(err);
      return false;
    },
  );
  check(forced, "with --force it replaces it");
}

async function embedded(out) {
  console.log("Embedded database, pictures in the database:");
  const database = await freshDemoDatabase("pglite");
  const media = tmp("media");
  // No background work: the source does not change after the backup, so its row counts compare with the copy's.
  const env = { ...database.env, JOBS_WORKER: "false", MEDIA_DIR: media };
  const p = await port();
  const base = `http://127.0.0.1:${p}`;
  let server = await startServer(p, env);
  let folder;
  let picture;
  try {
    picture = await somePicture(base);
    folder = await backup({ out, env, serverUrl: base, log: quiet });
    check(fs.existsSync(path.join(folder, "manifest.json")), "a running server's database is backed up");
  } finally {
    await stop(server);
  }
  const { PGlite, extensions } = await pglite();
  const source = await PGlite.create(database.env.PGLITE_DIR, { extensions });
  const sourceCounts = await rowCounts((q) => source.query(q));
  await source.close();

  const target = path.join(tmp("restored"), "data");
  const targetEnv = { PGLITE_DIR: target, MEDIA_DIR: tmp("media"), DATABASE_URL: "" };
  sameCounts(await restore({ folder, env: targetEnv, log: quiet }), sourceCounts);
  server = await startServer(p, { ...targetEnv, JOBS_WORKER: "false" });
  try {
    const bytes = await bytesOf(base, picture.url);
    check(bytes.length > 0 && bytes.equals(picture.bytes), `the restored copy serves ${picture.url} byte for byte`);
  } finally {
    await stop(server);
  }
  await refusesOverNonEmpty(targetEnv, folder, false);
  await database.drop();
}

async function uploadPicture(base, cookie) {
  const image = await sharp({ create: { width: 640, height: 400, channels: 3, background: "#3a7" } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append("file", new Blob([image], { type: "image/jpeg" }), "shop.jpg");
  const res = await fetch(`${base}/media/upload`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: base },
    body: form,
  });
  const body = await res.json();
  if (!body.ok) throw new Error(`upload refused: ${JSON.stringify(body)}`);
  return body.url;
}

async function createDatabase(name) {
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(PG_ADMIN_URL);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

async function countsOf(url) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await rowCounts((q) => c.query(q));
  } finally {
    await c.end();
  }
}

/** The daily backup job, enqueued now: a new backup in BACKUP_DIR, older ones beyond BACKUP_KEEP removed. */
async function dailyBackup(url, dir) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(`insert into jobs (type, payload) values ('ops.backup', '{}')`);
    let status = "pending";
    for (let i = 0; i < 150 && (status === "pending" || status === "running"); i++) {
      await new Promise((r) => setTimeout(r, 100));
      ({ status } = (await c.query(`select status from jobs where type = 'ops.backup'`)).rows[0]);
    }
    const left = fs.readdirSync(dir);
    check(
      status === "done" && left.length === 1 && fs.existsSync(path.join(dir, left[0], "manifest.json")),
      `the daily backup job writes a backup and keeps BACKUP_KEEP=1 (${status}: ${left.join(", ")})`,
    );
  } finally {
    await c.end();
  }
}

async function postgres(out) {
  console.log("PostgreSQL, pictures in MEDIA_DIR:");
  const database = await freshDemoDatabase("postgres");
  const media = tmp("media");
  const env = {
    ...database.env,
    JOBS_WORKER: "false",
    MEDIA_STORAGE: "dir",
    MEDIA_DIR: media,
    WEB_CONCURRENCY: "1",
  };
  const p = await port();
  const base = `http://127.0.0.1:${p}`;
  let server = await startServer(p, env);
  let folder;
  let uploaded;
  let inDatabase;
  try {
    const cookie = await signIn(base, DEMO.merchant);
    const url = await uploadPicture(base, cookie);
    // Not yet used on a page: only its owner may see it.
    uploaded = { url, bytes: await bytesOf(base, url, cookie) };
    const files = fs.readdirSync(media);
    check(files.length > 0 && uploaded.bytes.length > 0, `a picture is uploaded to MEDIA_DIR (${files.length} files)`);
    inDatabase = await somePicture(base);
    folder = await backup({ out, env, log: quiet });
  } finally {
    await stop(server);
  }
  const sourceCounts = await countsOf(database.env.DATABASE_URL);
  const target = await createDatabase(`ops_restore_${Date.now().toString(36)}`);
  try {
    const targetEnv = { DATABASE_URL: target.url, MEDIA_DIR: tmp("media") };
    sameCounts(await restore({ folder, env: targetEnv, log: quiet }), sourceCounts);
    // The restored server also runs the background jobs: the daily backup job is run once by hand below.
    const daily = tmp("daily");
    for (const old of ["20000101T000000Z", "20000102T000000Z"]) {
      fs.mkdirSync(path.join(daily, `buurtplatform-postgres-${old}`));
    }
    server = await startServer(p, {
      ...targetEnv,
      MEDIA_STORAGE: "dir",
      WEB_CONCURRENCY: "1",
      JOBS_POLL_MS: "100",
      BACKUP_DIR: daily,
      BACKUP_KEEP: "1",
    });
    try {
      await dailyBackup(target.url, daily);
      const fromDir = await bytesOf(base, uploaded.url, await signIn(base, DEMO.merchant));
      check(
        fromDir.length > 0 && fromDir.equals(uploaded.bytes),
        `the restored copy serves the uploaded ${uploaded.url} byte for byte`,
      );
      const fromDb = await bytesOf(base, inDatabase.url);
      check(
        fromDb.length > 0 && fromDb.equals(inDatabase.bytes),
        `and the picture kept in the database, ${inDatabase.url}`,
      );
    } finally {
      await stop(server);
    }
    await refusesOverNonEmpty(targetEnv, folder);
  } finally {
    await target.drop();
    await database.drop();
  }
}

ensureBuild();
const out = tmp("out");
try {
  await embedded(out);
  if (await postgresAvailable()) await postgres(out);
  else if (process.env.CI === "true") throw new Error("PostgreSQL is not reachable");
  else console.warn("backup-restore: PostgreSQL is not reachable, its part skipped");
} finally {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
}
console.log(
  failures.length
    ? `backup-restore: FAILED (${failures.length})`
    : `backup-restore: every check passed in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
process.exit(failures.length ? 1 : 0);
