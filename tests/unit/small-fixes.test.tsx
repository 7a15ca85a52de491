/**
 * Smaller fixes that live in components (rendered to markup, no mocks of our code).
 * The fixes that need the database are in tests/integration/small-fixes.test.ts.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { RouterProvider, createMemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { BusinessFields } from "~/components/panel/merchant";
import { menuFor } from "~/components/panel-shell";
import { UrgentPanel } from "~/components/site/urgent-panel";
import { MESSAGES } from "~/lib/i18n/locale.server";
import { I18nProvider } from "~/lib/i18n/react";
import { createI18n } from "~/lib/i18n/translator";

const en = createI18n("en", MESSAGES.en);

describe("urgent panel", () => {
  it("offers 'view all' to a signed-in user even when there is no urgent report", () => {
    const html = renderToStaticMarkup(
      <I18nProvider i18n={en}>
        <UrgentPanel reports={[]} signedIn slug="genk" serverNow={new Date().toISOString()} />
      </I18nProvider>,
    );
    expect(html).toContain(en.t("site:urgent.empty")); // the empty message is there...
    expect(html).toContain('href="/reports/genk"'); // ...and so is the way to every report
    expect(html).toContain(en.t("site:urgent.viewAll"));
  });
});

describe("panel menu", () => {
  it("shows an administrator on the merchant dashboard only the items whose guard admits them", () => {
    expect(menuFor("merchant", "admin").map((i) => i.to)).toEqual(["/merchant/dashboard"]);
    expect(menuFor("merchant", "merchant").map((i) => i.to)).toEqual([
      "/merchant/dashboard",
      "/merchant/promotions",
      "/merchant/redeem",
      "/merchant/events",
      "/merchant/profile",
    ]);
    expect(menuFor("admin", "admin").map((i) => i.to)).toContain("/admin/settings");
  });
});

describe("admin merchant form", () => {
  it("names the categories in the page's language", () => {
    for (const [lng, food] of [
      ["nl", "Eten &amp; drinken"],
      ["fr", createI18n("fr", MESSAGES.fr).t("merchant:categories.Food & Drink").replace("&", "&amp;")],
    ] as const) {
      // The fields read the signed-in administrator from the root route's data.
      const admin = { id: "a", name: "A", email: "a@example.org", role: "admin", municipalitySlug: null };
      const router = createMemoryRouter(
        [{ id: "root", path: "/", element: <BusinessFields municipalities={[]} fieldErrors={{}} /> }],
        { hydrationData: { loaderData: { root: { locale: lng, user: admin, siteName: "B", nonce: "" } } } },
      );
      const html = renderToStaticMarkup(
        <I18nProvider i18n={createI18n(lng, MESSAGES[lng], MESSAGES.en)}>
          <RouterProvider router={router} />
        </I18nProvider>,
      );
      expect(html).toContain(`<option value="Food &amp; Drink">${food}</option>`);
      expect(food).not.toBe("Food &amp; Drink");
    }
  });
});
