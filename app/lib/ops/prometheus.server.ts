/**
 * Monitoring: `GET /metrics` in the Prometheus text format, for the scraper only.
 *
 * Who may read it: a request from this machine that no proxy forwarded (no X-Forwarded-For, Forwarded or
 * X-Real-IP header: behind a proxy on the same machine every visitor's request arrives from 127.0.0.1), or a
 * request carrying `Authorization: Bearer <METRICS_TOKEN>`. Anyone else gets 404, as if nothing were there.
 *
 * What it tells: requests by route pattern (never the raw path, so the number of series stays bounded), method
 * and status with a latency histogram; guest page cache hits and misses; the PostgreSQL pool's connections; the
 * job queue and the mail outbox by status (read from the database at scrape time, so the same on every process);
 * open live streams; Node's own figures (event-loop delay, memory, garbage collection).
 *
 * In a cluster (server.js runs several workers) whichever worker the scrape reaches asks the primary, which
 * collects every worker's figures and adds them up (`prom-client`'s AggregatorRegistry); the figures read from
 * the database are taken from one worker, not added.
 */
import cluster from "node:cluster";
import crypto from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import client from "prom-client";
import { sql } from "drizzle-orm";
import { getDb, poolStats } from "~/lib/db/db.server";
import { env } from "~/lib/env.server";
import { isLoopbackHost } from "~/lib/http/net";
import { log } from "~/lib/log.server";

export const METRICS_PATH = "/metrics";
const PREFIX = "buurtplatform_";

const registry = new client.Registry();
client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

const requests = new client.Counter({
  name: `${PREFIX}http_requests_total`,
  help: "HTTP requests answered, by route pattern, method and status",
  labelNames: ["route", "method", "status"] as const,
  registers: [registry],
});
const duration = new client.Histogram({
  name: `${PREFIX}http_request_duration_seconds`,
  help: "Time from a request's arrival to the end of its answer, by route pattern, method and status class",
  labelNames: ["route", "method", "status_class"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});
const pageCache = new client.Counter({
  name: `${PREFIX}page_cache_requests_total`,
  help: "Guest pages answered from the page cache (hit) or rendered (miss)",
  labelNames: ["result"] as const,
  registers: [registry],
});

const pageCacheHits = pageCache.labels({ result: "hit" });

let liveStreams: () => number = () => 0;
/** The HTTP layer tells how to count the open live streams (lib does not know the live stream handler). */
export function countLiveStreamsWith(fn: () => number) {
  liveStreams = fn;
}
new client.Gauge({
  name: `${PREFIX}live_streams_open`,
  help: "Live streams (server-sent events) held open",
  registers: [registry],
  collect() {
    this.set(liveStreams());
  },
});

new client.Gauge({
  name: `${PREFIX}db_pool_connections`,
  help: "PostgreSQL pool connections by state (total, idle, waiting clients, max)",
  labelNames: ["state"] as const,
  registers: [registry],
  async collect() {
    const stats = await poolStats().catch(() => null);
    if (!stats) return;
    for (const [state, n] of Object.entries(stats)) this.set({ state }, n);
  },
});

type StatusRows = { status: string; n: number | string }[];
async function countsByStatus(table: "jobs" | "mail_outbox"): Promise<StatusRows> {
  const db = await getDb();
  const query =
    table === "jobs"
      ? sql`select status, count(*)::int as n from jobs group by status`
      : sql`select status, count(*)::int as n from mail_outbox group by status`;
  const result = (await db.execute(query)) as unknown as { rows?: StatusRows } | StatusRows;
  return Array.isArray(result) ? result : (result.rows ?? []);
}

/** A gauge filled from a `status, count` query; every known status is reported, 0 when absent. */
function statusGauge(name: string, help: string, table: "jobs" | "mail_outbox", statuses: string[]) {
  new client.Gauge({
    name,
    help,
    labelNames: ["status"] as const,
    registers: [registry],
    // The same figure on every worker: the cluster total takes one worker's, not their sum.
    aggregator: "first",
    async collect() {
      try {
        const rows = await countsByStatus(table);
        const seen = new Map(rows.map((r) => [r.status, Number(r.n)]));
        for (const status of new Set([...statuses, ...seen.keys()])) this.set({ status }, seen.get(status) ?? 0);
      } catch (err) {
        log("warn", "metrics: counting failed", { table, err });
      }
    },
  });
}
statusGauge(`${PREFIX}jobs`, "Background jobs by status", "jobs", ["pending", "running", "done", "failed"]);
statusGauge(`${PREFIX}mail_outbox`, "Mails in the outbox by status", "mail_outbox", [
  "pending",
  "sending",
  "sent",
  "failed",
]);

/**
 * Counts every answer under its route pattern, given by `routeOf` (React Router's matched pattern, or the
 * HTTP layer's own paths). Placed first, so refused requests (421, 405, 413, 429) are counted too.
 */
export function requestMetrics(routeOf: (req: Request) => string) {
  return (req: Request, res: Response, next: NextFunction) => {
    const start = process.hrtime.bigint();
    res.once("finish", () => {
      countRequest(routeOf(req), req.method, res.statusCode, start, res.getHeader("x-cache"));
    });
    next();
  };
}

/** The labelled series of a guest page served from the cache, kept (prom-client hashes labels on every call). */
const hitSeries = new Map<string, { count: { inc: () => void }; time: { observe: (value: number) => void } }>();

/**
 * Counts one answered request: by route pattern, method and status, its duration since `start`, and whether
 * the page cache answered it. The Express stack and the cached guest page's short path (http.server.ts) share it.
 */
export function countRequest(route: string, method: string, statusCode: number, start: bigint, cache: unknown) {
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const status = String(statusCode);
  if (cache === "HIT" && method === "GET" && statusCode === 200) {
    let series = hitSeries.get(route);
    if (!series) {
      if (hitSeries.size > 1000) hitSeries.clear();
      series = {
        count: requests.labels({ route, method, status }),
        time: duration.labels({ route, method, status_class: "2xx" }),
      };
      hitSeries.set(route, series);
    }
    series.count.inc();
    series.time.observe(seconds);
    pageCacheHits.inc();
    return;
  }
  requests.inc({ route, method, status });
  duration.observe({ route, method, status_class: `${status[0]}xx` }, seconds);
  if (cache === "HIT") pageCacheHits.inc();
  else if (cache === "MISS") pageCache.inc({ result: "miss" });
}

const FORWARDED = ["x-forwarded-for", "forwarded", "x-real-ip"];

/** May this request read the metrics? (see the file's comment). */
export function mayScrape(req: Pick<Request, "headers"> & { socket: { remoteAddress?: string } }): boolean {
  const token = env().METRICS_TOKEN;
  const auth = req.headers.authorization;
  if (token && typeof auth === "string" && auth.startsWith("Bearer ")) {
    const given = crypto.createHash("sha256").update(auth.slice(7).trim()).digest();
    const wanted = crypto.createHash("sha256").update(token).digest();
    if (crypto.timingSafeEqual(given, wanted)) return true;
  }
  const direct = FORWARDED.every((h) => req.headers[h] === undefined);
  return direct && isLoopbackHost(req.socket.remoteAddress ?? "");
}

let aggregatorReady = false;
/** This worker's figures for the primary's cluster total (server.js asks every worker). */
function answerPrimary() {
  if (aggregatorReady) return;
  aggregatorReady = true;
  new client.AggregatorRegistry();
  client.AggregatorRegistry.setRegistries([registry]);
}
if (cluster.isWorker) answerPrimary();

const CLUSTER_REQUEST = "ops:metrics";
let asked = 0;
function clusterMetrics(): Promise<string> {
  const id = ++asked;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      process.off("message", onMessage);
      reject(new Error("the primary did not answer"));
    }, 5_000);
    const onMessage = (m: { type?: string; id?: number; text?: string; error?: string }) => {
      if (m?.type !== `${CLUSTER_REQUEST}:answer` || m.id !== id) return;
      clearTimeout(timer);
      process.off("message", onMessage);
      if (m.error) reject(new Error(m.error));
      else resolve(m.text ?? "");
    };
    process.on("message", onMessage);
    process.send?.({ type: CLUSTER_REQUEST, id });
  });
}

/** `GET /metrics`. */
export async function metricsHandler(req: Request, res: Response) {
  if (!mayScrape(req)) {
    res.status(404).type("text/plain").send("Not Found");
    return;
  }
  try {
    const text = cluster.isWorker && process.send ? await clusterMetrics() : await registry.metrics();
    res.set("Cache-Control", "no-store").type(registry.contentType).send(text);
  } catch (err) {
    log("error", "metrics failed", { err });
    res.status(500).type("text/plain").send("Internal Server Error");
  }
}
