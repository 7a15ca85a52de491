/**
 * The municipality home's live stream: `GET /live/:municipality`, Server-Sent Events.
 *
 * Every new resident, merchant, promotion and event of the municipality (and, for signed-in readers, every
 * report approved there) is a row of `live_events` (migration 0011: triggers, in commit order); its id is the
 * SSE event id. A stream starts after `Last-Event-ID` (the browser's own reconnection) or `?after=` (the
 * page's cursor, or the client's reconnection), and a reader gets every later row exactly once: each stream
 * sends only rows after its own cursor, in id order, and ids commit in order.
 *
 * When to look: a write on any process reaches this one through the change feed (cache.server.ts `onChange`:
 * local writes directly, other processes' through LISTEN/NOTIFY); the streams of the municipalities it
 * touched read the rows after their lowest cursor, one query per municipality however many readers it has.
 * A slow timer (LIVE_POLL_MS) catches anything a lost notification would have missed.
 *
 * Never cached (`no-store`), never compressed (`no-transform`: the compression middleware leaves it alone,
 * so nothing is buffered), a comment line every 25 s keeps proxies from closing it, at most
 * LIVE_STREAMS_PER_CLIENT streams per client address and process (429 beyond), and every stream is ended
 * when the server shuts down.
 */
import type { Request, Response } from "express";
import { type Change, onChange } from "~/lib/cache/cache.server";
import { createAppContext, headersFrom } from "~/lib/http/context.server";
import { log } from "~/lib/log.server";
import { clientGroup } from "~/lib/http/net";
import { type LiveEventRow, forGuest, latestLiveCursor, liveEventsAfter } from "~/modules/live/index.server";
import { findActiveMunicipality } from "~/modules/municipality/index.server";
import { approvedReportsByIds } from "~/modules/report/index.server";

const HEARTBEAT_MS = 25_000;
/** What the browser waits before reconnecting by itself (the client component uses 1, 2, 5, then 10 s). */
const RETRY_MS = 1_000;
const LIVE_TABLES = new Set(["live_events", "users", "merchants", "promotions", "events", "reports"]);
const BATCH = 200;

const perClient = () => Number(process.env.LIVE_STREAMS_PER_CLIENT ?? 6) || 6;
const pollMs = () => Number(process.env.LIVE_POLL_MS ?? 5_000) || 5_000;

type Stream = {
  res: Response;
  municipalityId: string;
  signedIn: boolean;
  cursor: bigint;
  client: string;
  heartbeat: NodeJS.Timeout;
};

type Group = { streams: Set<Stream>; busy: boolean; again: boolean };
const groups = new Map<string, Group>();
const clients = new Map<string, number>();
let poller: NodeJS.Timeout | undefined;
let closing = false;

function send(stream: Stream, id: string, event: string, data: unknown) {
  stream.res.write(`id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}

/** Sends the rows after the stream's cursor (rows at or before it were sent already). */
function deliver(stream: Stream, rows: LiveEventRow[], reports: Map<string, unknown>) {
  for (const row of rows) {
    const id = BigInt(row.cursor);
    if (id <= stream.cursor) continue;
    stream.cursor = id;
    if (row.kind === "report") {
      const report = reports.get(row.refId);
      if (stream.signedIn && report) send(stream, row.cursor, "report", report);
      else stream.res.write(`id: ${row.cursor}\n\n`);
    } else if (row.item) {
      send(stream, row.cursor, "live", stream.signedIn ? row.item : forGuest(row.item));
    } else {
      // The row it names is gone: the cursor still moves past it.
      stream.res.write(`id: ${row.cursor}\n\n`);
    }
  }
}

/** Reads what a municipality's streams have not seen yet and sends it; one read at a time per municipality. */
async function pull(municipalityId: string) {
  const group = groups.get(municipalityId);
  if (!group || group.streams.size === 0) return;
  if (group.busy) {
    group.again = true;
    return;
  }
  group.busy = true;
  try {
    do {
      group.again = false;
      let from = -1n;
      for (const s of group.streams) if (from < 0n || s.cursor < from) from = s.cursor;
      if (from < 0n) break;
      const rows = await liveEventsAfter(from.toString(), municipalityId, BATCH);
      if (rows.length === 0) break;
      const reportIds = rows.filter((r) => r.kind === "report").map((r) => r.refId);
      const reports = new Map<string, unknown>(
        (await approvedReportsByIds(reportIds)).map(({ municipalityId: _m, ...r }) => [r.id, r]),
      );
      for (const s of group.streams) deliver(s, rows, reports);
      if (rows.length === BATCH) group.again = true;
    } while (group.again);
  } catch (err) {
    log("warn", "live stream read failed", { err });
  } finally {
    group.busy = false;
  }
}

function pullAll() {
  for (const id of groups.keys()) void pull(id);
}

onChange((change: Change) => {
  if (groups.size === 0) return;
  if (!change.all && !change.tables.some((t) => LIVE_TABLES.has(t))) return;
  if (change.all || change.municipalities.length === 0) pullAll();
  else for (const m of change.municipalities) if (groups.has(m)) void pull(m);
});

function remove(stream: Stream) {
  clearInterval(stream.heartbeat);
  const group = groups.get(stream.municipalityId);
  if (group?.streams.delete(stream) && group.streams.size === 0) groups.delete(stream.municipalityId);
  const n = (clients.get(stream.client) ?? 1) - 1;
  if (n <= 0) clients.delete(stream.client);
  else clients.set(stream.client, n);
  if (groups.size === 0 && poller) {
    clearInterval(poller);
    poller = undefined;
  }
}

const CURSOR = /^\d{1,18}$/;

/** Express handler of `GET /live/:municipality`. */
export async function liveStreamHandler(req: Request, res: Response) {
  const plain = (status: number, text: string) =>
    res.status(status).set("Cache-Control", "no-store").type("text/plain").send(text);
  if (closing) return plain(503, "Service Unavailable");
  const slug = String(req.params.municipality ?? "");
  const municipality = await findActiveMunicipality(slug).catch(() => null);
  if (!municipality) return plain(404, "Not Found");
  const client = clientGroup(req.ip ?? req.socket.remoteAddress ?? "");
  if ((clients.get(client) ?? 0) >= perClient()) {
    res.set("Retry-After", "10");
    return plain(429, "Too Many Requests");
  }
  const lastEventId = req.get("last-event-id") ?? (typeof req.query.after === "string" ? req.query.after : "");
  if (lastEventId && !CURSOR.test(lastEventId)) return plain(400, "Bad Request");
  clients.set(client, (clients.get(client) ?? 0) + 1);

  let stream: Stream | undefined;
  let gone = false;
  req.on("close", () => {
    gone = true;
    if (stream) remove(stream);
    else {
      const n = (clients.get(client) ?? 1) - 1;
      if (n <= 0) clients.delete(client);
      else clients.set(client, n);
    }
  });
  try {
    const context = createAppContext({
      url: `http://localhost${req.originalUrl}`,
      headers: headersFrom(req.headers),
      ip: req.ip ?? "",
    });
    const [actor, start] = await Promise.all([
      context.getActor(),
      lastEventId ? Promise.resolve(lastEventId) : latestLiveCursor(),
    ]);
    if (gone) return;
    res.status(200).set({
      "Content-Type": "text/event-stream; charset=utf-8",
      // no-transform: the compression middleware does not touch (or buffer) the stream.
      "Cache-Control": "no-store, no-transform",
      "X-Accel-Buffering": "no",
      Connection: "keep-alive",
    });
    res.flushHeaders();
    res.write(`retry: ${RETRY_MS}\n\n`);
    stream = {
      res,
      municipalityId: municipality.id,
      signedIn: !!actor,
      cursor: BigInt(start),
      client,
      heartbeat: setInterval(() => res.write(": heartbeat\n\n"), HEARTBEAT_MS),
    };
    const group = groups.get(municipality.id) ?? { streams: new Set<Stream>(), busy: false, again: false };
    groups.set(municipality.id, group);
    group.streams.add(stream);
    poller ??= setInterval(pullAll, pollMs());
    // What was written between the page's render (its cursor) and now.
    await pull(municipality.id);
  } catch (err) {
    log("error", "live stream failed", { err });
    if (!res.headersSent) plain(500, "Internal Server Error");
    else res.end();
  }
}

/** How many live streams this process holds open (monitoring). */
export function openLiveStreamCount(): number {
  let n = 0;
  for (const group of groups.values()) n += group.streams.size;
  return n;
}

/** Ends every stream (shutdown): the browser reconnects to another process, or later to this one. */
export function closeLiveStreams() {
  closing = true;
  for (const group of groups.values()) {
    for (const s of group.streams) {
      clearInterval(s.heartbeat);
      s.res.end();
    }
  }
  groups.clear();
  if (poller) clearInterval(poller);
  poller = undefined;
}
