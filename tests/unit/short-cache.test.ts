/** The data caches' rules: kept for the TTL, dropped by any write, never kept when a write overlapped. */
import { describe, expect, it } from "vitest";
import { beginWrite, invalidateCaches, shortCache } from "~/lib/cache/cache.server";

describe("short-lived data cache", () => {
  it("keeps a value until a write, then reads again", async () => {
    const cache = shortCache<number>({ ttlMs: 60_000 });
    let reads = 0;
    const load = async () => ++reads;
    expect(await cache.get("k", load)).toBe(1);
    expect(await cache.get("k", load)).toBe(1);
    invalidateCaches();
    expect(await cache.get("k", load)).toBe(2);
    const end = beginWrite();
    expect(await cache.get("k", load)).toBe(3);
    // Read while a write was running: not kept.
    expect(await cache.get("k", load)).toBe(4);
    end();
    expect(await cache.get("k", load)).toBe(5);
    expect(await cache.get("k", load)).toBe(5);
  });

  it("does not keep a value read while a write started and ended", async () => {
    const cache = shortCache<string>({ ttlMs: 60_000 });
    let n = 0;
    const value = await cache.get("k", async () => {
      beginWrite()();
      return `read ${++n}`;
    });
    expect(value).toBe("read 1");
    expect(await cache.get("k", async () => `read ${++n}`)).toBe("read 2");
  });

  it("expires, refuses values the caller will not keep, and is off with a zero TTL", async () => {
    const short = shortCache<number>({ ttlMs: 20 });
    let reads = 0;
    await short.get("k", async () => ++reads);
    await new Promise((r) => setTimeout(r, 40));
    expect(await short.get("k", async () => ++reads)).toBe(2);
    const picky = shortCache<number | null>({ ttlMs: 60_000 });
    await picky.get(
      "k",
      async () => null,
      (v) => v !== null,
    );
    expect(
      await picky.get(
        "k",
        async () => 7,
        (v) => v !== null,
      ),
    ).toBe(7);
    const off = shortCache<number>({ ttlMs: 0 });
    await off.get("k", async () => 1);
    expect(await off.get("k", async () => 2)).toBe(2);
  });
});

describe("targeted invalidation", () => {
  it("drops only the values that read what a write touched: its table, its municipality", async () => {
    const { openDatabase } = await import("~/lib/db/db.server");
    const { sql } = await import("drizzle-orm");
    const { forMunicipality, runWriteScope, touches } = await import("~/lib/cache/cache.server");
    const h = await openDatabase({ kind: "pglite" });
    try {
      await h.db.execute(sql`create table items (m text, x int)`);
      await h.db.execute(sql`create table others (x int)`);
      const cache = shortCache<number>({ ttlMs: 60_000 });
      let reads = 0;
      const load = (m: string) => () =>
        h.db.execute(sql`select count(*) from items where m = ${m}`).then(() => ++reads);
      const get = (m: string) => cache.get(m, load(m), undefined, m);
      const everywhere = () =>
        cache.get("all", () => h.db.execute(sql`select count(*) from items`).then(() => ++reads));
      const a1 = await get("A");
      const b1 = await get("B");
      const all1 = await everywhere();
      expect([await get("A"), await get("B"), await everywhere()]).toEqual([a1, b1, all1]);

      // Another table: nothing changes.
      await runWriteScope(async () => {
        await h.db.execute(sql`insert into others values (1)`);
      });
      expect([await get("A"), await get("B"), await everywhere()]).toEqual([a1, b1, all1]);

      // A write declared for A: A and the all-municipalities value are read again, B is kept.
      await runWriteScope(async () => {
        touches("items", "A");
        await h.db.execute(sql`insert into items values ('A', 1)`);
      });
      const a2 = await get("A");
      const all2 = await everywhere();
      expect(a2).not.toBe(a1);
      expect(all2).not.toBe(all1);
      expect(await get("B")).toBe(b1);

      // A write nobody declared counts for every municipality.
      await runWriteScope(async () => {
        await h.db.execute(sql`insert into items values ('B', 1)`);
      });
      expect(await get("A")).not.toBe(a2);
      expect(await get("B")).not.toBe(b1);

      // A value read inside forMunicipality and cached elsewhere carries its keys to the enclosing read.
      const outer = shortCache<number>({ ttlMs: 60_000 });
      const composed = () => outer.get("home-B", () => forMunicipality("B", () => get("B")));
      const c1 = await composed();
      await runWriteScope(async () => {
        touches("items", "A");
        await h.db.execute(sql`insert into items values ('A', 2)`);
      });
      expect(await composed()).toBe(c1);
      await runWriteScope(async () => {
        touches("items", "B");
        await h.db.execute(sql`insert into items values ('B', 2)`);
      });
      expect(await composed()).not.toBe(c1);
    } finally {
      await h.close();
    }
  }, 60_000);
});
