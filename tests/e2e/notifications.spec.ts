/**
 * from outside, as residents and an administrator use it: a report rejected with a reason shows on
 * My reports and arrives by mail; a follower gets the urgent alert and unsubscribes without signing in; the
 * footer newsletter confirms by mail; feeds, the open-data API and the JSON-LD of detail pages parse.
 */
import ICAL from "ical.js";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { type Browser, type Page, expect, gotoWaitsForHydration, test } from "./fixtures";
import { DEMO, acceptCookies, expectAccessible, login } from "./helpers";
import { headerOf, waitForMail } from "./mail";

const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function signedIn(browser: Browser, who: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext();
  const page = gotoWaitsForHydration(await context.newPage());
  await acceptCookies(page);
  await login(page, who);
  return page;
}

async function fileReport(page: Page, type: string, text: string) {
  await page.goto("/report/hasselt?lng=en");
  await page.getByRole("radio", { name: type }).check({ force: true });
  await page.getByLabel("Description").fill(text);
  await page.getByRole("button", { name: "Submit report" }).click();
  await expect(page.getByText(/awaiting review/)).toBeVisible();
}

async function moderate(admin: Page, text: string, decision: "Approve" | "Reject", reason?: string, note?: string) {
  await admin.goto(`/admin/reports?lng=en&q=${encodeURIComponent(text)}`);
  const row = admin.getByRole("row").filter({ hasText: text.slice(0, 30) });
  await row.getByRole("button", { name: decision }).click();
  const dialog = admin.getByRole("dialog");
  if (reason) await dialog.getByLabel("Reason (optional)").selectOption({ label: reason });
  if (note) await dialog.getByLabel("Note to the reporter (optional)").fill(note);
  await dialog.getByRole("button", { name: decision }).click();
  await expect(
    dialog.getByText(`Report ${decision === "Approve" ? "approved" : "rejected"} successfully!`),
  ).toBeVisible();
}

test.describe("closing the loop with residents", () => {
  test("a report rejected with a reason shows on My reports and its mail reaches the resident", async ({ browser }) => {
    test.setTimeout(120_000);
    const text = unique("E2E: bench broken in the Kapermolenpark");
    const resident = await signedIn(browser, DEMO.user);
    await fileReport(resident, "Infrastructure issue", text);

    const admin = await signedIn(browser, DEMO.admin);
    await moderate(admin, text, "Reject", "This was already reported.", "The park service repairs it on Friday.");

    // My reports, from the header's account menu.
    await resident.goto("/hasselt?lng=en");
    await resident.getByRole("button", { name: "Account menu" }).first().click();
    await resident.getByRole("menuitem", { name: "My reports" }).click();
    await expect(resident).toHaveURL(/\/my-reports/);
    await expect(resident.getByRole("heading", { level: 1, name: "My reports" })).toBeVisible();
    const item = resident.getByRole("listitem").filter({ hasText: text });
    await expect(item.getByText("Rejected")).toBeVisible();
    await expect(item.getByText("This was already reported.")).toBeVisible();
    await expect(item.getByText("The park service repairs it on Friday.")).toBeVisible();
    await expectAccessible(resident);

    const mail = await waitForMail(DEMO.user.email, (m) => m.text.includes(text.slice(0, 40)));
    expect(mail.subject).toContain("Your report was not published: Infrastructure issue");
    expect(mail.text).toContain("This was already reported.");
    expect(mail.text).toContain("The park service repairs it on Friday.");
    expect(mail.html).toContain('lang="en"');
    expect(mail.text).toMatch(/\/my-reports/);

    // /profile links to My reports too.
    await resident.goto("/profile?lng=en");
    await resident.getByRole("link", { name: "Open My reports" }).click();
    await expect(resident).toHaveURL(/\/my-reports$/);
  });

  test("a follower gets the urgent alert and unsubscribes in one click without signing in", async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const follower = await signedIn(browser, DEMO.user);
    await follower.goto("/hasselt?lng=en");
    await follower.getByRole("link", { name: "Get alerts" }).click();
    await expect(follower).toHaveURL(/\/alerts\/hasselt/);
    await expect(follower.getByRole("heading", { level: 1, name: "Alerts for Hasselt" })).toBeVisible();
    await follower.getByLabel("Urgent reports, as soon as a moderator approves them").check();
    await follower.getByRole("button", { name: "Save my alerts" }).click();
    await expect(follower.getByText("Your alerts for Hasselt are saved.")).toBeVisible();
    await expectAccessible(follower);
    await follower.goto("/profile?lng=en#notifications");
    await expect(follower.getByRole("group", { name: "Hasselt" })).toBeVisible();
    await expectAccessible(follower);

    // Someone else reports a fire; the administrator approves it.
    const text = unique("E2E: smoke from the roof of the library");
    const reporter = await signedIn(browser, DEMO.merchant);
    await fileReport(reporter, "Fire", text);
    const admin = await signedIn(browser, DEMO.admin);
    await moderate(admin, text, "Approve");

    const alert = await waitForMail(DEMO.user.email, (m) => m.text.includes(text.slice(0, 40)));
    expect(alert.subject).toContain("Urgent in Hasselt: Fire");
    // When (Brussels time, the reader's format) and where; the footer names the town and who holds the data.
    const body = alert.text.replace(/\s+/g, " ");
    expect(body).toMatch(/When: \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} \(Belgian time\)/);
    expect(body).toContain("Where: Hasselt");
    expect(body).toMatch(/ · Hasselt · http:\/\/127\.0\.0\.1:\d+/);
    expect(body).toContain("Responsible for your data: ");
    expect(headerOf(alert.raw, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    const link = (headerOf(alert.raw, "List-Unsubscribe") ?? "").replace(/^<|>$/g, "");
    expect(link).toMatch(/\/unsubscribe\?token=/);
    expect(alert.text).toContain(link);

    // Signed out: a fresh browser with no session.
    const context = await browser.newContext();
    const guest = gotoWaitsForHydration(await context.newPage());
    await acceptCookies(guest);
    await guest.goto(`${new URL(link).pathname}${new URL(link).search}&lng=en`);
    await expect(guest.getByRole("status")).toHaveText("Stop the urgent alerts for Hasselt?");
    await expectAccessible(guest);
    await guest.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(guest.getByRole("status")).toHaveText("Done. You will no longer receive urgent alerts for Hasselt.");
    // Idempotent: the mail program's one-click POST (RFC 8058) afterwards, and the page again.
    const oneClick = await request.post(link, { form: { "List-Unsubscribe": "One-Click" } });
    expect(oneClick.status()).toBe(200);
    await guest.goto(`${new URL(link).pathname}${new URL(link).search}&lng=nl`);
    await expect(guest.getByRole("status")).toHaveText("Je was al uitgeschreven. Je ontvangt deze e-mails niet meer.");
    await context.close();
  });

  test("the footer newsletter: success until dismissed, a confirmation mail, confirmed by its link", async ({
    page,
  }) => {
    const email = `e2e-news-${Date.now().toString(36)}@example.test`;
    await acceptCookies(page);
    await page.goto("/zonhoven?lng=fr");
    const footer = page.getByRole("contentinfo");
    await footer.getByRole("button", { name: "S'abonner" }).click();
    await expect(footer.getByText("Veuillez saisir une adresse e-mail valide.")).toBeVisible();
    await footer.getByLabel("Recevez l'actualité et les offres locales dans votre boîte mail.").fill(email);
    await expect(footer.getByLabel("Actualités de")).toHaveValue("zonhoven");
    await footer.getByRole("button", { name: "S'abonner" }).click();
    const success = footer.getByText("Merci ! Consultez votre boîte mail pour confirmer votre inscription.");
    await expect(success).toBeVisible();
    // It stays (a reader on a phone may look away) until dismissed.
    await page.waitForTimeout(3_500);
    await expect(success).toBeVisible();
    await footer.getByRole("button", { name: "Fermer" }).click();
    await expect(success).toBeHidden();

    const mail = await waitForMail(email);
    expect(mail.subject).toContain("Confirmez votre newsletter pour Zonhoven");
    const link = /(http:\/\/\S+\/newsletter\/confirm\?token=\S+)/.exec(mail.text)?.[1] as string;
    const confirmPage = `${new URL(link).pathname}${new URL(link).search}`;
    // A mail scanner fetches the link (HEAD, GET): that confirms nothing.
    expect((await page.request.head(confirmPage)).status()).toBe(200);
    expect((await page.request.get(confirmPage)).status()).toBe(200);
    await page.goto(`${confirmPage}&lng=fr`);
    await expect(page.getByRole("status")).toHaveText(
      "Recevoir la newsletter hebdomadaire de Zonhoven à cette adresse ?",
    );
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath("newsletter-confirm.png"), fullPage: true });
    // The person confirms with the page's button.
    await page.getByRole("button", { name: "Confirmer mon inscription" }).click();
    await expect(page.getByRole("status")).toHaveText(
      "Merci ! Vous recevrez désormais la newsletter hebdomadaire de Zonhoven.",
    );
    await expect(page.getByRole("link", { name: "Découvrir Zonhoven" })).toBeVisible();
    await expectAccessible(page);
    await page.goto(`${confirmPage}&lng=en`);
    await expect(page.getByRole("status")).toHaveText(
      "This address was already confirmed for the newsletter of Zonhoven.",
    );
  });

  test("the newsletter page works without the footer and passes axe (nl)", async ({ page }) => {
    await acceptCookies(page);
    await page.goto("/newsletter?lng=nl");
    await expect(page.getByRole("heading", { level: 1, name: "Nieuwsbrief" })).toBeVisible();
    await expectAccessible(page);
  });

  test("a guest who wants alerts signs in first and comes back", async ({ page }) => {
    await acceptCookies(page);
    await page.goto("/hasselt?lng=en");
    await page.getByRole("link", { name: "Get alerts" }).click();
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Falerts%2Fhasselt/);
  });
});

test.describe("feeds, open data and structured data", () => {
  const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@" });

  test("each list advertises its feed; the feeds parse (Atom, iCalendar)", async ({ page, request }) => {
    await page.goto("/events/hasselt?lng=en");
    const calendarLink = page.getByRole("link", { name: "Subscribe in your calendar" });
    await expect(calendarLink).toHaveAttribute("href", "/feeds/hasselt/events.ics");
    await expect(page.locator('head link[rel="alternate"][type="text/calendar"]')).toHaveAttribute(
      "href",
      "/feeds/hasselt/events.ics",
    );
    const ics = await (await request.get("/feeds/hasselt/events.ics")).text();
    const calendar = new ICAL.Component(ICAL.parse(ics));
    const events = calendar.getAllSubcomponents("vevent").map((c) => new ICAL.Event(c));
    expect(events.length).toBeGreaterThan(0);
    for (const e of events) expect(e.summary).toBeTruthy();

    for (const [pagePath, feed] of [
      ["/promotions/hasselt", "/feeds/hasselt/promotions.atom"],
      ["/reports/hasselt", "/feeds/hasselt/reports.atom"],
    ]) {
      await page.goto(`${pagePath}?lng=en`);
      await expect(page.locator('head link[rel="alternate"][type="application/atom+xml"]')).toHaveAttribute(
        "href",
        feed,
      );
      const xml = await (await request.get(feed)).text();
      expect(XMLValidator.validate(xml)).toBe(true);
      const doc = parser.parse(xml);
      expect(doc.feed["@xmlns"]).toBe("http://www.w3.org/2005/Atom");
      expect([doc.feed.entry].flat().length).toBeGreaterThan(0);
    }
  });

  test("the open-data API answers JSON with CORS, an ETag and a cursor, and its OpenAPI document", async ({
    request,
  }) => {
    const res = await request.get("/api/v1/promotions?municipality=hasselt&limit=2", {
      headers: { Origin: "https://example.org" },
    });
    expect(res.status()).toBe(200);
    expect(res.headers()["access-control-allow-origin"]).toBe("*");
    const body = await res.json();
    expect(body.data).toHaveLength(2);
    expect(body.next_cursor).toBeTruthy();
    const again = await request.get("/api/v1/promotions?municipality=hasselt&limit=2", {
      headers: { "If-None-Match": res.headers().etag },
    });
    expect(again.status()).toBe(304);
    const preflight = await request.fetch("/api/v1/promotions", {
      method: "OPTIONS",
      headers: { Origin: "https://example.org", "Access-Control-Request-Method": "GET" },
    });
    expect(preflight.status()).toBe(204);
    expect(preflight.headers()["access-control-allow-methods"]).toContain("GET");
    const doc = await (await request.get("/api/v1/openapi.json")).json();
    expect(doc.openapi).toBe("3.1.0");
    // Read-only: a write from another site is refused by the origin check, a same-site one is 405.
    expect((await request.post("/api/v1/promotions", { headers: { Origin: "https://example.org" } })).status()).toBe(
      403,
    );
    expect((await request.post("/api/v1/promotions", { form: { x: "1" } })).status()).toBe(405);
  });

  test("promotion, event and merchant pages carry schema.org JSON-LD", async ({ page }) => {
    const jsonLd = async () => {
      const raw = await page.locator('script[type="application/ld+json"]').first().textContent();
      return JSON.parse(raw ?? "null");
    };
    await page.goto("/promotions/hasselt?lng=en");
    await page.locator('main a[href^="/promotions/hasselt/"]').first().click();
    await expect(page).toHaveURL(/\/promotions\/hasselt\/[0-9a-f-]{36}/);
    const offer = await jsonLd();
    expect(offer["@context"]).toBe("https://schema.org");
    expect(offer["@type"]).toBe("Offer");
    // The title as the page shows it, without the "original in …" label of a text in another language (#18).
    const title = await page.getByRole("heading", { level: 1 }).evaluate((h) => {
      const copy = h.cloneNode(true) as HTMLElement;
      for (const label of copy.querySelectorAll("[data-original-language]")) label.remove();
      return copy.textContent;
    });
    expect(offer.name).toBe(title);
    expect(offer.priceValidUntil).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(offer.seller["@type"]).toBe("LocalBusiness");

    await page.goto("/events/hasselt?lng=en");
    await page.locator('main a[href^="/events/hasselt/"]').first().click();
    await expect(page).toHaveURL(/\/events\/hasselt\/[0-9a-f-]{36}/);
    const event = await jsonLd();
    expect(event["@type"]).toBe("Event");
    expect(event.startDate).toMatch(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:00[+-]\d{2}:\d{2})?$/);
    expect(event.location["@type"]).toBe("Place");

    await page.goto("/merchants?lng=en");
    await page.locator('main a[href^="/merchants/"]').first().click();
    await expect(page).toHaveURL(/\/merchants\/[^/?]+/);
    const business = await jsonLd();
    expect(business["@type"]).toBe("LocalBusiness");
    expect(business.name).toBeTruthy();
    expect(Array.isArray(business.openingHoursSpecification)).toBe(true);
    expect(JSON.stringify(business)).not.toMatch(/@[\w-]+\.\w+/); // no e-mail address
  });
});

test.describe("new pages look finished", () => {
  for (const width of [390, 1280]) {
    test(`screenshots at ${width} px`, async ({ browser }) => {
      const page = await signedIn(browser, DEMO.user);
      await page.setViewportSize({ width, height: 900 });
      for (const [name, url] of [
        ["my-reports", "/my-reports?lng=en"],
        ["alerts", "/alerts/hasselt?lng=nl"],
        ["profile", "/profile?lng=fr#notifications"],
        ["hasselt", "/hasselt?lng=en"],
        ["newsletter", "/newsletter?lng=en"],
      ]) {
        await page.goto(url);
        await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
      }
    });
  }
});
