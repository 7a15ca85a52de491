// Updates without downtime: SIGHUP to the primary of a two-worker cluster on PostgreSQL replaces the workers one at
// a time while requests keep coming. Shows that every worker was replaced (new process ids), that no request
// failed meanwhile, and that the cluster still stops cleanly on SIGTERM.
//
//   node scripts/ops/rolling-restart.js [--port=4419]
import { args, ensureBuild, freePort, freshDemoDatabase, postgresAvailable, startServer, waitExit } from "./common.js";

const opts = args();
const started = Date.now();
const failures = [];
function check(ok, what) {
  console.log(`${ok ? "  ok  " : "  FAIL"} ${what}`);
  if (!ok) failures.push(what);
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

if (!(await postgresAvailable())) {
  if (process.env.CI === "true") throw new Error("PostgreSQL is not reachable");
  console.warn("rolling-restart: PostgreSQL is not reachable, skipped");
  process.exit(0);
}
ensureBuild();
const database = await freshDemoDatabase("postgres");
const port = opts.port ? Number(opts.port) : await freePort();
const base = `http://127.0.0.1:${port}`;
const primary = await startServer(port, { ...database.env, WEB_CONCURRENCY: "2", JOBS_WORKER: "false" });
try {
  const pidsOf = async (n) => {
    const seen = new Set();
    // A new connection each time: the cluster hands out connections, not requests, to its workers.
    for (let i = 0; i < n; i++) {
      seen.add((await (await fetch(`${base}/healthz`, { headers: { Connection: "close" } })).json()).pid);
    }
    return seen;
  };
  // The second worker starts once the first listens: wait until both answer.
  let before = await pidsOf(8);
  for (let i = 0; i < 60 && before.size < 2; i++) {
    await sleep(250);
    before = await pidsOf(8);
  }
  check(before.size === 2, `two workers answer (${[...before].join(", ")})`);

  const failed = [];
  let requests = 0;
  let done = false;
  const pages = ["/promotions/hasselt", "/healthz", "/events/hasselt", "/"];
  const loop = async (i) => {
    for (let n = i; !done; n++) {
      try {
        const res = await fetch(base + pages[n % pages.length], { headers: { Connection: "close" } });
        await res.arrayBuffer();
        if (res.status !== 200) failed.push(res.status);
      } catch (err) {
        failed.push(err.cause?.code ?? err.message);
      }
      requests++;
    }
  };
  const loops = [0, 1, 2, 3].map(loop);
  await sleep(300);
  primary.kill("SIGHUP");
  let after = new Set();
  const deadline = Date.now() + 40_000;
  while (Date.now() < deadline) {
    await sleep(500);
    after = await pidsOf(6);
    if ([...after].every((p) => !before.has(p)) && after.size === 2) break;
  }
  await sleep(500);
  done = true;
  await Promise.all(loops);
  check(
    after.size === 2 && [...after].every((p) => !before.has(p)),
    `SIGHUP replaced both workers (${[...before].join(", ")} → ${[...after].join(", ")})`,
  );
  check(
    failed.length === 0,
    `no request failed during the roll (${requests} requests, ${failed.length} failed${failed.length ? `: ${failed.slice(0, 5).join(", ")}` : ""})`,
  );
  check(primary.exitCode === null, "the primary kept running");
} finally {
  primary.kill("SIGTERM");
  const code = await waitExit(primary);
  check(code === 0, `the cluster stops cleanly on SIGTERM afterwards (exit ${code})`);
  await database.drop();
}
console.log(
  failures.length
    ? `rolling-restart: FAILED (${failures.length})`
    : `rolling-restart: every check passed in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
process.exit(failures.length ? 1 : 0);
