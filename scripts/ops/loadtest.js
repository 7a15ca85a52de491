// Load test: a mixed load (guests browsing, residents filing reports, merchants editing promotions) at
// 50 connections for a bounded time against 127.0.0.1; then graceful shutdown under load: SIGTERM while
// writes are in flight must lose no acknowledged request. Exits non-zero on any error or 5xx.
//
//   node scripts/ops/loadtest.js [--db=pglite|postgres] [--duration=20] [--connections=50]
import autocannon from "autocannon";
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
const DURATION = Number(opts.duration ?? 20);
const CONNECTIONS = Number(opts.connections ?? 50);

function run(options) {
  return new Promise((resolve, reject) => {
    // A request counts as an error only after 30 s: the embedded database serialises writes under load.
    const instance = autocannon({ timeout: 30, ...options }, (err, result) => (err ? reject(err) : resolve(result)));
    autocannon.track(instance, { renderProgressBar: false, renderResultsTable: false, renderLatencyTable: false });
  });
}

async function rows(db, query) {
  const r = await db.execute(query);
  return r.rows ?? r;
}

ensureBuild();
const kind = opts.db ?? "pglite";
if (kind === "postgres" && !(await postgresAvailable())) throw new Error("PostgreSQL is not reachable");
const database = await freshDemoDatabase(kind);
const handle = await database.open();
const promotions = await rows(
  handle.db,
  sql`select p.id, p.valid_until::text as valid_until from promotions p join users u on u.id = p.merchant_id
      where u.email = ${DEMO.merchant.email}`,
);
const [{ id: promotionSample }] = await rows(
  handle.db,
  sql`select p.id from promotions p join municipalities m on m.id = p.municipality_id where m.slug = 'hasselt' limit 1`,
);
await handle.close();

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = await startServer(port, database.env);
const userCookie = await signIn(base, DEMO.user);
const merchantCookie = await signIn(base, DEMO.merchant);

const guestPaths = [
  "/",
  "/hasselt",
  "/promotions/hasselt",
  `/promotions/hasselt/${promotionSample}`,
  "/events/hasselt",
  "/merchants",
  "/reports/hasselt",
  "/about-us",
];
const form = (fields) => new URLSearchParams(fields).toString();
const postHeaders = (cookie) => ({
  "content-type": "application/x-www-form-urlencoded",
  origin: base,
  cookie,
});
let seq = 0;
const guestConnections = Math.max(1, CONNECTIONS - 10);
console.log(
  `Load: ${CONNECTIONS} connections for ${DURATION}s on ${kind} (${guestConnections} guests, 5 residents, 5 merchants)`,
);
const [guests, residents, merchants] = await Promise.all([
  run({ url: base, connections: guestConnections, duration: DURATION, requests: guestPaths.map((path) => ({ path })) }),
  run({
    url: base,
    connections: 5,
    duration: DURATION,
    requests: [
      {
        method: "POST",
        path: "/report/hasselt",
        headers: postHeaders(userCookie),
        setupRequest: (req) => ({ ...req, body: form({ type: "public_safety", description: `Load report ${++seq}` }) }),
      },
    ],
  }),
  run({
    url: base,
    connections: 5,
    duration: DURATION,
    requests: [
      {
        method: "POST",
        path: "/merchant/promotions",
        headers: postHeaders(merchantCookie),
        setupRequest: (req) => {
          const p = promotions[seq++ % promotions.length];
          return {
            ...req,
            body: form({
              intent: "update",
              id: p.id,
              title: `Load edit ${seq}`,
              valid_until: p.valid_until,
              pricing_mode: "percentage",
              discount: "15% Off",
            }),
          };
        },
      },
    ],
  }),
]);

const table = [
  ["load", "req/s", "p50 ms", "p99 ms", "requests", "errors", "timeouts", "non-2xx", "5xx"],
  ...[
    ["guests browsing", guests],
    ["residents filing reports", residents],
    ["merchants editing", merchants],
  ].map(([name, r]) => [
    name,
    r.requests.average.toFixed(0),
    r.latency.p50,
    r.latency.p99,
    r.requests.total,
    r.errors,
    r.timeouts,
    r.non2xx,
    r["5xx"],
  ]),
];
console.log(table.map((row) => `| ${row.join(" | ")} |`).join("\n"));
let failed = [guests, residents, merchants].some((r) => r.errors > 0 || r.timeouts > 0 || r["5xx"] > 0 || r.non2xx > 0);

// Graceful shutdown under load: every write answered 200 before or during the drain must be stored.
const acked = [];
let stopping = false;
const writers = Array.from({ length: 8 }, async (_v, w) => {
  let i = 0;
  while (!stopping || i === 0) {
    const description = `Shutdown report ${w}-${i++}`;
    try {
      const res = await postForm(base, "/report/hasselt", userCookie, { type: "fire", description });
      if (res.status === 200) acked.push(description);
      await res.arrayBuffer();
    } catch {
      break; // connection refused: the server has stopped accepting
    }
  }
});
await new Promise((r) => setTimeout(r, 1500));
stopping = true;
server.kill("SIGTERM");
const code = await waitExit(server);
await Promise.all(writers);
const check = await database.open();
const stored = new Set(
  (await rows(check.db, sql`select description from reports where description like 'Shutdown report %'`)).map(
    (r) => r.description,
  ),
);
await check.close();
const lost = acked.filter((d) => !stored.has(d));
console.log(
  `Graceful shutdown: exit code ${code}, ${acked.length} writes acknowledged during the drain, ${lost.length} lost`,
);
if (code !== 0 || lost.length > 0 || acked.length === 0) failed = true;
await database.drop();
console.log(failed ? "loadtest: FAILED" : "loadtest: 0 errors, 0 5xx, no acknowledged write lost");
process.exit(failed ? 1 : 0);
