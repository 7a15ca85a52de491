/**
 * Who may read /metrics: a client on this machine that no proxy forwarded, or one with the METRICS_TOKEN; any
 * other client (another machine, or any visitor coming through a proxy on this machine) may not.
 */
import { afterEach, describe, expect, it } from "vitest";
import { resetEnvCache } from "~/lib/env.server";
import { mayScrape } from "~/lib/ops/prometheus.server";

const TOKEN = "scrape-token-0123456789abcdef";
const req = (remoteAddress: string, headers: Record<string, string> = {}) => ({ headers, socket: { remoteAddress } });

afterEach(() => {
  delete process.env.METRICS_TOKEN;
  resetEnvCache();
});

describe("metrics access", () => {
  it("lets a loopback client in only when no proxy forwarded it", () => {
    expect(mayScrape(req("127.0.0.1"))).toBe(true);
    expect(mayScrape(req("::1"))).toBe(true);
    expect(mayScrape(req("::ffff:127.0.0.1"))).toBe(true);
    expect(mayScrape(req("127.0.0.1", { "x-forwarded-for": "203.0.113.9" }))).toBe(false);
    expect(mayScrape(req("127.0.0.1", { forwarded: "for=203.0.113.9" }))).toBe(false);
    expect(mayScrape(req("127.0.0.1", { "x-real-ip": "203.0.113.9" }))).toBe(false);
  });

  it("refuses other machines unless they carry the token", () => {
    expect(mayScrape(req("203.0.113.9"))).toBe(false);
    expect(mayScrape(req("10.1.2.3", { authorization: `Bearer ${TOKEN}` }))).toBe(false);
    process.env.METRICS_TOKEN = TOKEN;
    resetEnvCache();
    expect(mayScrape(req("10.1.2.3", { authorization: `Bearer ${TOKEN}` }))).toBe(true);
    expect(mayScrape(req("10.1.2.3", { authorization: `Bearer ${TOKEN}x` }))).toBe(false);
    expect(mayScrape(req("10.1.2.3", { authorization: "Bearer " }))).toBe(false);
    expect(mayScrape(req("10.1.2.3", { authorization: TOKEN }))).toBe(false);
  });
});
