/**
 * A NUL (PostgreSQL refuses it in text: a query error) wherever input enters, from outside: every route of
 * app/routes.ts with each of its parameters, the query parameters that pages, panels and the open-data API
 * read, and every field of every form that a guest, a resident, a merchant and an administrator can reach (the
 * forms in the pages, and the panels' dialogs, which only exist once opened). Each answer is a 4xx, never a
 * 5xx, and the server logs no error meanwhile. It runs on a server of its own, so that its log can be read.
 */
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../app/routes";
import { type Browser, type BrowserContext, type Page, expect, test } from "./fixtures";
import { DEMO } from "./helpers";
import { type Extra, publishedDemoDir, startExtra } from "./spawn";

type Role = "guest" | "user" | "merchant" | "admin";
const ROLES: Role[] = ["guest", "user", "merchant", "admin"];
const NUL = "\u0000";

/** A value for each route parameter that names something real or at least well-formed. */
const PARAM_VALUES: Record<string, string> = {
  municipality: "hasselt",
  promotionId: "00000000-0000-4000-8000-000000000000",
  eventId: "00000000-0000-4000-8000-000000000000",
  exportId: "00000000-0000-4000-8000-000000000000",
  merchantId: "00000000-0000-4000-8000-000000000000",
  userId: "00000000-0000-4000-8000-000000000000",
  file: `${"0".repeat(32)}-640.webp`,
  kind: "users",
  resource: "promotions",
  format: "json",
  "*": "a/b",
};

/** Every query parameter a loader reads somewhere (lists, searches, pickers, the API, tokens, redirects). */
const QUERY_NAMES = [
  "q",
  "page",
  "category",
  "sort",
  "when",
  "municipality",
  "cursor",
  "from",
  "limit",
  "lng",
  "token",
  "redirectTo",
  "status",
  "type",
  "after",
  "template",
];

/** Every route's full pattern ("/promotions/:municipality/:promotionId"), layouts resolved. */
function patterns(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((e) => {
    const full = e.path ? `${parent}/${e.path}` : parent;
    const own = e.path !== undefined || e.index ? [full || "/"] : [];
    return [...own, ...patterns(e.children ?? [], full)];
  });
}

function fill(pattern: string, poisoned?: string): string {
  return pattern
    .split("/")
    .map((seg) => {
      const name = seg === "*" ? "*" : seg.startsWith(":") ? seg.slice(1).replace(/\?$/, "") : null;
      if (name === null) return seg;
      const value = PARAM_VALUES[name] ?? "x";
      return name === poisoned ? `${value}%00` : value;
    })
    .join("/");
}

/** The URLs of one route with a NUL in each parameter, in its path, and in each query parameter. */
function poisonedUrls(pattern: string): string[] {
  const params = [...pattern.matchAll(/:(\w+)|\*/g)].map((m) => m[1] ?? "*");
  const plain = fill(pattern);
  const out = params.map((p) => fill(pattern, p));
  out.push(plain === "/" ? "/%00" : `${plain}%00`);
  for (const name of QUERY_NAMES) out.push(`${plain}?${name}=a%00`);
  return out;
}

type Field = { name: string; tag: string; type: string; value: string; checked: boolean; options: string[] };
type FormShape = { page: string; action: string; fields: Field[] };

/** The post forms of the page (or of its open dialog), as the browser would submit them. */
async function formsOf(page: Page, scope: string): Promise<FormShape[]> {
  const found = await page.evaluate((selector) => {
    return [...document.querySelectorAll(selector)]
      .filter((f) => (f.getAttribute("method") ?? "get").toLowerCase() === "post")
      .map((f) => {
        const form = f as HTMLFormElement;
        const fields = [...form.elements]
          .map((e) => e as HTMLInputElement & HTMLSelectElement)
          .filter((e) => e.name && !e.disabled)
          .map((e) => ({
            name: e.name,
            tag: e.tagName.toLowerCase(),
            type: (e.type ?? "").toLowerCase(),
            value: e.value ?? "",
            checked: !!e.checked,
            options: e.tagName === "SELECT" ? [...e.options].map((o) => o.value) : [],
          }));
        return { action: form.action, fields };
      });
  }, scope);
  return found.map((f) => ({ ...f, page: page.url() }));
}

/** A form as a person would fill it: blanks get a plausible value, so the NUL is what is judged. */
function filled(form: FormShape): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of form.fields) {
    if (f.type === "file" || f.type === "reset") continue;
    if ((f.type === "submit" || f.tag === "button") && (out[f.name] !== undefined || !f.value)) continue;
    if ((f.type === "checkbox" || f.type === "radio") && !f.checked && out[f.name] !== undefined) continue;
    if (f.type === "checkbox" && !f.checked) continue;
    if (out[f.name] !== undefined && f.type !== "radio") continue;
    let value = f.value;
    if (!value) {
      const n = f.name.toLowerCase();
      if (f.tag === "select") value = f.options.find((o) => o) ?? "";
      else if (f.type === "email" || n.includes("email")) value = "sweep@example.test";
      else if (f.type === "password" || n.includes("password")) value = "Sweep-Long-Passw0rd-2026!";
      else if (f.type === "date" || n.includes("date") || n.includes("valid_until")) value = "2030-01-31";
      else if (f.type === "time" || n.endsWith("_time")) value = "12:00";
      else if (f.type === "number") value = "1";
      else if (f.type === "url" || n.endsWith("_url") || n.endsWith("url")) value = "";
      else if (f.type !== "hidden") value = "Sweep text";
    }
    out[f.name] = value;
  }
  return out;
}

let server: Extra;
const contexts: Partial<Record<Role, BrowserContext>> = {};
const scripted: Partial<Record<Role, BrowserContext>> = {};

async function contextFor(browser: Browser, role: Role, javaScriptEnabled: boolean): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: server.origin,
    javaScriptEnabled,
    extraHTTPHeaders: { Origin: server.origin },
  });
  await context.addInitScript(() => {
    try {
      window.localStorage.setItem("cookiesAccepted", "true");
    } catch {}
  });
  if (role !== "guest") {
    const who = DEMO[role as Exclude<Role, "guest">];
    const res = await context.request.post("/login", { form: who, maxRedirects: 0 });
    expect(res.status(), `${role} signs in`).toBe(302);
  }
  return context;
}

/** Posts the form once per field with a NUL in it (and once under a name holding a NUL): 4xx each time. */
async function sweepForm(context: BrowserContext, form: FormShape, label: string) {
  const base = filled(form);
  const names = Object.keys(base);
  const variants: Record<string, string>[] = names.map((n) => ({ ...base, [n]: `${base[n]}${NUL}x` }));
  variants.push({ ...base, [`extra${NUL}`]: "x" });
  for (const body of variants) {
    const res = await context.request.post(form.action, { form: body, maxRedirects: 0 });
    const poisoned = Object.keys(body).find((k) => k.includes(NUL) || body[k].includes(NUL));
    expect(res.status(), `${label} ${form.action} field ${JSON.stringify(poisoned)}`).toBeGreaterThanOrEqual(400);
    expect(res.status(), `${label} ${form.action} field ${JSON.stringify(poisoned)}`).toBeLessThan(500);
  }
}

const ALL = [...new Set(patterns(routes as RouteConfigEntry[]))];

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  const dir = await publishedDemoDir();
  server = await startExtra(
    {
      LOG_LEVEL: "warn",
      RATE_LIMIT_AUTH: "off",
      RATE_LIMIT_GENERAL: "off",
      RATE_LIMIT_REPORT: "off",
      RATE_LIMIT_CONTACT: "off",
      RATE_LIMIT_NEWSLETTER: "off",
      RATE_LIMIT_UPLOAD: "off",
      RATE_LIMIT_API: "off",
    },
    dir,
  );
  for (const role of ROLES) {
    contexts[role] = await contextFor(browser, role, false);
    scripted[role] = await contextFor(browser, role, true);
  }
});

test.afterAll(async () => {
  for (const c of [...Object.values(contexts), ...Object.values(scripted)]) await c?.close();
  await server?.stop();
});

test("a NUL in any route parameter, path or query parameter is a 4xx for every role", async () => {
  test.setTimeout(300_000);
  expect(ALL.length).toBeGreaterThan(40);
  const failures: string[] = [];
  for (const role of ROLES) {
    const request = (contexts[role] as BrowserContext).request;
    const urls = ALL.flatMap(poisonedUrls);
    // The single-fetch data requests of the same URLs, for a guest and an administrator.
    if (role === "guest" || role === "admin") {
      urls.push(
        ...urls.map((u) => {
          const [path, query] = u.split("?");
          return `${path === "/" ? "/_root" : path}.data${query ? `?${query}` : ""}`;
        }),
      );
    }
    for (let i = 0; i < urls.length; i += 8) {
      await Promise.all(
        urls.slice(i, i + 8).map(async (url) => {
          const res = await request.get(url, { maxRedirects: 0 });
          if (res.status() < 400 || res.status() >= 500) failures.push(`${role} GET ${url}: ${res.status()}`);
        }),
      );
    }
  }
  expect(failures).toEqual([]);
});

test("a NUL in any field of any form on the pages is a 4xx for every role", async () => {
  test.setTimeout(600_000);
  const pages = ALL.filter((p) => !p.startsWith("/api/") && !p.startsWith("/media/") && !p.includes("*"))
    .map((p) => fill(p))
    .concat(["/reset-password?token=sweep", "/unsubscribe?token=sweep", "/newsletter/confirm?token=sweep"]);
  let swept = 0;
  for (const role of ROLES) {
    const context = contexts[role] as BrowserContext;
    const seen = new Set<string>();
    const page = await context.newPage();
    for (const url of pages) {
      const address = `${url}${url.includes("?") ? "&" : "?"}lng=en`;
      // A resource route that answers a GET without a page (405 with no body) has no form to sweep.
      const res = await page.goto(address).catch(() => null);
      if (!res) {
        const status = (await context.request.get(address, { maxRedirects: 0 })).status();
        if (status >= 500) throw new Error(`${role} ${url}: ${status}`);
        continue;
      }
      if (res.status() >= 500) throw new Error(`${role} ${url}: ${res.status()}`);
      for (const form of await formsOf(page, "form")) {
        const key = `${new URL(form.action).pathname} ${form.fields.map((f) => f.name).join(",")}`;
        // Signing out has nothing to store, and would end this role's session.
        if (seen.has(key) || new URL(form.action).pathname === "/logout") continue;
        seen.add(key);
        await sweepForm(context, form, `${role} on ${url}:`);
        swept++;
      }
    }
    await page.close();
  }
  // Sign-in, sign-up, reset, contact, newsletter, report, profile, alerts, privacy, unsubscribe, settings...
  expect(swept).toBeGreaterThan(15);
});

/** The panels' dialogs: every "Add ..." and the first row's "Edit" and moderation dialogs. */
const PANELS: [Role, string][] = [
  ["admin", "/admin/users"],
  ["admin", "/admin/merchants"],
  ["admin", "/admin/promotions"],
  ["admin", "/admin/events"],
  ["admin", "/admin/subscriptions"],
  ["admin", "/admin/features"],
  ["admin", "/admin/municipalities"],
  ["admin", "/admin/reports"],
  ["merchant", "/merchant/promotions"],
  ["merchant", "/merchant/events"],
];

test("a NUL in any field of the panels' dialogs is a 4xx", async () => {
  test.setTimeout(600_000);
  let swept = 0;
  for (const [role, url] of PANELS) {
    const context = scripted[role] as BrowserContext;
    const page = await context.newPage();
    await page.goto(`${url}?lng=en`);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const openers = [
      page.getByRole("button", { name: /^Add / }).first(),
      page.getByRole("button", { name: /^Edit/ }).first(),
      page.getByRole("button", { name: /^(Reject|Approve)/ }).first(),
      page.getByRole("button", { name: /^Delete/ }).first(),
    ];
    for (const opener of openers) {
      if (!(await opener.count()) || !(await opener.isEnabled())) continue;
      await opener.click();
      const dialog = page.getByRole("dialog");
      await expect(dialog).toBeVisible();
      for (const form of await formsOf(page, "dialog[open] form")) {
        await sweepForm(context, form, `${role} on ${url}:`);
        swept++;
      }
      await page.keyboard.press("Escape");
      await expect(dialog).toHaveCount(0);
    }
    await page.close();
  }
  expect(swept).toBeGreaterThan(20);
});

test("the server logged no error while it was swept", async () => {
  const errors = server
    .output()
    .split("\n")
    .filter((line) => line.includes('"level":"error"'));
  expect(errors).toEqual([]);
});
