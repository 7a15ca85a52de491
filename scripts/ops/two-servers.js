// More than one server: Debian's nginx (/usr/sbin/nginx) with the proxy settings of deploy/nginx.conf in front of
// two app servers (separate processes, different ports) on one PostgreSQL database. Shows:
//   1. a write through one server is read through the other at once;
//   2. a live event written on one arrives on the other's stream, and through nginx unbuffered;
//   3. a session signed in through one is valid on the other;
//   4. rate limits are shared, and a client cannot dodge them with a forged X-Forwarded-For;
//   5. one server killed with SIGKILL under load costs no failed GET (nginx retries the other) and no write
//      that was acknowledged.
// Exits non-zero on the first failed check. Part of `npm test` (needs nginx: apt-get install nginx-light).
//
//   node scripts/ops/two-servers.js [--port=4415]   (nginx on the given port, the app servers on the next two)
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import {
  DEMO,
  ROOT,
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

const NGINX = process.env.NGINX_BIN ?? "/usr/sbin/nginx";
const opts = args();
const started = Date.now();
const failures = [];
function check(ok, what) {
  console.log(`${ok ? "  ok  " : "  FAIL"} ${what}`);
  if (!ok) failures.push(what);
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function rows(db, query) {
  const r = await db.execute(query);
  return r.rows ?? r;
}

/** nginx with deploy/nginx.conf's proxy settings (between its two marker lines), plain HTTP on `port`. */
async function startNginx(port, upstreams) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bp-nginx-"));
  const site = fs.readFileSync(path.join(ROOT, "deploy/nginx.conf"), "utf8");
  const settings = /# --- proxy settings begin[^\n]*\n([\s\S]*?)\n\s*# --- proxy settings end/.exec(site)?.[1];
  if (!settings) throw new Error("deploy/nginx.conf has no proxy settings markers");
  const conf = `
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  proxy_cache_path ${dir}/cache levels=1:2 keys_zone=buurtplatform_assets:1m max_size=64m inactive=1h use_temp_path=off;
  upstream buurtplatform {
${upstreams.map((u) => `    server ${u} max_fails=1 fail_timeout=10s;`).join("\n")}
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${port};
${settings}
  }
}
`;
  fs.writeFileSync(path.join(dir, "nginx.conf"), conf);
  const args = ["-p", dir, "-e", path.join(dir, "error.log"), "-c", path.join(dir, "nginx.conf")];
  const test = spawn(NGINX, [...args, "-t", "-q"], { stdio: ["ignore", "ignore", "pipe"] });
  let err = "";
  test.stderr.on("data", (d) => {
    err += d;
  });
  if ((await waitExit(test)) !== 0) throw new Error(`nginx refused the configuration:\n${err}`);
  const child = spawn(NGINX, [...args, "-g", "daemon off; user root;"], { stdio: ["ignore", "ignore", "pipe"] });
  child.stderr.on("data", (d) => {
    err += d;
  });
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`nginx exited:\n${err}`);
    if (
      await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await sleep(100);
  }
  return {
    child,
    stop: async () => {
      child.kill("SIGTERM");
      await waitExit(child);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function text(url, cookie) {
  const res = await fetch(url, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });
  return { status: res.status, location: res.headers.get("location"), body: await res.text() };
}

/** GETs and acknowledged writes through nginx while `during` runs (the kill); counts what failed. */
async function underLoad(site, cookie, ms, during) {
  const stats = { gets: 0, failedGets: [], writes: 0, acknowledged: [], refusedWrites: 0 };
  const until = Date.now() + ms;
  const pages = ["/promotions/hasselt", "/events/hasselt", "/hasselt", "/merchants", "/"];
  const reader = async (i) => {
    for (let n = i; Date.now() < until; n++) {
      const page = pages[n % pages.length];
      try {
        const res = await fetch(site + page);
        await res.arrayBuffer();
        if (res.status !== 200) stats.failedGets.push(`${page} ${res.status}`);
      } catch (err) {
        stats.failedGets.push(`${page} ${err.cause?.code ?? err.message}`);
      }
      stats.gets++;
    }
  };
  const writer = async (i) => {
    for (let n = 0; Date.now() < until; n++) {
      const description = `Load write ${i}-${n}-${Date.now()}`;
      try {
        const res = await postForm(site, "/report/hasselt", cookie, { type: "other_urgent", description }, site);
        await res.arrayBuffer();
        if (res.status === 200) stats.acknowledged.push(description);
        else stats.refusedWrites++;
      } catch {
        stats.refusedWrites++;
      }
      stats.writes++;
    }
  };
  await Promise.all([...[0, 1, 2, 3, 4, 5].map(reader), writer(0), writer(1), during()]);
  return stats;
}

if (!(await postgresAvailable())) {
  if (process.env.CI === "true") throw new Error("PostgreSQL is not reachable");
  console.warn("two-servers: PostgreSQL is not reachable, skipped");
  process.exit(0);
}
if (!fs.existsSync(NGINX)) {
  if (process.env.CI === "true") throw new Error(`${NGINX} is missing (apt-get install nginx-light)`);
  console.warn(`two-servers: ${NGINX} is missing (apt-get install nginx-light), skipped`);
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
// A current one: the live panel announces only promotions that still run, and the new one copies its date.
if (!promotion) throw new Error("the demo merchant has no current promotion in Hasselt");
// Servers behind a proxy refuse the demo's published passwords: every account gets a private one here.
const PASSWORD = "Two-Servers-Private-2026!";
{
  const { hashPassword } = await import("better-auth/crypto");
  await handle.db.execute(sql`update accounts set password = ${await hashPassword(PASSWORD)}`);
}
const MERCHANT = { email: DEMO.merchant.email, password: PASSWORD };
const USER = { email: DEMO.user.email, password: PASSWORD };

const base = opts.port ? Number(opts.port) : 0;
const [portN, portA, portB] = base
  ? [base, base + 1, base + 2]
  : [await freePort(), await freePort(), await freePort()];
const SITE = `http://127.0.0.1:${portN}`;
const A = `http://127.0.0.1:${portA}`;
const B = `http://127.0.0.1:${portB}`;
// Both servers as deploy/nginx.conf describes them: behind the proxy, believing X-Forwarded-For from it alone.
const env = {
  ...database.env,
  WEB_CONCURRENCY: "1",
  PUBLIC_URL: SITE,
  TRUST_PROXY: "true",
  TRUST_PROXY_FROM: "loopback",
  RATE_LIMIT_AUTH: "6/15m",
  CACHE_TTL: "60",
  JOBS_WORKER: "false",
};
const servers = [];
let nginx;
let killedA = false;
try {
  servers.push(...(await Promise.all([startServer(portA, env), startServer(portB, env)])));
  nginx = await startNginx(portN, [`127.0.0.1:${portA}`, `127.0.0.1:${portB}`]);
  console.log(`nginx ${SITE} in front of A ${A} and B ${B}, one PostgreSQL database`);
  const pids = new Set();
  for (let i = 0; i < 4; i++) pids.add((await (await fetch(`${SITE}/healthz`)).json()).pid);
  check(pids.size === 2, `nginx shares the requests between both servers (${pids.size} processes answered)`);

  // 1. A write on A, read on B at once (B had the page cached).
  const merchantOnA = await signIn(A, MERCHANT, SITE);
  const detail = `/promotions/hasselt/${promotion.id}`;
  await text(B + detail);
  const title = `Written on A ${Date.now()}`;
  const edit = await postForm(
    A,
    "/merchant/promotions",
    merchantOnA,
    {
      intent: "update",
      id: promotion.id,
      title,
      valid_until: promotion.valid_until,
      pricing_mode: "percentage",
      discount: "20% Off",
    },
    SITE,
  );
  await edit.arrayBuffer();
  check(edit.status === 200, `the merchant's edit on A is answered 200 (got ${edit.status})`);
  check((await text(B + detail)).body.includes(title), "B's very next answer shows the edit made on A");

  // 2. Live events: B's stream directly, and a stream through nginx (which must not buffer it).
  const onB = await fetch(`${B}/live/hasselt`, { headers: { Accept: "text/event-stream" } });
  const viaSite = await fetch(`${SITE}/live/hasselt`, { headers: { Accept: "text/event-stream" } });
  check(onB.status === 200 && viaSite.status === 200, "live streams open on B and through nginx");
  const label = `Live from A ${Date.now()}`;
  const wanted = (evs) => evs.some((e) => e.data.label === label);
  const receiving = [readEvents(onB, wanted, 5_000), readEvents(viaSite, wanted, 5_000)];
  await sleep(200);
  const writtenAt = Date.now();
  const create = await postForm(
    A,
    "/merchant/promotions",
    merchantOnA,
    {
      intent: "create",
      title: label,
      valid_until: promotion.valid_until,
      pricing_mode: "percentage",
      discount: "10% Off",
    },
    SITE,
  );
  await create.arrayBuffer();
  const [eventsB, eventsSite] = await Promise.all(receiving);
  const atB = eventsB.find((e) => e.data.label === label);
  const atSite = eventsSite.find((e) => e.data.label === label);
  check(
    !!atB && atB.at - writtenAt < 2_000,
    `a promotion added on A arrives on B's live stream (${atB ? atB.at - writtenAt : "never"} ms)`,
  );
  check(
    !!atSite && atSite.at - writtenAt < 2_000,
    `and on a stream through nginx, unbuffered (${atSite ? atSite.at - writtenAt : "never"} ms)`,
  );

  // 3. A session signed in on A is valid on B; without it B sends the reader to sign in.
  const userOnA = await signIn(A, USER, SITE);
  const profileB = await text(`${B}/profile`, userOnA);
  check(profileB.status === 200, `the session signed in on A opens /profile on B (${profileB.status})`);
  const guestB = await text(`${B}/profile`);
  check(
    guestB.status >= 300 && guestB.status < 400 && /login/.test(guestB.location ?? ""),
    "a guest on B is sent to sign in",
  );

  // 4. Sign-in attempts (6 per 15 min per address; two sign-ins above) through nginx, each claiming another
  //    address in X-Forwarded-For: nginx replaces it, both servers count one client in one shared limit.
  const statuses = [];
  for (let i = 0; i < 6; i++) {
    const res = await fetch(`${SITE}/login`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: SITE,
        "X-Forwarded-For": `203.0.113.${i + 1}`,
      },
      body: new URLSearchParams({ email: `nobody${i}@example.org`, password: "wrong-password-123" }),
    });
    await res.arrayBuffer();
    statuses.push(res.status);
  }
  check(
    statuses.includes(429) && statuses.indexOf(429) <= 4,
    `failed sign-ins through both servers with forged addresses are limited as one client (${statuses.join(", ")})`,
  );

  // 5. SIGKILL A under load: no GET fails, every acknowledged write is there.
  const residentOnSite = userOnA;
  const stats = await underLoad(SITE, residentOnSite, 5_000, async () => {
    await sleep(1_500);
    servers[0].kill("SIGKILL");
    killedA = true;
  });
  check(stats.gets > 50, `load through nginx: ${stats.gets} GETs, ${stats.writes} writes, A killed after 1.5 s`);
  check(
    stats.failedGets.length === 0,
    `no GET failed (${stats.failedGets.length}${stats.failedGets.length ? `: ${stats.failedGets.slice(0, 5).join("; ")}` : ""})`,
  );
  const stored = new Set(
    (await rows(handle.db, sql`select description from reports where description like ${"Load write %"}`)).map(
      (r) => r.description,
    ),
  );
  const lost = stats.acknowledged.filter((d) => !stored.has(d));
  check(
    stats.acknowledged.length > 0 && lost.length === 0,
    `every acknowledged write is stored (${stats.acknowledged.length} acknowledged, ${lost.length} lost, ${stats.refusedWrites} not acknowledged)`,
  );
  const ready = await fetch(`${SITE}/readyz`);
  check(ready.status === 200, "the site stays ready on B alone");
} finally {
  await nginx?.stop();
  if (!killedA) servers[0]?.kill("SIGTERM");
  servers[1]?.kill("SIGTERM");
  await Promise.all(servers.map(waitExit));
  await handle.close();
  await database.drop();
}
console.log(
  failures.length
    ? `two-servers: FAILED (${failures.length})`
    : `two-servers: every check passed in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
process.exit(failures.length ? 1 : 0);
