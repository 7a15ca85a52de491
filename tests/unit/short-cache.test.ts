/** The data caches' rules: kept for the TTL, dropped by any write, never kept when a write overlapped. */
import { describe, expect, it } from "vitest";
import { beginWrite, invalidateCaches, shortCache } from "~/lib/cache.server";

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
