/** Every panel page fits a 360 px wide phone: no horizontal scroll, in any of the three languages' longest texts. */
import { type Page, expect, test } from "./fixtures";
import { DEMO, acceptCookies, login } from "./helpers";

const ADMIN = [
  "dashboard",
  "users",
  "merchants",
  "promotions",
  "events",
  "logs",
  "subscriptions",
  "features",
  "municipalities",
  "reports",
  "settings",
];
const MERCHANT = ["dashboard", "promotions", "events", "profile"];

/** The elements wider than the viewport, for a readable failure. */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide = [...document.querySelectorAll<HTMLElement>("body *")]
      .filter((el) => el.getBoundingClientRect().right > width + 0.5 && el.getClientRects().length > 0)
      .filter((el) => !el.closest("dialog:not([open])") && getComputedStyle(el).visibility !== "hidden")
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className.toString().slice(0, 60)}`);
    // A box that scrolls sideways inside the page (a table in an overflow-x-auto wrapper) hides its end too.
    const scrollers = [...document.querySelectorAll<HTMLElement>("main *")]
      .filter((el) => ["auto", "scroll"].includes(getComputedStyle(el).overflowX))
      .filter((el) => el.scrollWidth > el.clientWidth + 1 && !el.closest("dialog"))
      .map((el) => `scroller ${el.tagName.toLowerCase()}.${el.className.toString().slice(0, 60)}`);
    const scroll = scrollers.length > 0 ? width + 1 : document.documentElement.scrollWidth;
    return { scroll, width, wide: [...scrollers, ...wide] };
  });
}

/**
 * A promotion with a long title: the dashboard lists it in recent activity (one truncated line) and in its figures,
 * and a truncated line's full width must not widen the column it sits in.
 */
async function addLongTitledPromotion(page: Page) {
  const until = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Brussels" }).format(
    new Date(Date.now() + 10 * 86_400_000),
  );
  await page.goto("/merchant/promotions?lng=en");
  await page.getByRole("button", { name: "Add promotion" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Title").fill(`A promotion whose title runs on well past a phone's width ${Date.now()}`);
  await dialog.getByLabel("Valid until").fill(until);
  await dialog.getByLabel("Price", { exact: true }).fill("€5");
  await dialog.getByRole("button", { name: "Add", exact: true }).click();
  await expect(dialog).toBeHidden({ timeout: 5_000 });
}

for (const [who, area, sections] of [
  ["admin", "admin", ADMIN],
  ["merchant", "merchant", MERCHANT],
] as const) {
  test(`every ${area} panel page fits 360 px`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 360, height: 740 });
    await acceptCookies(page);
    await login(page, DEMO[who]);
    if (who === "merchant") await addLongTitledPromotion(page);
    const failures: string[] = [];
    for (const lng of ["en", "nl", "fr"]) {
      for (const section of sections) {
        await page.goto(`/${area}/${section}?lng=${lng}`);
        const result = await overflow(page);
        if (result.scroll > result.width) {
          failures.push(`/${area}/${section}?lng=${lng} (${result.scroll} px): ${result.wide.join(" | ")}`);
        }
      }
    }
    expect(failures, failures.join("\n")).toEqual([]);
  });
}

test("the admin dashboard hydrates without a React error", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  await acceptCookies(page);
  await login(page, DEMO.admin);
  await page.goto("/admin/dashboard?lng=en");
  await expect(page.getByTestId("panel-current")).toHaveText("Dashboard");
  await page.waitForLoadState("networkidle");
  expect(errors.filter((e) => /418|hydrat/i.test(e))).toEqual([]);
});
