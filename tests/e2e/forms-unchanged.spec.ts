/**
 * Saving a form unchanged changes nothing. For every edit form of the panels (the merchant's business profile,
 * promotions and events; the administrator's users, merchants, promotions, events, subscriptions, features,
 * municipalities and settings) and the resident's profile and alerts: sign in as the role, open the form as a
 * person would, press its save button without touching a field, and compare every row of every data table
 * before and after (every column except `updated_at`). The audit row the save writes must name no changed
 * field. The rows under test first get every translatable text in every language, so a form that fails to
 * load a translation (or any other field it saves) loses it here.
 *
 * The server runs on PostgreSQL, so the test can read the rows between two saves; skipped when PostgreSQL is
 * not reachable outside CI (in CI it must be), like tests/e2e/live.spec.ts.
 */
import crypto from "node:crypto";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";
import { type Locator, type Page, expect, test } from "./fixtures";
import { DEMO, acceptCookies } from "./helpers";
import { type Extra, startExtra } from "./spawn";

const ADMIN_URL = process.env.DATABASE_URL_TEST ?? "postgres://postgres@127.0.0.1:5432/test";
const BUILD = path.resolve(import.meta.dirname, "../..", process.env.BUILD_DIR ?? "build");

/** Tables that record activity rather than what a form edits (sessions, queues, counters, logs). */
const ACTIVITY_TABLES = new Set([
  "sessions",
  "verifications",
  "platform_event_logs",
  "mail_outbox",
  "rate_limits",
  "sign_in_failures",
  "row_counts",
  "row_count_deltas",
  "jobs",
  "daily_metrics",
  "live_events",
  "data_exports",
]);
/** Columns a save may touch without changing anything a person wrote; image bytes are left out for size. */
const IGNORED_COLUMNS = ["updated_at", "bytes"];

let name = "";
let url = "";
let server: Extra | null = null;
let client: pg.Client | null = null;
let reachable = true;

// Each worker has its own database and server, and runs its tests one after the other, so a snapshot sees
// only the save of its own test; a failing test does not skip the others.

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
  name = `e2e_forms_${crypto.randomBytes(4).toString("hex")}`;
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
  client = new pg.Client({ connectionString: url });
  await client.connect();
  await fillEveryLanguage(client);
  server = await startExtra({
    DATABASE_URL: url,
    WEB_CONCURRENCY: "1",
    BETTER_AUTH_SECRET: crypto.randomBytes(32).toString("base64url"),
    RATE_LIMIT_AUTH: "500/1m",
    RATE_LIMIT_GENERAL: "5000/1m",
  });
});

test.afterAll(async () => {
  await server?.stop();
  await client?.end();
  if (!name) return;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
});

/** The rows under test get an original language and a translation into each other language of every text. */
async function fillEveryLanguage(db: pg.Client) {
  const texts = (fields: string[], lang: string) =>
    Object.fromEntries(fields.map((f) => [f, `${f} in ${lang}: "quoted" & <b>marked</b>`]));
  const others = (original: string, fields: string[]) =>
    JSON.stringify(
      Object.fromEntries(["en", "nl", "fr"].filter((l) => l !== original).map((l) => [l, texts(fields, l)])),
    );
  await db.query(
    `update merchants set description = $1, original_locale = 'en', translations = $2::jsonb,
       facebook_url = 'https://facebook.example/vermeulen', instagram_url = 'https://instagram.example/vermeulen'
     where business_name = 'Bakkerij Vermeulen'`,
    ["A family business since 1952: bread, pastry & pralines.", others("en", ["description"])],
  );
  await db.query(
    `update promotions set original_locale = 'en', translations = $1::jsonb where title = 'Sunday breakfast box for two'`,
    [others("en", ["title", "description", "terms"])],
  );
  await db.query(
    `update events set original_locale = 'en', translations = $1::jsonb where title = 'Bread baking workshop'`,
    [others("en", ["title", "description"])],
  );
  // The account of a business is often named after its owner: saving the business unchanged keeps that name.
  await db.query(`update users set name = 'Jef Vermeulen' where email = $1`, [DEMO.merchant.email]);
  await db.query(`update municipalities set original_locale = 'nl', translations = $1::jsonb where slug = 'hasselt'`, [
    others("nl", ["name"]),
  ]);
}

type Snapshot = Map<string, Set<string>>;

/** Every row of every data table, as JSON text without the ignored columns. */
async function snapshot(db: pg.Client): Promise<Snapshot> {
  const { rows: tables } = await db.query<{ table_name: string }>(
    `select table_name from information_schema.tables
     where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const out: Snapshot = new Map();
  for (const { table_name: table } of tables) {
    if (ACTIVITY_TABLES.has(table)) continue;
    const drop = IGNORED_COLUMNS.map((c) => ` - '${c}'`).join("");
    const { rows } = await db.query<{ r: string }>(`select (to_jsonb(t)${drop})::text as r from "${table}" t`);
    out.set(table, new Set(rows.map((row) => row.r)));
  }
  return out;
}

/** What differs between two snapshots: per table, the rows only before and the rows only after. */
function differences(before: Snapshot, after: Snapshot) {
  const out: { table: string; before: string[]; after: string[] }[] = [];
  for (const [table, rows] of after) {
    const old = before.get(table) ?? new Set<string>();
    const gone = [...old].filter((r) => !rows.has(r));
    const added = [...rows].filter((r) => !old.has(r));
    if (gone.length || added.length) out.push({ table, before: gone, after: added });
  }
  return out;
}

type Who = keyof typeof DEMO;
type FormCase = {
  name: string;
  who: Who;
  path: string;
  /** Opens the form (a row's Edit button) and returns it; a page form is found by its save button. */
  open: (page: Page) => Promise<Locator>;
  save: string | RegExp;
  success: string | RegExp;
  /** The audit row the save writes (platform_event_logs.event_type), when it writes one. */
  audit?: string;
  /** Opens the translation tabs before saving (their fields are posted either way). */
  tabs?: boolean;
};

const editDialog = (rowText: string, title: string) => async (page: Page) => {
  await page.getByRole("row").filter({ hasText: rowText }).getByRole("button", { name: /^Edit/ }).first().click();
  const dialog = page.getByRole("dialog", { name: title });
  await expect(dialog).toBeVisible();
  return dialog.locator("form");
};
const firstRowDialog = (title: string) => async (page: Page) => {
  await page.getByRole("button", { name: /^Edit/ }).first().click();
  const dialog = page.getByRole("dialog", { name: title });
  await expect(dialog).toBeVisible();
  return dialog.locator("form");
};
const pageForm = (save: string | RegExp) => async (page: Page) =>
  page.locator("form").filter({ has: page.getByRole("button", { name: save }) });

const FORMS: FormCase[] = [
  {
    name: "merchant: business profile",
    who: "merchant",
    path: "/merchant/profile",
    open: pageForm("Save changes"),
    save: "Save changes",
    success: "Profile updated successfully!",
    audit: "merchant.profile_updated",
  },
  {
    name: "merchant: business profile, translation tabs open",
    who: "merchant",
    path: "/merchant/profile",
    open: pageForm("Save changes"),
    save: "Save changes",
    success: "Profile updated successfully!",
    audit: "merchant.profile_updated",
    tabs: true,
  },
  {
    name: "merchant: promotion",
    who: "merchant",
    path: "/merchant/promotions",
    open: editDialog("Sunday breakfast box for two", "Edit promotion"),
    save: "Save",
    success: "Promotion updated successfully!",
    audit: "promotion.updated",
  },
  {
    name: "merchant: event",
    who: "merchant",
    path: "/merchant/events",
    open: editDialog("Bread baking workshop", "Edit event"),
    save: "Save",
    success: "Event updated successfully!",
    audit: "event.updated",
  },
  {
    name: "admin: user",
    who: "admin",
    path: "/admin/users?q=user%40demo.buurtplatform.be",
    open: editDialog("user@demo.buurtplatform.be", "Edit user"),
    save: "Save",
    success: "User updated successfully!",
    audit: "user.updated",
  },
  {
    name: "admin: merchant",
    who: "admin",
    path: "/admin/merchants?q=Vermeulen",
    open: editDialog("Bakkerij Vermeulen", "Edit merchant"),
    save: "Save",
    success: "Merchant updated successfully!",
    audit: "merchant.updated",
  },
  {
    name: "admin: promotion",
    who: "admin",
    path: "/admin/promotions?q=breakfast",
    open: editDialog("Sunday breakfast box for two", "Edit promotion"),
    save: "Save",
    success: "Promotion updated successfully!",
    audit: "promotion.updated",
  },
  {
    name: "admin: promotion, translation tabs open",
    who: "admin",
    path: "/admin/promotions?q=breakfast",
    open: editDialog("Sunday breakfast box for two", "Edit promotion"),
    save: "Save",
    success: "Promotion updated successfully!",
    audit: "promotion.updated",
    tabs: true,
  },
  {
    name: "admin: event",
    who: "admin",
    path: "/admin/events?q=workshop",
    open: editDialog("Bread baking workshop", "Edit event"),
    save: "Save",
    success: "Event updated successfully!",
    audit: "event.updated",
  },
  {
    name: "admin: subscription",
    who: "admin",
    path: "/admin/subscriptions",
    open: firstRowDialog("Edit subscription"),
    save: "Save",
    success: "Subscription updated successfully!",
    audit: "subscription.updated",
  },
  {
    name: "admin: feature",
    who: "admin",
    path: "/admin/features",
    open: firstRowDialog("Edit feature"),
    save: "Save",
    success: "Feature updated successfully!",
    audit: "feature.updated",
  },
  {
    name: "admin: municipality",
    who: "admin",
    path: "/admin/municipalities?q=hasselt",
    open: editDialog("hasselt", "Edit municipality"),
    save: "Save",
    success: "Municipality updated successfully!",
    audit: "municipality.updated",
  },
  {
    name: "admin: settings",
    who: "admin",
    path: "/admin/settings",
    open: pageForm("Save settings"),
    save: "Save settings",
    success: "Settings saved successfully!",
    audit: "settings.updated",
  },
  {
    // Nothing changed: the profile says so and saves nothing.
    name: "resident: profile",
    who: "user",
    path: "/profile",
    open: pageForm("Save changes"),
    save: "Save changes",
    success: "No changes detected.",
  },
];

async function signIn(page: Page, origin: string, who: { email: string; password: string }) {
  await page.goto(`${origin}/login?lng=en`);
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password", { exact: true }).fill(who.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL((u) => !u.pathname.startsWith("/login"));
}

/** The audit rows written since `since`, with the fields they say changed. */
async function auditSince(db: pg.Client, since: string) {
  const { rows } = await db.query<{ event_type: string; description: string; metadata: Record<string, unknown> }>(
    `select event_type, description, metadata from platform_event_logs where created_at > $1 order by created_at`,
    [since],
  );
  return rows;
}

for (const form of FORMS) {
  test(`${form.name}: saving the form unchanged changes no column`, async ({ page }) => {
    test.skip(!reachable, "PostgreSQL is not reachable");
    const db = client as pg.Client;
    const origin = (server as Extra).origin;
    await acceptCookies(page);
    await signIn(page, origin, DEMO[form.who]);
    await page.goto(`${origin}${form.path}${form.path.includes("?") ? "&" : "?"}lng=en`);
    const target = await form.open(page);
    await expect(target).toHaveCount(1);
    if (form.tabs) {
      await target.getByRole("button", { name: "Add or edit translations" }).click();
      await expect(target.getByRole("tablist")).toBeVisible();
    }

    const before = await snapshot(db);
    const {
      rows: [{ now }],
    } = await db.query<{ now: string }>("select clock_timestamp()::text as now");
    const posted = page.waitForResponse((r) => r.request().method() === "POST" && r.url().startsWith(origin));
    await target.getByRole("button", { name: form.save, exact: true }).click();
    await posted;
    // The panels' live region repeats the dialog's message: the first one is the form's own.
    await expect(page.getByText(form.success).first()).toBeVisible();
    const after = await snapshot(db);

    expect(differences(before, after), "rows changed by saving an unchanged form").toEqual([]);
    const audit = await auditSince(db, now);
    if (form.audit) expect(audit.map((a) => a.event_type)).toContain(form.audit);
    for (const row of audit) {
      const changed = row.metadata?.changed;
      expect(Array.isArray(changed) ? changed : [], `${row.event_type}: ${row.description}`).toEqual([]);
    }
  });
}

test("resident: alerts saved unchanged change nothing", async ({ page }) => {
  test.skip(!reachable, "PostgreSQL is not reachable");
  const db = client as pg.Client;
  const origin = (server as Extra).origin;
  await acceptCookies(page);
  await signIn(page, origin, DEMO.user);
  // Follow Hasselt for urgent reports only, then save that choice again from the profile.
  await page.goto(`${origin}/alerts/hasselt?lng=en`);
  await page.getByLabel("Urgent reports, as soon as a moderator approves them").check();
  await page.getByLabel("A weekly digest of new promotions and events").uncheck();
  await page.getByRole("button", { name: "Save my alerts" }).click();
  await expect(page.getByText(/alerts for Hasselt are saved/)).toBeVisible();

  await page.goto(`${origin}/profile?lng=en#notifications`);
  const before = await snapshot(db);
  await page.getByRole("button", { name: "Save alerts for Hasselt" }).click();
  await expect(page.getByText(/alerts for Hasselt are saved/)).toBeVisible();
  expect(differences(before, await snapshot(db))).toEqual([]);
});
