// Two app processes on one PostgreSQL database: what one writes, the other serves at once.
//   1. caches: a guest page and a signed-in page cached on B; a merchant edits on A; B's very next answers
//      show the edit (guest page cache, shared data cache);
//   2. live events: a reader holds B's live stream open; a merchant adds a promotion on A; the stream
//      brings it (within 2 s), and a stream resumed with Last-Event-ID brings it exactly once;
//   3. rate limits: report filing alternated between A and B is limited as one.
// Exits non-zero on the first failed check. Part of `npm test`.
//
//   node scripts/ops/multiprocess.js [--port=4250]   (two ports: the given one and the next; free ones by default)
import { sql } from "drizzle-orm";
import {
  DEMO,
  args,
  ensureBuild,
  freePort,
  freshDemoDatabase,
  postForm,
  postgresAvailable,
  readEvents,
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

async function rows(db, query) {
  const r = await db.execute(query);
  return r.rows ?? r;
}

async function get(base, path, cookie) {
  const res = await fetch(base + path, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });
  return { status: res.status, cache: res.headers.get("x-cache"), body: await res.text() };
}

if (!(await postgresAvailable())) {
  if (process.env.CI === "true") throw new Error("PostgreSQL is not reachable");
  console.warn("multiprocess: PostgreSQL is not reachable, skipped");
  process.exit(0);
}
ensureBuild();
const database = await freshDemoDatabase("postgres");
const handle = await database.open();
const [promotion] = await rows(
  handle.db,
  sql`select p.id, p.valid_until::text as valid_until from promotions p join users u on u.id = p.merchant_id
      join municipalities m on m.id = p.municipality_id
      where u.email = ${DEMO.merchant.email} and m.slug = 'hasselt' and p.valid_until >= current_date
      order by p.id limit 1`,
);
await handle.close();
// A current one: the lists and the live panel show only promotions that still run.
if (!promotion) throw new Error("the demo merchant has no current promotion in Hasselt");

const portA = opts.port ? Number(opts.port) : await freePort();
const portB = opts.port ? Number(opts.port) + 1 : await freePort();
const A = `http://127.0.0.1:${portA}`;
const B = `http://127.0.0.1:${portB}`;
// One worker each: two processes, as two machines would run them. Reports are limited to 3 per hour.
const env = { ...database.env, WEB_CONCURRENCY: "1", RATE_LIMIT_REPORT: "3/1h", CACHE_TTL: "60" };
const servers = await Promise.all([startServer(portA, env), startServer(portB, env)]);
try {
  const merchantOnA = await signIn(A, DEMO.merchant);
  const userOnB = await signIn(B, DEMO.user);
  console.log(`Two processes on one PostgreSQL database: A ${A}, B ${B}`);

  // 1. Caches on B, a write on A, B's next answers.
  const detail = `/promotions/hasselt/${promotion.id}`;
  await get(B, detail);
  check((await get(B, detail)).cache === "HIT", "B serves the guest promotion page from its cache");
  const list = "/promotions/hasselt?sort=title";
  await get(B, list, userOnB);
  const title = `AAA Edited on A ${Date.now()}`;
  const edit = await postForm(A, "/merchant/promotions", merchantOnA, {
    intent: "update",
    id: promotion.id,
    title,
    valid_until: promotion.valid_until,
    pricing_mode: "percentage",
    discount: "20% Off",
  });
  await edit.arrayBuffer();
  check(edit.status === 200, `the merchant's edit on A is answered 200 (got ${edit.status})`);
  const guestAfter = await get(B, detail);
  check(guestAfter.body.includes(title), "B's next guest answer shows the edit made on A");
  const signedAfter = await get(B, list, userOnB);
  check(signedAfter.body.includes(title), "B's next signed-in promotions list shows the edit made on A");

  // 2. Live events written on A arrive on B's stream.
  const stream = await fetch(`${B}/live/hasselt`, { headers: { Accept: "text/event-stream", Cookie: userOnB } });
  check(stream.status === 200, "B opens the live stream");
  check(/no-store/.test(stream.headers.get("cache-control") ?? ""), "the live stream is never cached");
  check(!stream.headers.get("content-encoding"), "the live stream is not compressed");
  const newTitle = `Live from A ${Date.now()}`;
  const receive = readEvents(stream, (evs) => evs.some((e) => e.data.label === newTitle), 5_000);
  await new Promise((r) => setTimeout(r, 200));
  const writtenAt = Date.now();
  const create = await postForm(A, "/merchant/promotions", merchantOnA, {
    intent: "create",
    title: newTitle,
    valid_until: promotion.valid_until,
    pricing_mode: "percentage",
    discount: "10% Off",
  });
  await create.arrayBuffer();
  check(create.status === 200, `the merchant adds a promotion on A (got ${create.status})`);
  const events = await receive;
  const hit = events.find((e) => e.event === "live" && e.data.label === newTitle);
  check(!!hit, "the new promotion arrives on B's live stream");
  if (hit) {
    check(hit.at - writtenAt < 2_000, `it arrives within 2 s (${hit.at - writtenAt} ms)`);
    const before = String(BigInt(hit.id) - 1n);
    const resumed = await fetch(`${B}/live/hasselt`, { headers: { "Last-Event-ID": before } });
    const again = await readEvents(resumed, () => false, 1_500);
    check(
      again.filter((e) => e.data.label === newTitle).length === 1,
      "a stream resumed with Last-Event-ID brings it exactly once",
    );
    const after = await fetch(`${A}/live/hasselt`, { headers: { "Last-Event-ID": hit.id } });
    const none = await readEvents(after, () => false, 1_000);
    check(!none.some((e) => e.data.label === newTitle), "a stream resumed after it does not bring it again");
  }

  // 3. Rate limits are shared: 3 reports per hour, filed alternately on A and B.
  const statuses = [];
  const userOnA = await signIn(A, DEMO.user);
  for (let i = 0; i < 4; i++) {
    const [base, cookie] = i % 2 === 0 ? [A, userOnA] : [B, userOnB];
    const res = await postForm(base, "/report/hasselt", cookie, { type: "other_urgent", description: `Shared ${i}` });
    statuses.push(res.status);
    await res.arrayBuffer();
  }
  check(
    statuses.slice(0, 3).every((s) => s === 200) && statuses[3] === 429,
    `report filing alternated between A and B is limited as one (${statuses.join(", ")})`,
  );

  // Health per process.
  const health = await (await fetch(`${A}/healthz`)).json();
  check(health.status === "ok" && typeof health.pid === "number", "/healthz says which process answered");
} finally {
  for (const s of servers) s.kill("SIGTERM");
  const codes = await Promise.all(servers.map(waitExit));
  check(
    codes.every((c) => c === 0),
    `both processes stop cleanly on SIGTERM with streams open (exit ${codes.join(", ")})`,
  );
  await database.drop();
}
console.log(
  failures.length
    ? `multiprocess: FAILED (${failures.length})`
    : `multiprocess: every check passed in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
process.exit(failures.length ? 1 : 0);
