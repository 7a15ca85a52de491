/**
 * Pushed live updates across processes: two app processes on one PostgreSQL database; a reader
 * holds the municipality home open on one (in Dutch) while a merchant adds a promotion through the other, and
 * the live scroller shows it, in Dutch, within 2 seconds. Without JavaScript the server-rendered list stays.
 * Skipped when PostgreSQL is not reachable outside CI (in CI it must be).
 */
import crypto from "node:crypto";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";
import { expect, test } from "./fixtures";
import { DEMO, acceptCookies, expectAccessible } from "./helpers";
import { type Extra, startExtra } from "./spawn";

const ADMIN_URL = process.env.DATABASE_URL_TEST ?? "postgres://postgres@127.0.0.1:5432/test";
const BUILD = path.resolve(import.meta.dirname, "../..", process.env.BUILD_DIR ?? "build");

let name = "";
let url = "";
let servers: Extra[] = [];
let reachable = true;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const admin = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3_000 });
  try {
    await admin.connect();
  } catch {
    reachable = false;
    if (process.env.CI === "true") throw new Error("PostgreSQL is not reachable");
    return;
  }
  name = `e2e_live_${crypto.randomBytes(4).toString("hex")}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(ADMIN_URL);
  u.pathname = `/${name}`;
  url = u.toString();
  // The demo data, written with the build's own tools (the server seeds only the embedded database).
  const build = await import(pathToFileURL(path.join(BUILD, "server/index.js")).href);
  const tools = build.entry.module;
  const handle = await tools.openDatabase({ kind: "postgres", url });
  await tools.migrateDatabase(handle);
  await tools.seedDemo(handle.db);
  await handle.close();
  const env = {
    DATABASE_URL: url,
    WEB_CONCURRENCY: "1",
    BETTER_AUTH_SECRET: crypto.randomBytes(32).toString("base64url"),
    RATE_LIMIT_AUTH: "500/1m",
    RATE_LIMIT_GENERAL: "5000/1m",
  };
  servers = await Promise.all([startExtra(env), startExtra(env)]);
});

test.afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  if (!name) return;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
});

async function signIn(origin: string, who: { email: string; password: string }) {
  const res = await fetch(`${origin}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin },
    body: new URLSearchParams(who),
  });
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

test("a promotion added through one process appears in the scroller open on another within 2 s", async ({ page }) => {
  test.skip(!reachable, "PostgreSQL is not reachable");
  const [writer, reader] = servers;
  await acceptCookies(page);
  await page.goto(`${reader.origin}/hasselt?lng=nl`);
  const scroller = page.getByRole("region", { name: /^Live-updates, schuiven/ });
  await expect(scroller).toBeVisible();
  // The stream is open once the page has hydrated; give it a moment to connect.
  await page.waitForLoadState("networkidle").catch(() => {});

  const cookie = await signIn(writer.origin, DEMO.merchant);
  const title = `Live ${crypto.randomBytes(3).toString("hex")}`;
  const validUntil = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const res = await fetch(`${writer.origin}/merchant/promotions`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: writer.origin, Cookie: cookie },
    body: new URLSearchParams({
      intent: "create",
      title,
      valid_until: validUntil,
      pricing_mode: "percentage",
      discount: "10% Off",
    }),
  });
  expect(res.status).toBe(200);
  // In the reader's language, without a reload.
  await expect(scroller.getByText(`Nieuwe promotie: ${title}`)).toBeVisible({ timeout: 2_000 });
  await expectAccessible(page);
});

test("without JavaScript the server-rendered live list stays", async ({ browser }) => {
  test.skip(!reachable, "PostgreSQL is not reachable");
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${servers[1].origin}/hasselt?lng=en`);
  const scroller = page.getByRole("region", { name: /^Live updates, scrolls/ });
  await expect(scroller.getByRole("listitem").first()).toBeVisible();
  await context.close();
});
