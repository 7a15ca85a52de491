/**
 * A guest's cached page is answered by a short path before the Express stack (app/server/http.server.ts
 * `guestShortPath`). It must be the same answer the whole stack gives: same headers, same bytes, its own nonce,
 * and the same refusals (a foreign Host, the general rate limit). Node's raw header names tell the paths
 * apart: the whole stack sends helmet's capitalised names, the short path the template's lower-case ones.
 */
import http from "node:http";
import zlib from "node:zlib";
import { expect, test } from "@playwright/test";
import { type Extra, publishedDemoDir, startExtra } from "./spawn";

type Answer = { status: number; raw: string[]; headers: http.IncomingHttpHeaders; body: string };

function get(origin: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(`${origin}${path}`, { headers: { "accept-encoding": "gzip", ...headers } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () => {
          const bytes = Buffer.concat(chunks);
          const gzip = res.headers["content-encoding"] === "gzip";
          resolve({
            status: res.statusCode ?? 0,
            raw: res.rawHeaders.filter((_, i) => i % 2 === 0),
            headers: res.headers,
            body: (gzip ? zlib.gunzipSync(bytes) : bytes).toString("utf8"),
          });
        });
      })
      .on("error", reject);
  });
}

const nonceOf = (a: Answer) => /'nonce-([^']+)'/.exec(String(a.headers["content-security-policy"]))?.[1] ?? "";
const shortPath = (a: Answer) => a.raw.includes("content-security-policy");
/** The headers and body with this answer's nonce and date taken out. */
function comparable(a: Answer) {
  const nonce = nonceOf(a);
  const headers = Object.entries(a.headers)
    .filter(([k]) => k !== "date")
    .map(([k, v]) => `${k}: ${String(v).split(nonce).join("NONCE")}`)
    .sort();
  return { headers, body: a.body.split(nonce).join("NONCE") };
}

test.describe("the cached guest page's short path", () => {
  test.describe.configure({ mode: "serial" });
  let server: Extra;
  test.beforeAll(async () => {
    // Seeding a demo and starting a server of its own takes long beside other specs on two cores.
    test.setTimeout(180_000);
    server = await startExtra({ RATE_LIMIT_GENERAL: "40/1m", CACHE_TTL: "60" }, await publishedDemoDir());
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("gives the whole stack's answer with its own nonce, plain and gzip", async () => {
    for (const encoding of ["gzip", "identity"]) {
      const answers: Answer[] = [];
      for (let i = 0; i < 4; i++) answers.push(await get(server.origin, "/hasselt", { "accept-encoding": encoding }));
      // (The page may have been rendered already, by the server's start or the other encoding's pass.)
      expect(answers.slice(1).map((a) => a.headers["x-cache"])).toEqual(["HIT", "HIT", "HIT"]);
      // One hit goes through the whole stack (it gives the short path its template); the ones after do not.
      const first = answers.findIndex(shortPath);
      expect(first, "a short-path answer").toBeGreaterThan(0);
      expect(first).toBeLessThanOrEqual(2);
      expect(answers.slice(first).every(shortPath)).toBe(true);
      const full = answers[first - 1];
      expect(full.headers["x-cache"]).toBe("HIT");
      for (const short of answers.slice(first)) expect(comparable(short)).toEqual(comparable(full));
      const short = answers[first];
      expect(new Set(answers.map(nonceOf)).size).toBe(4);
      expect(short.body).toContain(`nonce="${nonceOf(short)}"`);
      expect(Number(short.headers["content-length"])).toBeGreaterThan(1000);
    }
  });

  test("never answers a cookie, a session, a chosen language or another Host", async () => {
    await get(server.origin, "/hasselt");
    await get(server.origin, "/hasselt");
    expect(shortPath(await get(server.origin, "/hasselt"))).toBe(true);
    const session = await get(server.origin, "/hasselt", { cookie: "bp.session_token=forged" });
    expect(shortPath(session)).toBe(false);
    const lng = await get(server.origin, "/hasselt?lng=nl");
    expect(shortPath(lng)).toBe(false);
    expect(String(lng.headers["set-cookie"])).toContain("i18next=nl");
    const foreign = await get(server.origin, "/hasselt", { host: "rebound.example" });
    expect(foreign.status).toBe(421);
  });

  test("the general rate limit still applies to cached pages", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 45; i++) statuses.push((await get(server.origin, "/zonhoven")).status);
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(40);
    expect(statuses.at(-1)).toBe(429);
  });
});
