/**
 * Playwright's `test` with one addition: `page.goto` to an HTML page resolves once the page is hydrated
 * (root.tsx marks <html data-hydrated>), so a test never races React for its first click. Hydration waits for
 * the first paint and the translations (entry.client.tsx), which a fast test can beat. Before hydration the
 * forms still work as plain HTML posts; that path is what a click racing hydration exercised, by accident.
 */
import { type Page, test as base } from "@playwright/test";

export * from "@playwright/test";

export function gotoWaitsForHydration(page: Page): Page {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (response && (response.headers()["content-type"] ?? "").includes("text/html")) {
      await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 15_000 });
    }
    return response;
  };
  return page;
}

export const test = base.extend({
  page: async ({ page }, use) => {
    await use(gotoWaitsForHydration(page));
  },
});
