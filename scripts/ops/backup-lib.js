// Backups that restore: what `npm run backup` and `npm run restore` do (docs/operations.md).
//
// A backup is a folder `buurtplatform-<kind>-<UTC time>` holding:
//   database.tar.gz   the embedded database (PGlite's data directory as a tarball), or
//   database.pgdump   PostgreSQL's custom-format dump (pg_dump), taken in one snapshot;
//   media/            the picture files of the "dir" storage driver (MEDIA_DIR), when there are any (the "db"
//                     driver keeps pictures in the database, so they are in the dump);
//   manifest.json     what it is, when, and every table's row count in the backup (the restore checks them).
// It is written under a `.partial` name and renamed when complete, so a folder without it is whole.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";

const LOCK_NAME = ".buurtplatform.lock";
const TOKEN_NAME = ".buurtplatform.ops-token";
const NAME = /^buurtplatform-(pglite|postgres)-\d{8}T\d{6}(\d{3})?Z$/;
const TABLES = `select table_schema as s, table_name as t from information_schema.tables
  where table_type = 'BASE TABLE' and table_schema in ('public', 'drizzle') order by 1, 2`;

/** The database and picture settings, as the server reads them (app/lib/env.server.ts). */
export function settings(env = process.env) {
  const url = env.DATABASE_URL?.trim();
  return {
    kind: url ? "postgres" : "pglite",
    url,
    dir: path.resolve(env.PGLITE_DIR || "./data"),
    mediaDir: path.resolve(env.MEDIA_DIR || "./data-media"),
    port: Number(env.PORT || 3000),
  };
}

const ident = (s) => `"${String(s).replace(/"/g, '""')}"`;

/** Every table's row count, through a `query(text)` that resolves to `{ rows }`. */
export async function rowCounts(query) {
  const counts = {};
  for (const { s, t } of (await query(TABLES)).rows) {
    const { rows } = await query(`select count(*)::int as n from ${ident(s)}.${ident(t)}`);
    counts[`${s}.${t}`] = Number(rows[0].n);
  }
  return counts;
}

export async function pglite() {
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { unaccent } = await import("@electric-sql/pglite/contrib/unaccent");
  return { PGlite, extensions: { pg_trgm, unaccent } };
}

/** The pid holding the embedded database's lock when that process is alive, else null. */
function lockHolder(dir) {
  let pid;
  try {
    pid = Number(fs.readFileSync(path.join(dir, LOCK_NAME), "utf8").trim());
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (e) {
    return e.code === "EPERM" ? pid : null;
  }
}

function run(cmd, args, env = process.env) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ["ignore", "ignore", "pipe"], env });
    let err = "";
    child.stderr.on("data", (d) => {
      err += d;
    });
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${cmd} failed (${code}): ${err.trim().slice(-2000)}`)),
    );
  });
}

/** The dump's tables and row counts, read back from the tarball itself (proves it loads). */
async function countsInTarball(file) {
  const { PGlite, extensions } = await pglite();
  const blob = new Blob([fs.readFileSync(file)]);
  const db = await PGlite.create({ loadDataDir: blob, extensions });
  try {
    return await rowCounts((q) => db.query(q));
  } finally {
    await db.close();
  }
}

/** The embedded database: from the running server (it holds the lock), or straight from the directory. */
async function dumpPglite(cfg, file, log) {
  const holder = lockHolder(cfg.dir);
  if (holder) {
    const token = fs.readFileSync(path.join(cfg.dir, TOKEN_NAME), "utf8").trim();
    const url = cfg.serverUrl ?? `http://127.0.0.1:${cfg.port}`;
    log(`asking the running server (pid ${holder}, ${url}) for a copy of ${cfg.dir}`);
    const res = await fetch(`${url}/_ops/backup`, { method: "POST", headers: { Authorization: `Bearer ${token}` } });
    if (!res.ok) throw new Error(`the server refused the backup: ${res.status}`);
    fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    return;
  }
  if (!fs.existsSync(path.join(cfg.dir, "PG_VERSION"))) throw new Error(`no embedded database in ${cfg.dir}`);
  // Nobody serves it: this script takes the lock for the time of the copy, so no server starts on it meanwhile.
  const lock = path.join(cfg.dir, LOCK_NAME);
  fs.writeFileSync(lock, String(process.pid), { flag: "wx" });
  try {
    const { PGlite, extensions } = await pglite();
    const db = await PGlite.create(cfg.dir, { extensions });
    try {
      fs.writeFileSync(file, Buffer.from(await (await db.dumpDataDir("gzip")).arrayBuffer()));
    } finally {
      await db.close();
    }
  } finally {
    fs.rmSync(lock, { force: true });
  }
}

/** PostgreSQL: pg_dump in an exported snapshot, and the row counts of that same snapshot. */
async function dumpPostgres(cfg, file) {
  const client = new pg.Client({ connectionString: cfg.url });
  await client.connect();
  try {
    await client.query("begin isolation level repeatable read read only");
    const { rows } = await client.query("select pg_export_snapshot() as s");
    const counts = await rowCounts((q) => client.query(q));
    await run("pg_dump", [
      "--format=custom",
      "--no-owner",
      "--no-privileges",
      `--snapshot=${rows[0].s}`,
      `--file=${file}`,
      `--dbname=${cfg.url}`,
    ]);
    await client.query("commit");
    return counts;
  } finally {
    await client.end();
  }
}

function mediaFiles(dir) {
  try {
    return fs.readdirSync(dir).filter((n) => !n.endsWith(".part") && fs.statSync(path.join(dir, n)).isFile());
  } catch {
    return [];
  }
}

const sha256 = (file) => crypto.createHash("sha256").update(fs.readFileSync(file)).digest("hex");
const stamp = (d = new Date()) =>
  d
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.(\d{3})Z$/, "$1Z");

/**
 * Takes a backup into `out` and returns its folder. `keep`: afterwards, only the newest `keep` backups of `out`
 * are kept.
 */
export async function backup({ out, keep, env = process.env, serverUrl, log = console.log }) {
  const cfg = { ...settings(env), serverUrl };
  fs.mkdirSync(out, { recursive: true });
  const name = `buurtplatform-${cfg.kind}-${stamp()}`;
  const partial = path.join(path.resolve(out), `${name}.partial`);
  fs.rmSync(partial, { recursive: true, force: true });
  // A backup holds every account's data: readable by the account that runs the server only.
  fs.mkdirSync(partial, { recursive: true, mode: 0o700 });
  const started = Date.now();
  let file;
  let counts;
  if (cfg.kind === "postgres") {
    file = "database.pgdump";
    counts = await dumpPostgres(cfg, path.join(partial, file));
  } else {
    file = "database.tar.gz";
    await dumpPglite(cfg, path.join(partial, file), log);
    counts = await countsInTarball(path.join(partial, file));
  }
  // Pictures after the database: a picture the dump names was written before it (files are never changed).
  const files = mediaFiles(cfg.mediaDir);
  if (files.length) {
    fs.mkdirSync(path.join(partial, "media"), { mode: 0o700 });
    for (const f of files) fs.copyFileSync(path.join(cfg.mediaDir, f), path.join(partial, "media", f));
  }
  const manifest = {
    format: 1,
    createdAt: new Date().toISOString(),
    database: { kind: cfg.kind, file, sha256: sha256(path.join(partial, file)) },
    tables: counts,
    media: { files: files.length },
  };
  fs.writeFileSync(path.join(partial, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  const final = path.join(path.resolve(out), name);
  fs.renameSync(partial, final);
  const rows = Object.values(counts).reduce((a, b) => a + b, 0);
  log(
    `backup ${final}: ${Object.keys(counts).length} tables, ${rows} rows, ${files.length} picture files, ` +
      `${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (keep) prune(out, Number(keep), log);
  return final;
}

/** Keeps the newest `keep` complete backups in `out`; deletes older ones and abandoned partial ones. */
export function prune(out, keep, log = console.log) {
  const entries = fs.readdirSync(out).sort();
  const whole = entries.filter((n) => NAME.test(n));
  for (const n of whole.slice(0, Math.max(0, whole.length - keep))) {
    fs.rmSync(path.join(out, n), { recursive: true, force: true });
    log(`removed old backup ${n}`);
  }
  const newest = whole[whole.length - 1];
  for (const n of entries.filter((e) => e.endsWith(".partial") && newest && e < newest)) {
    fs.rmSync(path.join(out, n), { recursive: true, force: true });
  }
}

export class RestoreRefused extends Error {}

async function restorePostgres(cfg, folder, manifest, force, log) {
  const client = new pg.Client({ connectionString: cfg.url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select count(*)::int as n from information_schema.tables where table_schema in ('public', 'drizzle')`,
    );
    if (rows[0].n > 0 && !force) {
      throw new RestoreRefused(
        `the target database is not empty (${rows[0].n} tables): restoring would replace it. ` +
          "Stop the servers and run again with --force to replace it.",
      );
    }
    if (rows[0].n > 0) {
      log("--force: dropping the target database's tables");
      await client.query("drop schema if exists drizzle cascade");
      await client.query("drop schema public cascade");
      await client.query("create schema public");
    }
  } finally {
    await client.end();
  }
  await run("pg_restore", [
    "--no-owner",
    "--no-privileges",
    "--exit-on-error",
    "--single-transaction",
    `--dbname=${cfg.url}`,
    path.join(folder, manifest.database.file),
  ]);
  const check = new pg.Client({ connectionString: cfg.url });
  await check.connect();
  try {
    return await rowCounts((q) => check.query(q));
  } finally {
    await check.end();
  }
}

async function restorePglite(cfg, folder, manifest, force, log) {
  const holder = lockHolder(cfg.dir);
  if (holder) throw new RestoreRefused(`a server (pid ${holder}) is using ${cfg.dir}: stop it first`);
  const present = fs.existsSync(cfg.dir) ? fs.readdirSync(cfg.dir).filter((n) => n !== LOCK_NAME) : [];
  if (present.length && !force) {
    throw new RestoreRefused(
      `the target directory ${cfg.dir} is not empty: restoring would replace it. Run again with --force to ` +
        "replace it (the old directory is kept beside it).",
    );
  }
  if (present.length) {
    const aside = `${cfg.dir}.replaced-${stamp()}`;
    fs.renameSync(cfg.dir, aside);
    log(`--force: the old directory is now ${aside}`);
  }
  fs.rmSync(cfg.dir, { recursive: true, force: true });
  fs.mkdirSync(cfg.dir, { recursive: true });
  const { PGlite, extensions } = await pglite();
  const blob = new Blob([fs.readFileSync(path.join(folder, manifest.database.file))]);
  const db = await PGlite.create({ dataDir: cfg.dir, loadDataDir: blob, extensions });
  try {
    return await rowCounts((q) => db.query(q));
  } finally {
    await db.close();
    // The copy carries the lock and token of the server it was taken from: neither belongs here.
    fs.rmSync(path.join(cfg.dir, LOCK_NAME), { force: true });
    fs.rmSync(path.join(cfg.dir, TOKEN_NAME), { force: true });
  }
}

/** Restores a backup folder into the configured database and MEDIA_DIR; checks every table's row count. */
export async function restore({ folder, force = false, env = process.env, log = console.log }) {
  const cfg = settings(env);
  const manifest = JSON.parse(fs.readFileSync(path.join(folder, "manifest.json"), "utf8"));
  if (manifest.format !== 1) throw new RestoreRefused(`unknown backup format ${manifest.format}`);
  if (manifest.database.kind !== cfg.kind) {
    throw new RestoreRefused(
      `this is a backup of the ${manifest.database.kind === "pglite" ? "embedded database (PGLITE_DIR)" : "PostgreSQL database (DATABASE_URL)"}; ` +
        `the configured database is ${cfg.kind === "pglite" ? "the embedded one" : "PostgreSQL"}`,
    );
  }
  if (sha256(path.join(folder, manifest.database.file)) !== manifest.database.sha256) {
    throw new RestoreRefused("the backup's database file is damaged (its checksum differs)");
  }
  const started = Date.now();
  const counts =
    cfg.kind === "postgres"
      ? await restorePostgres(cfg, folder, manifest, force, log)
      : await restorePglite(cfg, folder, manifest, force, log);
  const pictures = mediaFiles(path.join(folder, "media"));
  if (pictures.length) {
    fs.mkdirSync(cfg.mediaDir, { recursive: true });
    // Picture files are named by their content: one already there is the same picture.
    for (const f of pictures) {
      const target = path.join(cfg.mediaDir, f);
      if (!fs.existsSync(target)) fs.copyFileSync(path.join(folder, "media", f), target);
    }
  }
  const wrong = Object.entries(manifest.tables).filter(([t, n]) => counts[t] !== n);
  const extra = Object.keys(counts).filter((t) => !(t in manifest.tables));
  if (wrong.length || extra.length) {
    const lines = wrong.map(([t, n]) => `  ${t}: ${counts[t] ?? "missing"} rows, the backup has ${n}`);
    throw new Error(`the restored database differs from the backup:\n${[...lines, ...extra].join("\n")}`);
  }
  log(
    `restored ${folder} into ${cfg.kind === "postgres" ? "the PostgreSQL database" : cfg.dir}: ` +
      `${Object.keys(counts).length} tables with the backup's row counts, ${pictures.length} picture files, ` +
      `${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return counts;
}
