/**
 * The change feed: what one process writes, every process learns, through PostgreSQL's
 * LISTEN/NOTIFY rather than a broker of our own.
 *
 * After a request's writes have committed, and before its response goes out, cache.server.ts publishes the
 * keys it changed (`flushWrites`): here, one `pg_notify` on the channel `bp_changes` with
 * `{ o: origin, keys, tables, municipalities }`. Every process LISTENs on a dedicated connection (not one of
 * the pool's) and marks those keys changed in its own caches; the live stream's hub (live-stream.server.ts)
 * hears about new live events the same way. A process ignores its own messages (it applied them already).
 *
 * PGlite is one process by design: changes are applied in-process by the same code path (cache.server.ts
 * emits every local change to its listeners) and nothing is sent.
 *
 * When the listening connection breaks, notifications may have been missed: on reconnecting the process drops
 * everything it had cached, and tells the others to do the same (it may have failed to publish meanwhile).
 */
import crypto from "node:crypto";
import { type Change, applyRemoteChange, setChangePublisher } from "./cache.server";
import type { DatabaseConfig } from "~/lib/db/db.server";
import { log } from "~/lib/log.server";

const CHANGE_CHANNEL = "bp_changes";
/** NOTIFY payloads must stay under 8000 bytes; a larger change is sent as "everything changed". */
const MAX_PAYLOAD = 7500;
/** Identifies this process's messages (pids repeat across machines). */
const ORIGIN = `${process.pid}-${crypto.randomBytes(4).toString("hex")}`;

type Feed = { client: import("pg").Client | null; stopped: boolean; timer?: NodeJS.Timeout };
const g = globalThis as unknown as { __changeFeed?: Feed };

function encodeChange(change: Change): string {
  const full = JSON.stringify({ o: ORIGIN, ...change });
  if (full.length <= MAX_PAYLOAD) return full;
  return JSON.stringify({ o: ORIGIN, keys: [], all: true, tables: change.tables.slice(0, 50), municipalities: [] });
}

function decodeChange(payload: string): (Change & { o: string }) | null {
  try {
    const v = JSON.parse(payload) as Partial<Change> & { o?: unknown };
    if (typeof v.o !== "string" || !Array.isArray(v.keys)) return null;
    return {
      o: v.o,
      keys: v.keys.filter((k): k is string => typeof k === "string"),
      all: v.all === true,
      tables: Array.isArray(v.tables) ? v.tables.filter((t): t is string => typeof t === "string") : [],
      municipalities: Array.isArray(v.municipalities)
        ? v.municipalities.filter((m): m is string => typeof m === "string")
        : [],
    };
  } catch {
    return null;
  }
}

/** Starts listening (PostgreSQL only); resolves once the LISTEN is in place. */
export async function startChangeFeed(config: DatabaseConfig): Promise<void> {
  if (config.kind !== "postgres" || g.__changeFeed) return;
  const feed: Feed = { client: null, stopped: false };
  g.__changeFeed = feed;
  const { default: pg } = await import("pg");
  let attempt = 0;

  const connect = async (reconnecting: boolean) => {
    const client = new pg.Client({ connectionString: config.url, application_name: "buurtplatform-feed" });
    client.on("notification", (msg) => {
      if (msg.channel !== CHANGE_CHANNEL || !msg.payload) return;
      const change = decodeChange(msg.payload);
      if (!change || change.o === ORIGIN) return;
      applyRemoteChange(change);
    });
    client.on("error", (err) => {
      log("warn", "change feed connection lost", { err });
      if (feed.client === client) feed.client = null;
      client.end().catch(() => {});
      schedule();
    });
    await client.connect();
    await client.query(`LISTEN ${CHANGE_CHANNEL}`);
    if (feed.stopped) {
      await client.end().catch(() => {});
      return;
    }
    feed.client = client;
    attempt = 0;
    if (reconnecting) {
      // Whatever was missed while the connection was down: drop everything here and everywhere.
      const all: Change = { keys: [], all: true, tables: [], municipalities: [] };
      applyRemoteChange(all);
      await client.query("select pg_notify($1, $2)", [CHANGE_CHANNEL, encodeChange(all)]).catch(() => {});
    }
  };
  const schedule = () => {
    if (feed.stopped || feed.timer) return;
    const delay = Math.min(10_000, 250 * 2 ** attempt++);
    feed.timer = setTimeout(() => {
      feed.timer = undefined;
      connect(true).catch((err) => {
        log("warn", "change feed reconnect failed", { err });
        schedule();
      });
    }, delay);
    feed.timer.unref();
  };

  await connect(false);
  setChangePublisher(async (change) => {
    const client = feed.client;
    if (!client) throw new Error("change feed not connected");
    await client.query("select pg_notify($1, $2)", [CHANGE_CHANNEL, encodeChange(change)]);
  });
}

export async function stopChangeFeed(): Promise<void> {
  const feed = g.__changeFeed;
  if (!feed) return;
  g.__changeFeed = undefined;
  feed.stopped = true;
  if (feed.timer) clearTimeout(feed.timer);
  setChangePublisher(null);
  await feed.client?.end().catch(() => {});
}
