/**
 * The anonymous-page cache in a real Express app over real HTTP: what is stored, what is never stored or
 * served, the per-response nonce and invalidation by writes. The page handler is a fixture that counts its
 * renders and echoes who asked. Writes are real statements on an in-memory PGlite, seen through the
 * database layer's statement observer, as in the app: a request that writes nothing is not a write.
 */
import crypto from "node:crypto";
import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import zlib from "node:zlib";
import { sql } from "drizzle-orm";
import { openWriteScope } from "~/lib/cache/cache.server";
import { openDatabase } from "~/lib/db/db.server";
import { gzipWithNonce, isAnonymous, pageCacheMiddleware } from "~/lib/cache/page-cache.server";

let origin = "";
let renders = 0;
let close: () => void;
let releaseSlowRender: (() => void) | undefined;
let gate: Promise<void> = Promise.resolve();
let openGate = () => {};
function closeGate() {
  gate = new Promise<void>((r) => {
    openGate = r;
  });
}
const settle = () => new Promise((r) => setTimeout(r, 80));
/** Resolves once the first request's render has begun (the handler counts it), however busy the machine. */
async function renderStarted(count: number) {
  for (let i = 0; i < 500 && renders < count; i++) await new Promise((r) => setTimeout(r, 10));
  expect(renders).toBe(count);
}
let closeDb: () => Promise<void>;

beforeAll(async () => {
  const handle = await openDatabase({ kind: "pglite" });
  closeDb = handle.close;
  await handle.db.execute(sql`create table notes (x int)`);
  await handle.db.execute(sql`create table other_notes (x int)`);
  const app = express();
  // As in server.js: compression runs before the cache, so a stored page must not keep its encoding.
  app.use(compression({ threshold: 0 }));
  app.use((_req, res, next) => {
    res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
    res.setHeader("X-Nonce", res.locals.cspNonce);
    next();
  });
  // As in app/server/http.server.ts: each request runs in a write scope.
  app.use((_req, res, next) => {
    const { finish } = openWriteScope(() => next());
    res.once("close", finish);
  });
  app.use(pageCacheMiddleware(60_000));
  app.get("/page", async (req, res) => {
    // What the page shows is read from `notes`: the stored page depends on that table (cache.server.ts).
    await handle.db.execute(sql`select count(*) from notes`);
    renders++;
    res.setHeader("X-Remix-Response", "yes");
    const who = req.headers.cookie ?? "guest";
    // Written in pieces, as React Router's adapter streams a response (headers go out with the first piece).
    res.type("html");
    res.write(`<p>render ${renders} for ${who} in ${req.headers["accept-language"] ?? "-"}</p>`);
    res.write(`<script nonce="${res.locals.cspNonce}">1</script><i>één `);
    res.end("– ü</i>");
  });
  app.get("/slow", async (_req, res) => {
    await handle.db.execute(sql`select count(*) from notes`);
    renders++;
    const n = renders;
    await new Promise<void>((r) => {
      releaseSlowRender = r;
    });
    res.type("html").send(`<p>slow ${n}</p>`);
  });
  // Held until the test opens the gate; ?status= answers with that status (not stored unless 200).
  app.get("/held", async (req, res) => {
    await handle.db.execute(sql`select count(*) from notes`);
    renders++;
    const n = renders;
    await gate;
    res
      .status(Number(req.query.status ?? 200))
      .type("html")
      .send(`<p>held ${n}</p>`);
  });
  app.get("/cookie", (_req, res) => {
    renders++;
    res.cookie("x", "1").type("html").send(`<p>${renders}</p>`);
  });
  app.get("/lang", (_req, res) => {
    renders++;
    res.cookie("i18next", "nl").type("html").send(`<p>${renders}</p>`);
  });
  app.get("/missing", (_req, res) => {
    renders++;
    res.status(404).type("html").send(`<p>${renders}</p>`);
  });
  app.get("/private", (_req, res) => {
    renders++;
    res.setHeader("Cache-Control", "no-store");
    res.type("html").send(`<p>${renders}</p>`);
  });
  app.get("/json", (_req, res) => {
    renders++;
    res.json({ renders });
  });
  app.post("/write", async (_req, res) => {
    await handle.db.execute(sql`insert into notes (x) values (1)`);
    res.status(204).end();
  });
  app.post("/write-other", async (_req, res) => {
    await handle.db.execute(sql`insert into other_notes (x) values (1)`);
    res.status(204).end();
  });
  // A POST that reads, fails validation or is junk: no statement writes anything.
  app.post("/junk", async (_req, res) => {
    await handle.db.execute(sql`select count(*) from notes`);
    res.status(400).end();
  });
  // A POST whose body trickles in: it holds its request open and never writes.
  app.post("/slow-body", (req, res) => {
    req.on("data", () => {});
    req.on("end", () => res.status(400).end());
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});

afterAll(async () => {
  close();
  await closeDb();
});

async function get(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(origin + path, { headers: { "Accept-Encoding": "br, gzip", ...headers } });
  return {
    own: res.headers.get("x-remix-response"),
    status: res.status,
    cache: res.headers.get("x-cache"),
    nonce: res.headers.get("x-nonce"),
    body: await res.text(),
  };
}

describe("anonymous page cache", () => {
  it("serves a guest page from the cache, each time with its own nonce and intact text", async () => {
    const first = await get("/page?a=1");
    const second = await get("/page?a=1");
    expect(first.cache).toBe("MISS");
    expect(second.cache).toBe("HIT");
    expect(second.body.replace(second.nonce ?? "", "N")).toBe(first.body.replace(first.nonce ?? "", "N"));
    expect(second.nonce).not.toBe(first.nonce);
    expect(second.body).toContain(`nonce="${second.nonce}"`);
    expect(second.body).not.toContain(first.nonce);
    expect(second.body).toContain("één – ü");
    // The page's own headers come back with it; headers of earlier middleware (the nonce) are per request.
    expect(second.own).toBe("yes");
  });

  it("keys on the language and the full URL", async () => {
    const en = await get("/page?b=1", { "Accept-Language": "en" });
    const nl = await get("/page?b=1", { "Accept-Language": "nl-BE,nl;q=0.9" });
    const other = await get("/page?b=2", { "Accept-Language": "en" });
    expect([en.cache, nl.cache, other.cache]).toEqual(["MISS", "MISS", "MISS"]);
    // The language cookie picks the same page as the Dutch Accept-Language did.
    const byCookie = await get("/page?b=1", { Cookie: "i18next=nl" });
    expect(byCookie.cache).toBe("HIT");
    expect(byCookie.body).toContain("in nl-BE,nl;q=0.9");
    expect((await get("/page?b=1", { "Accept-Language": "en" })).cache).toBe("HIT");
  });

  it("never stores or serves a page for a request with a session or any other cookie", async () => {
    await get("/page?c=1");
    const signedIn = await get("/page?c=1", { Cookie: "bp.session_token=abc" });
    expect(signedIn.cache).toBeNull();
    expect(signedIn.body).toContain("bp.session_token=abc");
    const guest = await get("/page?c=1");
    expect(guest.cache).toBe("HIT");
    expect(guest.body).not.toContain("session_token");
    expect((await get("/page?c=1", { Authorization: "Bearer x" })).cache).toBeNull();
    expect(isAnonymous({ cookie: "i18next=fr" })).toBe(true);
    expect(isAnonymous({ cookie: "i18next=fr; bp.session_token=x" })).toBe(false);
  });

  it("does not store responses that set a cookie, errors, other content types or no-store", async () => {
    for (const path of ["/cookie", "/missing", "/json", "/private"]) {
      const before = renders;
      await get(path);
      await get(path);
      expect(renders - before).toBe(2);
    }
  });

  it("stores a page whose only cookie is the language cookie", async () => {
    await get("/lang");
    expect((await get("/lang")).cache).toBe("HIT");
  });

  it("drops a page when a table it read is written, and keeps it when another table is", async () => {
    await get("/page?d=1");
    expect((await get("/page?d=1")).cache).toBe("HIT");
    await fetch(`${origin}/write-other`, { method: "POST" });
    expect((await get("/page?d=1")).cache).toBe("HIT");
    await fetch(`${origin}/write`, { method: "POST" });
    const after = await get("/page?d=1");
    expect(after.cache).toBe("MISS");
  });

  it("keeps everything when a POST writes nothing, even one that trickles its body for a long time", async () => {
    await get("/page?junk=1");
    expect((await get("/page?junk=1")).cache).toBe("HIT");
    await fetch(`${origin}/junk`, { method: "POST", body: "x=1" });
    expect((await get("/page?junk=1")).cache).toBe("HIT");
    // A body that has not finished arriving: pages are still served from the cache, and new ones stored.
    const socket = await new Promise<net.Socket>((resolve) => {
      const s = net.connect(Number(new URL(origin).port), "127.0.0.1", () => resolve(s));
    });
    socket.write("POST /slow-body HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nx=");
    await new Promise((r) => setTimeout(r, 50));
    expect((await get("/page?junk=1")).cache).toBe("HIT");
    await get("/page?junk=2");
    expect((await get("/page?junk=2")).cache).toBe("HIT");
    socket.destroy();
  });

  it("does not store a render that overlapped a write", async () => {
    const pending = get("/slow");
    await new Promise((r) => setTimeout(r, 50));
    await fetch(`${origin}/write`, { method: "POST" });
    releaseSlowRender?.();
    expect((await pending).cache).toBe("MISS");
    const next = get("/slow");
    await new Promise((r) => setTimeout(r, 50));
    releaseSlowRender?.();
    expect((await next).cache).toBe("MISS");
    // A render with no write around it is stored.
    expect((await get("/slow")).cache).toBe("HIT");
  });

  it("renders a page once for guests who ask while it is being rendered; each gets its own nonce", async () => {
    closeGate();
    const before = renders;
    const first = get("/held?one=1");
    await renderStarted(before + 1);
    const others = [get("/held?one=1"), get("/held?one=1"), get("/held?one=1")];
    await settle();
    expect(renders - before).toBe(1);
    openGate();
    const [a, ...rest] = await Promise.all([first, ...others]);
    expect(a.cache).toBe("MISS");
    expect(rest.map((r) => r.cache)).toEqual(["HIT", "HIT", "HIT"]);
    expect(new Set(rest.map((r) => r.body))).toEqual(new Set([a.body]));
    expect(new Set([a, ...rest].map((r) => r.nonce)).size).toBe(4);
    expect(renders - before).toBe(1);
  });

  it("a waiting guest renders the page itself when the render it waited for stored nothing", async () => {
    closeGate();
    const before = renders;
    const first = get("/held?status=404");
    await renderStarted(before + 1);
    const others = [get("/held?status=404"), get("/held?status=404")];
    await settle();
    expect(renders - before).toBe(1);
    openGate();
    const all = await Promise.all([first, ...others]);
    expect(all.map((r) => r.status)).toEqual([404, 404, 404]);
    expect(all.map((r) => r.cache)).toEqual(["MISS", "MISS", "MISS"]);
    expect(renders - before).toBe(3);
  });

  it("a guest who waited during a write is not served the page rendered before it", async () => {
    closeGate();
    const before = renders;
    const first = get("/held?write=1");
    await renderStarted(before + 1);
    const waiting = get("/held?write=1");
    await settle();
    await fetch(`${origin}/write`, { method: "POST" });
    openGate();
    const [a, b] = await Promise.all([first, waiting]);
    expect([a.cache, b.cache]).toEqual(["MISS", "MISS"]);
    expect(renders - before).toBe(2);
    expect(b.body).not.toBe(a.body);
  });

  it("answers gzip from the stored segments: a valid stream with the fresh nonce spliced in", async () => {
    const raw = await new Promise<{ encoding?: string; body: Buffer; nonce?: string }>((resolve, reject) => {
      // Twice, so the second answer is a hit; node:http does not decompress, so the bytes are checked here.
      const once = () =>
        new Promise<{ encoding?: string; body: Buffer; nonce?: string; cache?: string }>((res, rej) => {
          const req = http.get(`${origin}/page?gz=1`, { headers: { "Accept-Encoding": "gzip" } }, (r) => {
            const chunks: Buffer[] = [];
            r.on("data", (c) => chunks.push(c));
            r.on("end", () =>
              res({
                encoding: r.headers["content-encoding"],
                body: Buffer.concat(chunks),
                nonce: r.headers["x-nonce"] as string,
                cache: r.headers["x-cache"] as string,
              }),
            );
          });
          req.on("error", rej);
        });
      once()
        .then(() => once())
        .then((second) => (second.cache === "HIT" ? resolve(second) : reject(new Error("not a hit"))), reject);
    });
    expect(raw.encoding).toBe("gzip");
    const text = zlib.gunzipSync(raw.body).toString("utf8");
    expect(text).toContain(`nonce="${raw.nonce}"`);
    expect(text).toContain("één – ü");

    const parts = ["<a>", "é".repeat(5000), "<b>", ""].map((p) => Buffer.from(p));
    const entry = {
      parts,
      deflated: parts.map((p) => zlib.deflateRawSync(p, { finishFlush: zlib.constants.Z_SYNC_FLUSH })),
    };
    expect(zlib.gunzipSync(gzipWithNonce(entry, "N0nce==")).toString()).toBe(
      `<a>N0nce==${"é".repeat(5000)}N0nce==<b>N0nce==`,
    );
    // Any text cut anywhere, with any nonce: gunzip gives the text with the nonce in every cut.
    for (let round = 0; round < 200; round++) {
      const pieces = Array.from({ length: 1 + (round % 5) }, () =>
        crypto.randomBytes(Math.floor(Math.random() * 3000)).toString(round % 2 ? "base64" : "latin1"),
      );
      const bufs = pieces.map((p) => Buffer.from(p));
      const nonce = crypto.randomBytes(16).toString("base64");
      const seg = {
        parts: bufs,
        deflated: bufs.map((b) => zlib.deflateRawSync(b, { finishFlush: zlib.constants.Z_SYNC_FLUSH })),
      };
      expect(zlib.gunzipSync(gzipWithNonce(seg, nonce)).toString()).toBe(pieces.join(nonce));
    }
  });
});
