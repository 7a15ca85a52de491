/** The pure parts of the hardening: client grouping, loopback detection, exposure, hosts, origins, writes. */
import { afterEach, describe, expect, it } from "vitest";
import { writtenTable } from "~/lib/cache/cache.server";
import { parseEnv, resetEnvCache } from "~/lib/env.server";
import { clientGroup, exposure, isLoopbackHost, normalizeAddress } from "~/lib/http/net";
import { absoluteUrl, checkOrigin, hostAllowed, requestOrigin } from "~/lib/http/origin.server";
import { lockDelaySeconds } from "~/lib/http/rate-limit.server";
import { controlCharsInUrl, hasControlChars } from "~/lib/forms/validation";

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  resetEnvCache();
});
function withEnv(vars: Record<string, string | undefined>) {
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnvCache();
}

describe("client addresses", () => {
  it("groups IPv6 clients by their /64 and keeps IPv4 addresses whole", () => {
    expect(clientGroup("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(clientGroup("2001:db8:1:2:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(clientGroup("2001:DB8:1:2::7")).toBe("2001:db8:1:2::/64");
    expect(clientGroup("2001:db8:1:3::1")).not.toBe(clientGroup("2001:db8:1:2::1"));
    expect(clientGroup("::1")).toBe("0:0:0:0::/64");
    expect(clientGroup("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(clientGroup("203.0.113.7")).toBe("203.0.113.7");
    expect(clientGroup("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(normalizeAddress(" ::FFFF:10.0.0.1 ")).toBe("10.0.0.1");
  });

  it("knows which hosts only this machine reaches", () => {
    for (const h of ["127.0.0.1", "127.1.2.3", "localhost", "LOCALHOST", "::1", "[::1]", "app.localhost"]) {
      expect(isLoopbackHost(h), h).toBe(true);
    }
    for (const h of ["0.0.0.0", "::", "192.168.1.10", "example.org", "10.0.0.1", "::2"]) {
      expect(isLoopbackHost(h), h).toBe(false);
    }
  });

  it("says why a server is reachable from other machines", () => {
    expect(exposure({ HOST: "127.0.0.1", TRUST_PROXY: false })).toBeNull();
    expect(exposure({ HOST: "127.0.0.1", TRUST_PROXY: false, PUBLIC_URL: "http://localhost:3000" })).toBeNull();
    expect(exposure({ HOST: "0.0.0.0", TRUST_PROXY: false })).toMatch(/HOST=0.0.0.0/);
    expect(exposure({ HOST: "::", TRUST_PROXY: false })).toMatch(/HOST=::/);
    expect(exposure({ HOST: "127.0.0.1", TRUST_PROXY: true })).toMatch(/TRUST_PROXY/);
    expect(exposure({ HOST: "127.0.0.1", TRUST_PROXY: false, PUBLIC_URL: "https://buurt.example" })).toMatch(
      /PUBLIC_URL/,
    );
  });
});

describe("configuration", () => {
  it("has one parser for yes/no settings, used by the server too", () => {
    for (const yes of ["true", "1", "yes", "on", "TRUE", " Yes "]) {
      expect(parseEnv({ TRUST_PROXY: yes, HSTS: yes }).TRUST_PROXY, yes).toBe(true);
      expect(parseEnv({ HSTS: yes }).HSTS, yes).toBe(true);
    }
    for (const no of ["false", "0", "no", "off", ""]) expect(parseEnv({ HSTS: no }).HSTS, no).toBe(false);
    expect(() => parseEnv({ HSTS: "maybe" })).toThrow(/HSTS/);
  });

  it("listens on this machine only unless told otherwise", () => {
    expect(parseEnv({}).HOST).toBe("127.0.0.1");
    expect(parseEnv({ HOST: "0.0.0.0" }).HOST).toBe("0.0.0.0");
  });
});

describe("origin check for every state-changing request", () => {
  it("accepts the site's own origin and trusted ones, refuses the rest", () => {
    withEnv({ PUBLIC_URL: "https://buurt.example", TRUSTED_ORIGINS: "https://admin.buurt.example" });
    expect(checkOrigin({ origin: "https://buurt.example", host: "buurt.example" }).ok).toBe(true);
    expect(checkOrigin({ origin: "https://admin.buurt.example" }).ok).toBe(true);
    expect(checkOrigin({ origin: "https://evil.example", host: "buurt.example" }).ok).toBe(false);
    expect(checkOrigin({ origin: "http://buurt.example" }).ok).toBe(false); // other scheme
    expect(checkOrigin({ origin: "https://buurt.example.evil.example" }).ok).toBe(false);
    expect(checkOrigin({ origin: "null" }).ok).toBe(false);
    expect(checkOrigin({ origin: "not a url" }).ok).toBe(false);
    // With PUBLIC_URL set, the Host header decides nothing.
    expect(checkOrigin({ origin: "https://evil.example", host: "evil.example" }).ok).toBe(false);
  });

  it("without an Origin header, refuses what the browser says is cross-site", () => {
    withEnv({ PUBLIC_URL: "https://buurt.example" });
    expect(checkOrigin({}).ok).toBe(true);
    expect(checkOrigin({ "sec-fetch-site": "same-origin" }).ok).toBe(true);
    expect(checkOrigin({ "sec-fetch-site": "cross-site" }).ok).toBe(false);
    expect(checkOrigin({ "sec-fetch-site": "same-site" }).ok).toBe(false);
  });

  it("on a developer's machine (no PUBLIC_URL) accepts the host the request came to", () => {
    withEnv({ PUBLIC_URL: undefined, PORT: "3000" });
    expect(checkOrigin({ origin: "http://127.0.0.1:3000", host: "127.0.0.1:3000" }).ok).toBe(true);
    expect(checkOrigin({ origin: "http://localhost:3000", host: "127.0.0.1:3000" }).ok).toBe(true); // the default
    expect(checkOrigin({ origin: "http://[::1]:4000", host: "[::1]:4000" }).ok).toBe(true);
    expect(checkOrigin({ origin: "http://evil.example", host: "127.0.0.1:3000" }).ok).toBe(false);
  });

  it("without PUBLIC_URL, refuses a name that a page re-pointed at this machine (DNS rebinding)", () => {
    withEnv({ PUBLIC_URL: undefined, PORT: "3000" });
    const rebind = { origin: "http://rebind.attacker.example:3000", host: "rebind.attacker.example:3000" };
    expect(checkOrigin(rebind).ok).toBe(false);
    expect(checkOrigin({ origin: "http://192.168.1.10:3000", host: "192.168.1.10:3000" }).ok).toBe(false);
  });
});

describe("the hosts the site answers to", () => {
  it("without PUBLIC_URL: loopback names only, with any port", () => {
    withEnv({ PUBLIC_URL: undefined, PORT: "3000" });
    for (const host of ["localhost", "localhost:3000", "LOCALHOST:8080", "127.0.0.1:3000", "[::1]:3000", "[::1]"]) {
      expect(hostAllowed(host), host).toBe(true);
    }
    for (const host of [
      "rebind.attacker.example:3000",
      "evil.example",
      "192.168.1.10:3000",
      "0.0.0.0:3000",
      "localhost.evil.example",
      "127.0.0.1.evil.example",
      "localhost:3000/x",
      "a b",
    ]) {
      expect(hostAllowed(host), host).toBe(false);
    }
    // No Host at all (HTTP/1.0, a probe) is no browser's request.
    expect(hostAllowed(undefined)).toBe(true);
  });

  it("with PUBLIC_URL: its host name (any port) and loopback names, nothing else", () => {
    withEnv({ PUBLIC_URL: "https://buurt.example" });
    expect(hostAllowed("buurt.example")).toBe(true);
    expect(hostAllowed("BUURT.example:443")).toBe(true);
    expect(hostAllowed("127.0.0.1:3000")).toBe(true);
    expect(hostAllowed("www.buurt.example")).toBe(false);
    expect(hostAllowed("buurt.example.evil.example")).toBe(false);
    expect(hostAllowed("10.0.0.5:3000")).toBe(false);
  });
});

describe("absolute URLs never come from request headers", () => {
  it("are built on PUBLIC_URL whatever Host says", () => {
    withEnv({ PUBLIC_URL: "https://buurt.example/" });
    expect(absoluteUrl("/images/a.png")).toBe("https://buurt.example/images/a.png");
    expect(absoluteUrl("https://cdn.example/b.png")).toBe("https://cdn.example/b.png");
    expect(requestOrigin("evil.example")).toBe("https://buurt.example");
  });
  it("without PUBLIC_URL, use a clean Host only for the request's own URL", () => {
    withEnv({ PUBLIC_URL: undefined, PORT: "3000" });
    expect(absoluteUrl("/x")).toBe("http://localhost:3000/x");
    expect(requestOrigin("127.0.0.1:3000")).toBe("http://127.0.0.1:3000");
    expect(requestOrigin("evil.example/@x")).toBe("http://localhost:3000");
  });
});

describe("what counts as a write for the caches", () => {
  it("sees inserts, updates and deletes of content tables, not reads or bookkeeping", () => {
    expect(writtenTable('insert into "promotions" ("id") values ($1)')).toBe("promotions");
    expect(writtenTable('update "users" set "name" = $1')).toBe("users");
    expect(writtenTable('delete from "sessions" where "id" = $1')).toBe("sessions");
    expect(writtenTable("with x as (select 1) update events set title = 'a'")).toBe("events");
    expect(writtenTable("select * from promotions for update skip locked")).toBeNull();
    expect(writtenTable("select 1")).toBeNull();
    expect(
      writtenTable("insert into rate_limits (key) values ($1) on conflict (key) do update set count = 1"),
    ).toBeNull();
    expect(writtenTable("insert into sign_in_failures (key) values ($1)")).toBeNull();
    expect(writtenTable("begin")).toBeNull();
  });
});

describe("per-account sign-in delay", () => {
  it("costs nothing for the first failures, then doubles up to a ceiling", () => {
    expect([1, 2, 3, 4, 5].map(lockDelaySeconds)).toEqual([0, 0, 0, 0, 0]);
    expect([6, 7, 8, 9].map(lockDelaySeconds)).toEqual([30, 60, 120, 240]);
    expect(lockDelaySeconds(50)).toBe(900);
  });
});

describe("control characters", () => {
  it("are refused in single-line texts, and allowed as tab and line breaks in multi-line ones", () => {
    expect(hasControlChars("Bakkerij Janssens")).toBe(false);
    expect(hasControlChars("Café «Zuid» – 12 €")).toBe(false);
    for (const c of ["\0", "\u0001", "\u001b", "\u007f", "\u0085", "\t", "\n", "\r"]) {
      expect(hasControlChars(`a${c}b`), JSON.stringify(c)).toBe(true);
    }
    expect(hasControlChars("line one\nline two\r\n\tindented", true)).toBe(false);
    for (const c of ["\0", "\u0008", "\u001b", "\u007f", "\u009f"]) {
      expect(hasControlChars(`a${c}b`, true), JSON.stringify(c)).toBe(true);
    }
  });

  it("are found in a request's path (404) or query (400), however they are escaped", () => {
    expect(controlCharsInUrl("/merchants/abc%00")).toBe("path");
    expect(controlCharsInUrl("/merchants/abc%00.data")).toBe("path");
    expect(controlCharsInUrl("/merchants/%C2%85")).toBe("path");
    expect(controlCharsInUrl("/admin/lookup/users?q=a%00")).toBe("query");
    expect(controlCharsInUrl("/promotions/hasselt?q=%1B")).toBe("query");
    expect(controlCharsInUrl("/promotions/hasselt?q=a%0Ab")).toBeNull();
    expect(controlCharsInUrl("/promotions/hasselt?q=50%25%00")).toBe("query");
    // Text that only looks like an escape, and escapes that decode to no character, are left to the routes.
    expect(controlCharsInUrl("/promotions/hasselt?q=%2500")).toBeNull();
    expect(controlCharsInUrl("/promotions/hasselt?q=%C0%80")).toBeNull();
    expect(controlCharsInUrl("/merchants/caf%C3%A9?q=b%C3%A8re")).toBeNull();
    expect(controlCharsInUrl("/")).toBeNull();
  });
});
