/**
 * Real numbers for merchants: a resident opens one of the demo merchant's promotions and clicks
 * "Call merchant" and its website; within a few seconds the merchant's dashboard shows that view and those
 * clicks. The merchant's own visit does not count.
 */
import type { Page } from "@playwright/test";
import { expect, gotoWaitsForHydration, test } from "./fixtures";
import { DEMO, acceptCookies, expectAccessible, login } from "./helpers";

/** An ordinary desktop browser: the default headless one says "HeadlessChrome" and is (rightly) not counted. */
const DESKTOP_CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

async function figures(page: Page, promotionId: string) {
  await page.goto("/merchant/dashboard?lng=en");
  const card = page.getByTestId(`figures-${promotionId}`);
  const read = async (kind: string) =>
    (await card.count()) === 0
      ? 0
      : Number(((await card.getByTestId(`figure-${kind}`).textContent()) ?? "").replace(/\D/g, ""));
  const stat = async (key: string) =>
    Number(((await page.getByTestId(`stat-${key}`).textContent()) ?? "").replace(/\D/g, ""));
  return {
    view: await read("view"),
    call: await read("call"),
    directions: await read("directions"),
    website: await read("website"),
    totalViews: await stat("views"),
    totalClicks: await stat("clicks"),
  };
}

test("a resident's view and clicks on a promotion appear on the merchant's dashboard", async ({ browser }) => {
  test.setTimeout(90_000);
  const merchantContext = await browser.newContext();
  const merchant = gotoWaitsForHydration(await merchantContext.newPage());
  await acceptCookies(merchant);
  await login(merchant, DEMO.merchant);
  await merchant.goto("/merchant/promotions?lng=en");
  // A retry takes another promotion: the server counts one view per address and item per half hour.
  const href = await merchant
    .getByRole("link", { name: /View on the site/ })
    .nth(test.info().retry)
    .getAttribute("href");
  expect(href).toMatch(/^\/promotions\/[^/]+\/[0-9a-f-]{36}$/);
  const promotionId = (href as string).split("/").pop() as string;
  const before = await figures(merchant, promotionId);

  // The merchant's own visit is not counted.
  await merchant.goto(`${href}?lng=en`);

  const visitorContext = await browser.newContext({ userAgent: DESKTOP_CHROME });
  const visitor = gotoWaitsForHydration(await visitorContext.newPage());
  await acceptCookies(visitor);
  const beacons: string[] = [];
  visitor.on("request", (r) => {
    if (r.url().endsWith("/api/beacon")) beacons.push(r.postData() ?? "");
  });
  await visitor.goto(`${href}?lng=en`);
  await expect.poll(() => beacons.some((b) => b.includes("k=view"))).toBe(true);
  // The two links that open a new tab first: after a tel: link has been handed to the operating system,
  // recent Chromium opens no further tab from that page.
  for (const link of [
    visitor.getByRole("link", { name: "Get directions" }),
    visitor.locator('dd a[target="_blank"]'),
  ]) {
    const popup = visitorContext.waitForEvent("page");
    await link.first().click();
    await (await popup).close();
  }
  await visitor.getByRole("link", { name: "Call merchant" }).first().click();
  await expect
    .poll(() => beacons.filter((b) => /k=(call|directions|website)/.test(b)).sort())
    .toEqual([
      expect.stringContaining("k=call"),
      expect.stringContaining("k=directions"),
      expect.stringContaining("k=website"),
    ]);

  await expect
    .poll(async () => figures(merchant, promotionId), { timeout: 30_000, intervals: [1_000] })
    .toEqual({
      view: before.view + 1,
      call: before.call + 1,
      directions: before.directions + 1,
      website: before.website + 1,
      totalViews: before.totalViews + 1,
      totalClicks: before.totalClicks + 3,
    });
  const card = merchant.getByTestId(`figures-${promotionId}`);
  await expect(card.getByRole("img")).toHaveAccessibleName(/last 30 days/);
  await card.getByText("Show as a table").click();
  await expect(card.getByRole("table")).toBeVisible();
  await expectAccessible(merchant);
  await merchantContext.close();
  await visitorContext.close();
});
