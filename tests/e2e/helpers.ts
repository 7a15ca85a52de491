import AxeBuilder from "@axe-core/playwright";
import { type Page, expect } from "@playwright/test";

export const DEMO = {
  user: { email: "user@demo.buurtplatform.be", password: "Demo-User-2026!" },
  merchant: { email: "merchant@demo.buurtplatform.be", password: "Demo-Merchant-2026!" },
  admin: { email: "admin@demo.buurtplatform.be", password: "Demo-Admin-2026!" },
} as const;

/** Fails on any axe violation (WCAG 2.x A and AA rules). */
export async function expectAccessible(page: Page) {
  await page.waitForLoadState("networkidle");
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
  );
  expect(summary, summary.join("\n")).toEqual([]);
}

/** Hides the cookie notice the way a visitor would: by accepting it once. */
export async function acceptCookies(page: Page) {
  await page.addInitScript(() => {
    try {
      window.localStorage.setItem("cookiesAccepted", "true");
    } catch {}
  });
}

export async function login(page: Page, who: { email: string; password: string }) {
  await page.goto("/login?lng=en");
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password", { exact: true }).fill(who.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
}
