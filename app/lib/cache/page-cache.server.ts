/**
 * A short-lived cache of anonymous pages. Only requests that carry no cookie other than the
 * language cookie and no Authorization header are served from it or stored in it, so a signed-in user's
 * page is never stored and never served to anyone else. What a guest sees depends only on the URL and the
 * language, which form the key: absolute URLs in a page come from PUBLIC_URL, never from the Host or
 * X-Forwarded-Host headers, so a forged header cannot reach a stored page.
 *
 * Invalidation (cache.server.ts): a stored page remembers what its render read (tables, per municipality when
 * the loader scoped its reads) and is served only while none of that changed, on this process or, through the
 * change feed, on any other; a render is stored only if no write on what it read ran meanwhile. CACHE_TTL
 * (default 5 s) bounds an entry's life; CACHE_TTL=0 turns the cache off.
 *
 * The CSP nonce is per response: a stored page keeps the nonce it was rendered with split out, and each
 * response gets its own fresh nonce put back in.
 *
 * Signed-in pages (when the server passes `owner`, the cached session lookup) are stored too, each for its
 * own session only: the key holds a hash of the request's whole Cookie header and of who the session belongs
 * to (id, role, name, municipality, session id), so another person's request, or the same person after a
 * role change or with another session, never finds it. Only GET pages answered 200 without cookies, whose
 * render wrote nothing and did not choose a language (?lng= is remembered for the account), outside the
 * account's own pages (sign-in, profile, password...). What the render read includes the session and the
 * user rows (the session lookup is tracked like any read), so signing out, a role change or any write to
 * what the page shows drops the entry, here and, through the change feed, on every process. A page that read
 * a table whose writes the caches ignore (batched counters, queues) is not kept for a session.
 */
import crypto from "node:crypto";
import zlib from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import { cacheTtlMs, currentReadKeys, readPoint, readsUnwatched, scopeWrote, unchangedSince } from "./cache.server";
import { LOCALE_COOKIE } from "~/lib/i18n";
import { detectLocaleFrom } from "~/lib/i18n/locale.server";

type Req = Pick<Request, "method" | "originalUrl" | "headers" | "query">;
type Res = Response;

type Entry = {
  /** The change sequence number the render began at, and what it read (cache.server.ts). */
  since: number;
  keys: string[];
  expiresAt: number;
  /** The body's bytes split on the nonce it was rendered with (encoded once, copied once per hit). */
  parts: Buffer[];
  /**
   * The same parts compressed once as raw DEFLATE segments that end byte-aligned (see `gzipWithNonce`); made
   * on the first hit that asks for gzip, so a page nobody asks for again costs no compression.
   */
  deflated: Buffer[] | null;
  headers: [string, string][];
  bytes: number;
  /**
   * Every header of a guest's cached answer as the whole Express stack sent it (plain, gzip), each value split
   * on the nonce: what the short path (`storedGuestPage`) sends. Taken from one answer of the full stack.
   */
  wire: [Wire | null, Wire | null];
};

type Wire = [name: string, parts: string[]][];

/** Requests whose cached answer's headers are to be taken as the short path's template (`storedGuestPage`). */
const capture = new WeakSet<object>();

/**
 * Headers a stored page keeps: those the page's own handler set (what earlier middleware set, such as the
 * security headers with the per-request nonce, is set again for every request), minus these.
 */
const NOT_KEPT = new Set([
  "set-cookie",
  // Compression runs before this cache and encodes each response again: the stored bytes are not encoded.
  "content-encoding",
  "content-length",
  "transfer-encoding",
  "date",
  "connection",
  "keep-alive",
  "x-cache",
  "x-db-round-trips",
]);
const CACHEABLE_TYPES = /^(text\/html|text\/x-script)/;
const MAX_ENTRIES = 1000;
const MAX_BYTES = 64 * 1024 * 1024;

const entries = new Map<string, Entry>();
/** Pages being rendered for a guest right now, by key: settled once the render has ended (stored or not). */
const renders = new Map<string, Promise<void>>();
let totalBytes = 0;

function remove(key: string) {
  const e = entries.get(key);
  if (!e) return;
  entries.delete(key);
  totalBytes -= e.bytes;
}

/** The stored entry with its compressed segments, made (and counted) on first use. */
function deflatedEntry(key: string, entry: Entry): { parts: Buffer[]; deflated: Buffer[] } {
  if (entry.deflated) return { parts: entry.parts, deflated: entry.deflated };
  const deflated = pack(entry.parts.map((part) => zlib.deflateRawSync(part, SEGMENT)));
  const added = deflated.reduce((n, b) => n + b.length, 0);
  entry.deflated = deflated;
  if (entries.get(key) === entry) {
    entry.bytes += added;
    totalBytes += added;
    trim();
  }
  return { parts: entry.parts, deflated };
}

function store(key: string, entry: Entry) {
  remove(key);
  entries.set(key, entry);
  totalBytes += entry.bytes;
  trim();
}

function trim() {
  // Oldest first (Map keeps insertion order; a hit re-inserts), so this evicts the least recently used.
  for (const k of entries.keys()) {
    if (entries.size <= MAX_ENTRIES && totalBytes <= MAX_BYTES) break;
    remove(k);
  }
}

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** True when the request could only ever see the anonymous page: no session, no other cookie. */
export function isAnonymous(headers: Req["headers"]): boolean {
  if (headers.authorization !== undefined) return false;
  const cookie = one(headers.cookie);
  if (!cookie) return true;
  for (const part of cookie.split(";")) {
    const name = part.split("=")[0]?.trim();
    if (name && name !== LOCALE_COOKIE) return false;
  }
  return true;
}

function keyOf(req: Req, owner = ""): string {
  const lng = typeof req.query.lng === "string" ? req.query.lng : null;
  const locale = detectLocaleFrom(lng, one(req.headers.cookie) ?? null, one(req.headers["accept-language"]) ?? null);
  return `${owner}${locale}\u0000${req.originalUrl}`;
}

/** Who a session belongs to (null: no valid session). Any JSON value; it becomes part of the key. */
type OwnerLookup = (req: Req) => Promise<unknown>;

/**
 * Pages a signed-in request is never served from the cache: the account's own pages (sessions, password,
 * export, sign-in and sign-out), whose answers may carry one-time state.
 */
const PERSONAL =
  /^\/(?:login|logout|register|profile|account-deleted|forgot-password|reset-password|newsletter|unsubscribe)(?:[/.?]|$)/;

/** The key prefix of a signed-in request's own entries, or null when it may not use the cache. */
async function ownerPrefix(req: Req, lookup: OwnerLookup | undefined): Promise<string | null> {
  if (!lookup || req.headers.authorization !== undefined || req.query.lng !== undefined) return null;
  if (PERSONAL.test(req.originalUrl)) return null;
  let owner: unknown;
  try {
    owner = await lookup(req);
  } catch {
    return null;
  }
  if (owner === null || owner === undefined) return null;
  const hash = crypto
    .createHash("sha256")
    .update(one(req.headers.cookie) ?? "")
    .update("\u0000")
    .update(JSON.stringify(owner))
    .digest("base64url");
  return `u:${hash}\u0000`;
}

/**
 * Browsers ask for compressed pages, and compressing a whole page again for every cache hit costs more than
 * the rest of the hit. A DEFLATE stream may be cut into segments that each end with a sync flush (byte-aligned,
 * not final): each stored part is compressed once that way, the per-response nonce is compressed on its own,
 * and the gzip answer is header + segments + an empty final block + CRC-32 and length of the whole text.
 */
const SEGMENT = { level: 6, finishFlush: zlib.constants.Z_SYNC_FLUSH };
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);
const FINAL_BLOCK = zlib.deflateRawSync(Buffer.alloc(0));

function acceptsGzip(header: string | string[] | undefined): boolean {
  const value = one(header);
  if (!value || typeof zlib.crc32 !== "function") return false;
  return value.split(",").some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (name !== "gzip") return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return !q || Number(q.slice(2)) > 0;
  });
}

/**
 * The nonce as a stored (uncompressed) DEFLATE block: after a sync flush the stream is byte-aligned, so the
 * block is one header byte (not final, type 00), LEN and its complement, then the bytes. No zlib call per hit.
 */
function storedBlock(bytes: Buffer): Buffer {
  if (bytes.length > 0xffff) return zlib.deflateRawSync(bytes, SEGMENT);
  const header = Buffer.alloc(5);
  header.writeUInt8(0, 0);
  header.writeUInt16LE(bytes.length, 1);
  header.writeUInt16LE(~bytes.length & 0xffff, 3);
  return Buffer.concat([header, bytes]);
}

export function gzipWithNonce(entry: { parts: Buffer[]; deflated: Buffer[] }, nonce: string): Buffer {
  const glue = Buffer.from(nonce, "utf8");
  const glueDeflated = entry.parts.length > 1 ? storedBlock(glue) : Buffer.alloc(0);
  const pieces: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  for (let i = 0; i < entry.parts.length; i++) {
    if (i > 0) {
      pieces.push(glueDeflated);
      if (glue.length > 0) crc = zlib.crc32(glue, crc);
      size += glue.length;
    }
    pieces.push(entry.deflated[i]);
    // (Node's crc32 of an empty buffer does not always return the running value: empty parts are skipped.)
    if (entry.parts[i].length > 0) crc = zlib.crc32(entry.parts[i], crc);
    size += entry.parts[i].length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  pieces.push(FINAL_BLOCK, trailer);
  return Buffer.concat(pieces);
}

function withNonce(parts: Buffer[], nonce: string): Buffer {
  if (parts.length === 1) return parts[0];
  const glue = Buffer.from(nonce, "utf8");
  const pieces: Buffer[] = [];
  for (let i = 0; i < parts.length; i++) {
    if (i > 0) pieces.push(glue);
    pieces.push(parts[i]);
  }
  return Buffer.concat(pieces);
}

/**
 * A response may be stored when it sets no cookie, or only the language cookie (set before this middleware
 * from ?lng=, so a cached answer to the same URL sets it again).
 */
function onlyLanguageCookie(setCookie: unknown): boolean {
  if (setCookie === undefined) return true;
  const all = Array.isArray(setCookie) ? setCookie : [setCookie];
  return all.every((c) => String(c).startsWith(`${LOCALE_COOKIE}=`));
}

/**
 * Whether a finished render may be stored: a 200 page (HTML or a route's data) that asked for no cookie but
 * the language (a signed-in one: no cookie at all, and it wrote nothing), and whose handler did not make it
 * private or no-store.
 */
function keepable(res: Res, signedIn: boolean, cacheControlBefore: string): boolean {
  if (res.statusCode !== 200 || !CACHEABLE_TYPES.test(String(res.getHeader("content-type") ?? ""))) return false;
  const cacheControl = String(res.getHeader("cache-control") ?? "");
  if (!signedIn) return onlyLanguageCookie(res.getHeader("set-cookie")) && !/no-store|private/i.test(cacheControl);
  return res.getHeader("set-cookie") === undefined && !scopeWrote() && cacheControl === cacheControlBefore;
}

/**
 * The buffers copied into one allocation of exactly their size. Small buffers are slices of larger shared
 * ones (Node's 8 KB pool, zlib's 16 KB output chunks) that a stored page would otherwise keep alive whole:
 * packed, an entry holds what `bytes` says it does and the byte limit bounds the memory for real.
 */
function pack(buffers: Buffer[]): Buffer[] {
  const block = Buffer.allocUnsafeSlow(buffers.reduce((n, b) => n + b.length, 0));
  let offset = 0;
  return buffers.map((b) => {
    b.copy(block, offset);
    const view = block.subarray(offset, offset + b.length);
    offset += b.length;
    return view;
  });
}

function toBuffer(chunk: unknown, encoding?: unknown): Buffer {
  if (typeof chunk === "string")
    return Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  return Buffer.alloc(0);
}

/** Headers the short path sets itself (per answer), never from the template. */
const PER_ANSWER = new Set(["content-length", "date", "connection", "keep-alive", "transfer-encoding"]);

/** The answer's headers as a template; none (the short path never applies) when the answer sets a cookie. */
function wireOf(res: Res, nonce: string): Wire | null {
  if (res.hasHeader("set-cookie")) return null;
  const wire: Wire = [];
  for (const [name, value] of Object.entries(res.getHeaders())) {
    if (value === undefined || PER_ANSWER.has(name)) continue;
    const text = Array.isArray(value) ? value.join(", ") : String(value);
    wire.push([name, nonce ? text.split(nonce) : [text]]);
  }
  return wire;
}

type GuestRequest = { url: string; headers: Req["headers"] };

/**
 * The short path for the most common answer of all, a guest's cached page (http.server.ts): for a GET that the
 * caller checked is anonymous, addressed to this site and without ?lng=, the stored page with every header the
 * full stack gave the same answer before, with this answer's nonce; "full" when the full stack must answer
 * (nothing stored, stored but changed or expired, or no template of its headers yet: that answer takes one).
 */
export function storedGuestPage(
  req: GuestRequest,
  nonce: string,
): { headers: [string, string][]; body: Buffer } | "full" {
  if (cacheTtlMs() <= 0) return "full";
  const key = keyOf({ originalUrl: req.url, headers: req.headers, query: {} } as Req);
  const hit = entries.get(key);
  if (!hit || hit.expiresAt <= Date.now() || !unchangedSince(hit.keys, hit.since)) return "full";
  const gzip = acceptsGzip(req.headers["accept-encoding"]);
  const wire = hit.wire[gzip ? 1 : 0];
  if (!wire) {
    capture.add(req);
    return "full";
  }
  entries.delete(key);
  entries.set(key, hit);
  const body = gzip ? gzipWithNonce(deflatedEntry(key, hit), nonce) : withNonce(hit.parts, nonce);
  const headers: [string, string][] = wire.map(([name, parts]) => [name, parts.join(nonce)]);
  headers.push(["content-length", String(body.length)]);
  return { headers, body };
}

/**
 * Express middleware, placed after the security headers, compression and rate limits and before React
 * Router: serves stored anonymous pages and stores fresh ones.
 */
export function pageCacheMiddleware(ttlMs = cacheTtlMs(), options: { owner?: OwnerLookup } = {}) {
  type Point = ReturnType<typeof readPoint>;
  const handle = (req: Req, res: Res, next: NextFunction, waited: boolean, owner: string | null, since?: Point) => {
    const key = keyOf(req, owner ?? "");
    const nonce = typeof res.locals.cspNonce === "string" ? res.locals.cspNonce : "";
    const now = Date.now();
    const hit = entries.get(key);
    if (hit && hit.expiresAt > now && unchangedSince(hit.keys, hit.since)) {
      // Re-inserted so the map's order stays least-recently-used first.
      entries.delete(key);
      entries.set(key, hit);
      res.statusCode = 200;
      for (const [k, v] of hit.headers) res.setHeader(k, v);
      res.setHeader("X-Cache", "HIT");
      const gzip = acceptsGzip(req.headers["accept-encoding"]);
      const body = gzip ? gzipWithNonce(deflatedEntry(key, hit), nonce) : withNonce(hit.parts, nonce);
      if (gzip) {
        // Already encoded: the compression middleware leaves it as it is.
        res.setHeader("Content-Encoding", "gzip");
        res.vary("Accept-Encoding");
      }
      res.setHeader("Content-Length", body.length);
      res.end(body);
      // Taken once the headers went out: the compression layer adds its Vary only as they are written.
      if (owner === null && capture.has(req)) hit.wire[gzip ? 1 : 0] = wireOf(res, nonce);
      return;
    }
    if (hit) remove(key);

    // One render per page at a time: a guest asking for a page that another request is rendering right now
    // (typically just after a write dropped it) waits for that render and is served what it stored, instead of
    // rendering the same page again beside it. When it stored nothing (an error, a write during the render, a
    // cookie), the waiting request renders the page itself, once, without waiting again.
    const rendering = renders.get(key);
    if (rendering && !waited) {
      void rendering.then(() => {
        if (!res.destroyed && !res.headersSent) handle(req, res, next, true, owner, since);
      });
      return;
    }
    let release = () => {};
    // A request that already waited renders on its own: others do not queue behind it.
    if (!rendering && !waited) {
      const done = new Promise<void>((resolve) => {
        release = () => {
          if (renders.get(key) === done) renders.delete(key);
          resolve();
        };
      });
      renders.set(key, done);
      res.once("close", () => release());
    }

    // For a signed-in request, the point from before its session was looked up (the lookup is a read too).
    const point = since ?? readPoint();
    const setBefore = new Set(res.getHeaderNames());
    // A signed-in request arrives with `private, no-store` (set for every session): a page whose handler
    // changed it is not kept. (Pages that ask for no-store are account pages, never kept for a session.)
    const cacheControlBefore = String(res.getHeader("cache-control") ?? "");
    const chunks: Buffer[] = [];
    // biome-ignore lint/suspicious/noExplicitAny: forwards whatever the handler wrote
    const write = res.write as (...args: any[]) => boolean;
    // biome-ignore lint/suspicious/noExplicitAny: forwards whatever the handler ended with
    const end = res.end as (...args: any[]) => Res;
    res.setHeader("X-Cache", "MISS");
    res.write = function (this: Res, chunk: unknown, ...rest: unknown[]) {
      chunks.push(toBuffer(chunk, rest[0]));
      return write.call(this, chunk, ...rest);
    } as unknown as Res["write"];
    res.end = function (this: Res, chunk?: unknown, ...rest: unknown[]) {
      if (chunk !== undefined && typeof chunk !== "function") chunks.push(toBuffer(chunk, rest[0]));
      const keys = currentReadKeys();
      // A signed-in page built from counters whose writes are not watched (a dashboard's views and clicks) is
      // not kept: its owner would not see them move.
      const unwatched = owner !== null && readsUnwatched(keys);
      if (point.isStill(keys) && !unwatched && keepable(res, owner !== null, cacheControlBefore)) {
        const text = Buffer.concat(chunks).toString("utf8");
        const raw = (nonce ? text.split(nonce) : [text]).map((part) => Buffer.from(part, "utf8"));
        const parts = pack(raw);
        const headers: [string, string][] = [];
        for (const name of res.getHeaderNames()) {
          if (setBefore.has(name) || NOT_KEPT.has(name)) continue;
          const v = res.getHeader(name);
          if (v !== undefined) headers.push([name, String(v)]);
        }
        store(key, {
          since: point.generation,
          keys,
          expiresAt: Date.now() + ttlMs,
          parts,
          deflated: null,
          headers,
          bytes: parts.reduce((n, b) => n + b.length, 0),
          wire: [null, null],
        });
      }
      // Stored (or not): the requests waiting for this render go on.
      release();
      return end.call(this, chunk, ...rest);
    } as unknown as Res["end"];
    next();
  };
  return (req: Req, res: Res, next: NextFunction) => {
    if (ttlMs <= 0 || req.method.toUpperCase() !== "GET") {
      next();
      return;
    }
    if (isAnonymous(req.headers)) {
      handle(req, res, next, false, null);
      return;
    }
    const since = readPoint();
    void ownerPrefix(req, options.owner).then((owner) => {
      if (owner === null) next();
      else handle(req, res, next, false, owner, since);
    });
  };
}
