// Durability: a write load (report filing and promotion edits) against the server, which is killed with
// SIGKILL at random moments and restarted; afterwards every write the client saw acknowledged must be in
// the database, and the database must be consistent. Runs on PGlite and on PostgreSQL (when reachable).
//
//   node scripts/ops/durability.js [--db=pglite|postgres|both] [--kills=20] [--seed=1]
import { sql } from "drizzle-orm";
import {
  DEMO,
  args,
  ensureBuild,
  freePort,
  freshDemoDatabase,
  postForm,
  postgresAvailable,
  signIn,
  startServer,
  waitExit,
} from "./common.js";

const opts = args();
const KILLS = Number(opts.kills ?? 20);
let seed = Number(opts.seed ?? 1);
const random = () => {
  // mulberry32: reproducible kill moments for a given --seed.
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

async function rows(db, query) {
  const r = await db.execute(query);
  return r.rows ?? r;
}

/** The demo merchant's promotions (id, title, valid_until), read before the server starts. */
async function demoPromotions(database) {
  const handle = await database.open();
  const [{ id: merchantId }] = await rows(
    handle.db,
    sql`select m.id from merchants m join users u on u.id = m.id where u.email = ${DEMO.merchant.email}`,
  );
  const promotions = await rows(
    handle.db,
    sql`select id, title, valid_until::text as valid_until from promotions where merchant_id = ${merchantId} order by id`,
  );
  await handle.close();
  if (promotions.length === 0) throw new Error("the demo merchant has no promotions");
  return promotions;
}

/**
 * The write load: two residents filing reports and editors changing the demo merchant's promotion titles, each
 * noting what the server acknowledged. While `load.up` is false (the server restarts) they wait.
 */
function startLoad(kind, base, promotions, userCookie, merchantCookie) {
  const load = {
    up: true,
    stopped: false,
    seq: 0,
    attemptedReports: 0,
    ackedReports: new Set(),
    /** Per promotion: the titles attempted in order, and the index of the last acknowledged one. */
    edits: new Map(promotions.map((p) => [p.id, { attempted: [p.title], lastAck: 0 }])),
  };

  async function reporter() {
    while (!load.stopped) {
      if (!load.up) {
        await new Promise((r) => setTimeout(r, 20));
        continue;
      }
      const description = `durability report ${kind} ${++load.seq}`;
      load.attemptedReports++;
      try {
        const res = await postForm(base, "/report/hasselt", userCookie, { type: "other_urgent", description });
        if (res.status === 200) load.ackedReports.add(description);
        await res.arrayBuffer();
      } catch {
        /* the server died mid-request: not acknowledged */
      }
    }
  }

  // Each editor owns its own promotions, so the writes to one promotion are sequential and the last
  // acknowledged (or a later attempted) title is the only correct final state.
  async function editor(worker, workers) {
    const mine = promotions.filter((_p, i) => i % workers === worker);
    while (!load.stopped) {
      if (!load.up) {
        await new Promise((r) => setTimeout(r, 20));
        continue;
      }
      const p = mine[Math.floor(random() * mine.length)];
      const state = load.edits.get(p.id);
      const title = `Durability edit ${++load.seq}`;
      state.attempted.push(title);
      const index = state.attempted.length - 1;
      try {
        const res = await postForm(base, "/merchant/promotions", merchantCookie, {
          intent: "update",
          id: p.id,
          title,
          valid_until: p.valid_until,
          pricing_mode: "percentage",
          discount: "10% Off",
        });
        if (res.status === 200 && index > state.lastAck) state.lastAck = index;
        await res.arrayBuffer();
      } catch {
        /* not acknowledged */
      }
    }
  }

  const editors = Math.min(2, promotions.length);
  const workers = [reporter(), reporter(), ...Array.from({ length: editors }, (_v, w) => editor(w, editors))];
  load.finish = async () => {
    load.stopped = true;
    await Promise.all(workers);
  };
  return load;
}

/** Kills the server KILLS times at random moments under the load and restarts it; answers the last server. */
async function killAndRestart(kind, port, env, server, load) {
  for (let k = 1; k <= KILLS; k++) {
    await new Promise((r) => setTimeout(r, 800 + random() * 2000));
    load.up = false;
    server.kill("SIGKILL");
    await waitExit(server);
    server = await startServer(port, env);
    load.up = true;
    process.stdout.write(`  ${kind}: kill ${k}/${KILLS}, ${load.ackedReports.size} reports acknowledged\n`);
  }
  return server;
}

/** With the server stopped: every acknowledged write is stored, and no row lost its parent. */
async function verify(database, promotions, load) {
  const check = await database.open();
  const problems = [];
  const stored = new Set(
    (await rows(check.db, sql`select description from reports where description like 'durability report %'`)).map(
      (r) => r.description,
    ),
  );
  const lost = [...load.ackedReports].filter((d) => !stored.has(d));
  if (lost.length) problems.push(`${lost.length} acknowledged reports are missing, e.g. ${lost[0]}`);
  for (const p of promotions) {
    const state = load.edits.get(p.id);
    const [row] = await rows(check.db, sql`select title from promotions where id = ${p.id}`);
    const allowed = state.attempted.slice(state.lastAck);
    if (!row) problems.push(`promotion ${p.id} disappeared`);
    else if (!allowed.includes(row.title)) {
      problems.push(`promotion ${p.id} has "${row.title}", expected one of ${allowed.slice(0, 3).join(", ")}…`);
    }
  }
  const orphans = await rows(
    check.db,
    sql`select
      (select count(*) from reports r where not exists (select 1 from municipalities m where m.id = r.municipality_id))::int as reports,
      (select count(*) from promotions p where not exists (select 1 from merchants m where m.id = p.merchant_id))::int as promotions,
      (select count(*) from sessions s where not exists (select 1 from users u where u.id = s.user_id))::int as sessions`,
  );
  for (const [table, n] of Object.entries(orphans[0])) if (Number(n) > 0) problems.push(`${n} orphaned ${table}`);
  const [{ n: pendingCount }] = await rows(
    check.db,
    sql`select count(*)::int as n from reports where description like 'durability report %' and status <> 'pending'`,
  );
  if (pendingCount > 0) problems.push(`${pendingCount} filed reports are not pending`);
  await check.close();
  return { problems, stored: stored.size };
}

async function run(kind) {
  const database = await freshDemoDatabase(kind);
  const promotions = await demoPromotions(database);

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let server = await startServer(port, database.env);
  const userCookie = await signIn(base, DEMO.user);
  const merchantCookie = await signIn(base, DEMO.merchant);

  const load = startLoad(kind, base, promotions, userCookie, merchantCookie);
  server = await killAndRestart(kind, port, database.env, server, load);
  await new Promise((r) => setTimeout(r, 500));
  await load.finish();
  server.kill("SIGTERM");
  await waitExit(server);

  const { problems, stored } = await verify(database, promotions, load);
  await database.drop();

  const summary = {
    database: kind,
    kills: KILLS,
    reportsAttempted: load.attemptedReports,
    reportsAcknowledged: load.ackedReports.size,
    reportsStored: stored,
    promotionEdits: [...load.edits.values()].reduce((n, s) => n + s.attempted.length - 1, 0),
    problems,
  };
  console.log(JSON.stringify(summary));
  return problems.length === 0;
}

ensureBuild();
const which = opts.db ?? "both";
const kinds = which === "both" ? ["pglite", "postgres"] : [which];
let ok = true;
for (const kind of kinds) {
  if (kind === "postgres" && !(await postgresAvailable())) {
    if (process.env.CI === "true" || which === "postgres") {
      console.error("PostgreSQL is not reachable");
      ok = false;
    } else console.warn("PostgreSQL is not reachable: skipping it");
    continue;
  }
  console.log(`Durability on ${kind}: ${KILLS} kills`);
  ok = (await run(kind)) && ok;
}
console.log(ok ? "durability: 0 acknowledged writes lost, database consistent" : "durability: FAILED");
process.exit(ok ? 0 : 1);
