/**
 * A public page carries no email address of an account, ever: every public page a guest can
 * reach, and its `.data` answer (public too), is scanned for the addresses of the demo's accounts and of the
 * accounts the tests create. Business contact addresses (a merchant's public email) are not accounts.
 */
import { expect, test } from "./fixtures";

const ACCOUNT_EMAIL = /[A-Za-z0-9._%+-]+@(?:demo\.buurtplatform\.be|example\.test)/g;

const FIXED = [
  "/",
  "/merchants",
  "/merchants?q=a",
  "/about-us",
  "/contact",
  "/privacy-policy",
  "/terms-of-service",
  "/account-deleted",
  "/login",
  "/register",
  "/forgot-password",
  "/reset-password?token=x",
  "/404",
];
const TOWNS = ["hasselt", "genk", "brussel", "zonhoven", "amsterdam"];

/** The `.data` URL React Router's client asks for the same page. */
const dataUrl = (path: string) => {
  const u = new URL(path, "http://x");
  u.pathname = u.pathname === "/" ? "/_root.data" : `${u.pathname.replace(/\/$/, "")}.data`;
  return u.pathname + u.search;
};

test("no public page or data answer carries an account's email address", async ({ request }) => {
  const pages = [...FIXED];
  for (const town of TOWNS) {
    pages.push(`/${town}`, `/promotions/${town}`, `/events/${town}`, `/reports/${town}`, `/reports/${town}?page=2`);
  }
  // Detail pages found from the lists.
  for (const town of TOWNS) {
    const promos = await (await request.get(`/promotions/${town}`)).text();
    const events = await (await request.get(`/events/${town}`)).text();
    pages.push(...new Set(promos.match(/\/promotions\/[a-z-]+\/[0-9a-f-]{36}/g) ?? []));
    pages.push(...new Set(events.match(/\/events\/[a-z-]+\/[0-9a-f-]{36}/g) ?? []));
  }
  const directory = await (await request.get("/merchants")).text();
  pages.push(...new Set(directory.match(/\/merchants\/[0-9a-f-]{36}/g) ?? []));
  expect(pages.length).toBeGreaterThan(60);

  const leaks: string[] = [];
  for (const path of pages) {
    for (const url of [path, dataUrl(path)]) {
      const res = await request.get(url, { maxRedirects: 0 });
      const body = await res.text();
      for (const m of body.match(ACCOUNT_EMAIL) ?? []) leaks.push(`${url}: ${m}`);
      if (/reporterEmail/.test(body)) leaks.push(`${url}: a reporterEmail field`);
    }
  }
  expect(leaks).toEqual([]);
});

test("the approved reports show the reporter's name or Anonymous, never an address", async ({ page }) => {
  await page.goto("/reports/hasselt?lng=en");
  const cards = page.locator("article");
  await expect(cards.first()).toBeVisible();
  const text = (await page.locator("main").textContent()) ?? "";
  expect(text).not.toMatch(ACCOUNT_EMAIL);
});
