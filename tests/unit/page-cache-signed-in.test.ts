/**
 * Signed-in pages in the page cache: each session's pages are its own. A real Express app over real HTTP with
 * the real middleware; the session lookup is a fixture that reads a `sessions` and a `people` table on an
 * in-memory PGlite, as the app's lookup reads better-auth's tables, so its reads count for invalidation.
 */
import crypto from "node:crypto";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ignoreWritesTo, openWriteScope } from "~/lib/cache/cache.server";
import { pageCacheMiddleware } from "~/lib/cache/page-cache.server";
import { openDatabase } from "~/lib/db/db.server";

let origin = "";
let renders = 0;
let close: () => void;
let closeDb: () => Promise<void>;

type Row = { id: string; role: string };

beforeAll(async () => {
  const handle = await openDatabase({ kind: "pglite" });
  closeDb = handle.close;
  const db = handle.db;
  await db.execute(sql`create table people (id text primary key, role text not null)`);
  await db.execute(sql`create table sessions (token text primary key, person text not null)`);
  await db.execute(sql`create table notes (x int)`);
  await db.execute(sql`create table visits (x int)`);
  // Counters written in batches: the caches ignore their writes (as the metrics module declares its table).
  await db.execute(sql`create table tallies (x int)`);
  ignoreWritesTo("tallies");
  await db.execute(sql`insert into people values ('alice', 'user'), ('bob', 'user')`);
  await db.execute(sql`insert into sessions values ('ta', 'alice'), ('tb', 'bob')`);

  const tokenOf = (req: express.Request) => /(?:^|;\s*)bp\.session_token=([^;]+)/.exec(req.headers.cookie ?? "")?.[1];
  const lookup = async (req: express.Request): Promise<Row | null> => {
    const token = tokenOf(req);
    if (!token) return null;
    const result = await db.execute(
      sql`select p.id, p.role from sessions s join people p on p.id = s.person where s.token = ${token}`,
    );
    return ((result as unknown as { rows: Row[] }).rows[0] as Row | undefined) ?? null;
  };

  const app = express();
  app.use((_req, res, next) => {
    res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
    next();
  });
  app.use((req, res, next) => {
    // As the server does for every request carrying a session.
    if (req.headers.cookie?.includes("bp.session_token=")) res.set("Cache-Control", "private, no-store");
    const { finish } = openWriteScope(() => next());
    res.once("close", finish);
  });
  app.use(pageCacheMiddleware(60_000, { owner: (req) => lookup(req as express.Request) }));
  const page = async (req: express.Request, res: express.Response) => {
    const who = await lookup(req);
    await db.execute(sql`select count(*) from notes`);
    if (req.path === "/writes") await db.execute(sql`insert into visits values (1)`);
    if (req.path === "/dashboard") await db.execute(sql`select count(*) from tallies`);
    renders++;
    res.type("html").send(`<p>render ${renders} for ${who ? `${who.id} (${who.role})` : "guest"}</p>`);
  };
  app.get(["/page", "/writes", "/profile", "/promotions/x", "/dashboard"], page);
  app.post("/role", async (req, res) => {
    await db.execute(sql`update people set role = ${String(req.query.role)} where id = 'alice'`);
    res.status(204).end();
  });
  app.post("/sign-out", async (_req, res) => {
    await db.execute(sql`delete from sessions where token = 'ta'`);
    res.status(204).end();
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

const ALICE = { Cookie: "bp.session_token=ta" };
const BOB = { Cookie: "bp.session_token=tb" };

async function get(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(origin + path, { headers });
  return { status: res.status, cache: res.headers.get("x-cache"), body: await res.text() };
}

describe("signed-in page cache", () => {
  it("serves a session its own stored page and never another person's", async () => {
    const a1 = await get("/page?s=1", ALICE);
    const a2 = await get("/page?s=1", ALICE);
    expect([a1.cache, a2.cache]).toEqual(["MISS", "HIT"]);
    expect(a2.body).toBe(a1.body);
    expect(a2.body).toContain("alice (user)");
    const b = await get("/page?s=1", BOB);
    expect(b.cache).toBe("MISS");
    expect(b.body).toContain("bob (user)");
    expect(b.body).not.toContain("alice");
    const guest = await get("/page?s=1");
    expect(guest.cache).toBe("MISS");
    expect(guest.body).toContain("guest");
    // A cookie that names no session is a guest's request with a cookie: rendered, never from the cache.
    const stranger = await get("/page?s=1", { Cookie: "bp.session_token=nobody" });
    expect(stranger.cache).toBeNull();
    expect(stranger.body).toContain("guest");
    expect((await get("/page?s=1", ALICE)).body).toBe(a1.body);
    expect((await get("/page?s=1", BOB)).body).toBe(b.body);
  });

  it("a role change takes effect on the next request", async () => {
    await get("/page?r=1", ALICE);
    expect((await get("/page?r=1", ALICE)).cache).toBe("HIT");
    await fetch(`${origin}/role?role=admin`, { method: "POST" });
    const after = await get("/page?r=1", ALICE);
    expect(after.cache).toBe("MISS");
    expect(after.body).toContain("alice (admin)");
    await fetch(`${origin}/role?role=user`, { method: "POST" });
    expect((await get("/page?r=1", ALICE)).body).toContain("alice (user)");
  });

  it("does not store account pages, a chosen language, a render that wrote or one that read unwatched counters", async () => {
    for (const path of ["/profile", "/page?lng=nl", "/writes", "/dashboard"]) {
      const before = renders;
      await get(path, ALICE);
      const again = await get(path, ALICE);
      expect(again.cache === "HIT", path).toBe(false);
      expect(renders - before, path).toBe(2);
    }
  });

  it("drops a session's pages when what they read is written", async () => {
    await get("/promotions/x", BOB);
    expect((await get("/promotions/x", BOB)).cache).toBe("HIT");
    await fetch(`${origin}/role?role=user`, { method: "POST" });
    expect((await get("/promotions/x", BOB)).cache).toBe("MISS");
  });

  it("after signing out, the session's stored pages are never served", async () => {
    await get("/page?o=1", ALICE);
    expect((await get("/page?o=1", ALICE)).cache).toBe("HIT");
    await fetch(`${origin}/sign-out`, { method: "POST" });
    const after = await get("/page?o=1", ALICE);
    expect(after.cache).toBeNull();
    expect(after.body).toContain("guest");
    expect(after.body).not.toContain("alice");
  });
});
