/**
 * The public site on the demo data: every screen, in at least one language other than English, with an
 * axe check on each page visited.
 */
import { expect, test } from "./fixtures";
import { DEMO, acceptCookies, expectAccessible, login } from "./helpers";

test.beforeEach(async ({ page }) => {
  await acceptCookies(page);
});

test.describe("landing", () => {
  test("the combobox suggests active municipalities and goes to the chosen one (nl)", async ({ page }) => {
    await page.goto("/?lng=nl");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ontdek wat er leeft in je gemeente");
    await expectAccessible(page);
    const box = page.getByRole("combobox", { name: "Zoek je gemeente" });
    await box.fill("has");
    const list = page.getByRole("listbox");
    await expect(list).toBeVisible();
    await expect(list.getByRole("option")).toHaveCount(1);
    // Inactive municipalities are never suggested.
    await box.fill("lom");
    await expect(page.getByText("Geen gemeente gevonden voor je zoekopdracht.")).toBeVisible();
    await box.fill("h");
    await box.press("ArrowDown");
    await expect(box).toHaveAttribute("aria-activedescendant", /.+/);
    await expect(list.getByRole("option", { selected: true })).toHaveText(/Hasselt/);
    await box.press("Escape");
    await expect(list).toBeHidden();
    await box.press("ArrowDown");
    await box.press("Enter");
    await page.waitForURL(/\/hasselt$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welkom in Hasselt");
  });

  test("blank text is refused, a typed name becomes a slug, unknown or inactive goes to /404 (en)", async ({
    page,
  }) => {
    await page.goto("/?lng=en");
    await page.getByRole("button", { name: "Explore" }).click();
    await expect(page.getByText("Please enter the name of a municipality.")).toBeVisible();
    await expect(page).toHaveURL(/\/\?lng=en$/);
    const box = page.getByRole("combobox", { name: "Search for your municipality" });
    await box.fill("  ZONHOVEN ");
    await box.press("Tab"); // closes the list after 100 ms
    await expect(page.getByRole("listbox")).toBeHidden();
    await page.getByRole("button", { name: "Explore" }).click();
    await page.waitForURL(/\/zonhoven$/);
    await page.goto("/");
    await page.getByRole("main").getByRole("combobox").fill("Lommel"); // the footer has a select too
    await page.getByRole("button", { name: "Explore" }).click();
    // Not on the platform: a page that says so for that name, lists the towns that are and offers the contact form.
    await page.waitForURL(/\/404\?town=Lommel$/);
    await expect(page.getByRole("heading", { name: "Lommel is not on the platform yet" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Zonhoven" }).first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to the contact form" })).toHaveAttribute("href", "/contact");
  });

  test("quick buttons lead to brussel, zonhoven and hasselt", async ({ page }) => {
    await page.goto("/?lng=fr");
    // A French reader sees Brussel under its French name; the address stays the canonical slug.
    for (const [name, path] of [
      ["Bruxelles", "/brussel"],
      ["Zonhoven", "/zonhoven"],
      ["Hasselt", "/hasselt"],
    ]) {
      await expect(page.getByRole("link", { name, exact: true })).toHaveAttribute("href", path);
    }
    await page.getByRole("link", { name: "Bruxelles", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bienvenue à Bruxelles");
  });
});

test.describe("municipality home", () => {
  test("a guest sees counters, live updates, promotions, events and a login prompt instead of reports (fr)", async ({
    page,
  }) => {
    await page.goto("/hasselt?lng=fr");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bienvenue à Hasselt");
    await expect(page).toHaveTitle(/Bienvenue à Hasselt/);
    const counters = page.getByRole("region", { name: "Hasselt en chiffres" });
    await expect(counters.getByRole("link", { name: /Promotions actives/ })).toHaveAttribute(
      "href",
      "/promotions/hasselt",
    );
    await expect(counters.getByRole("link", { name: /Événements actifs/ })).toHaveAttribute("href", "/events/hasselt");
    await expect(counters.getByText("Membres")).toBeVisible();
    const live = page.getByRole("region", { name: /Actualités en direct/ });
    await expect(live.getByRole("listitem").first()).toBeVisible();
    expect(await live.getByRole("listitem").count()).toBeLessThanOrEqual(10);
    const urgent = page.getByRole("region", { name: "Alertes urgentes" });
    await expect(urgent.getByText("Connectez-vous pour voir les alertes urgentes")).toBeVisible();
    await expect(urgent.getByRole("link", { name: "Signaler un problème" })).toHaveCount(0);
    const promotions = page.getByRole("region", { name: "Promotions" });
    const cards = promotions.getByRole("listitem");
    expect(await cards.count()).toBeGreaterThan(0);
    expect(await cards.count()).toBeLessThanOrEqual(12);
    await expect(promotions.getByText("Exclusif").first()).toBeVisible();
    const events = page.getByRole("region", { name: "Prochains événements" });
    expect(await events.getByRole("listitem").count()).toBeLessThanOrEqual(6);
    await expectAccessible(page);
  });

  test("the live scroller pauses on hover and stands still with reduced motion", async ({ page }) => {
    await page.goto("/hasselt?lng=en");
    const live = page.getByRole("region", { name: /Live updates, scrolls automatically/ });
    await live.hover();
    await expect(live).toHaveAttribute("data-paused", "true");
    await page.mouse.move(0, 0);
    await expect(live).toHaveAttribute("data-paused", "false");
    await live.focus();
    await expect(live).toHaveAttribute("data-paused", "true");
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.reload();
    await expect(page.getByRole("region", { name: /Live updates, scrolls automatically/ })).toHaveAttribute(
      "data-paused",
      "true",
    );
  });

  test("hydrates with the server's dates and numbers, and links navigate without reloading the page (nl)", async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });
    page.on("pageerror", (e) => errors.push(e.message));
    const response = await page.goto("/hasselt?lng=nl");
    const html = (await response?.text()) ?? "";
    // JavaScript is loaded after the first paint (no preloads in the head), dates and numbers ride along.
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).toMatch(/<script type="application\/json" id="intl-replay">\{"[^"]+\|nl-BE\|/);
    await page.evaluate(() => {
      (window as unknown as { marker: number }).marker = 7;
    });
    const cards = page.getByRole("region", { name: "Promoties" }).getByRole("listitem");
    const card = cards.first().getByRole("link");
    const href = (await card.getAttribute("href")) ?? "";
    expect(href).toMatch(/^\/promotions\/hasselt\/[0-9a-f-]{36}$/);
    await card.click();
    await expect(page).toHaveURL(href);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // The same document: a client-side navigation, not a page load.
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(7);
    await page.goBack();
    await expect(page).toHaveURL(/\/hasselt\?lng=nl$/);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(7);
    // A link opened in a new tab is left to the browser.
    const [popup] = await Promise.all([
      page.context().waitForEvent("page"),
      page
        .getByRole("region", { name: "Promoties" })
        .getByRole("link")
        .first()
        .click({ modifiers: ["ControlOrMeta"] }),
    ]);
    await popup.close();
    await expect(page).toHaveURL(/\/hasselt\?lng=nl$/);
    expect(errors).toEqual([]);
  });

  test("a signed-in user sees approved urgent reports, the toggle, and the report links (nl)", async ({ page }) => {
    await login(page, DEMO.user);
    await page.goto("/hasselt?lng=nl");
    const urgent = page.getByRole("region", { name: "Dringende meldingen" });
    await expect(urgent.getByRole("link", { name: "Iets melden" })).toHaveAttribute("href", "/report/hasselt");
    await expect(urgent.getByRole("link", { name: "Alle meldingen bekijken" })).toHaveAttribute(
      "href",
      "/reports/hasselt",
    );
    const items = urgent.getByRole("article");
    await expect(items).toHaveCount(1);
    const toggle = urgent.getByRole("button", { name: /^\+\d+ meer$/ });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    expect(await items.count()).toBeGreaterThan(1);
    expect(await items.count()).toBeLessThanOrEqual(3);
    await expect(urgent.getByRole("button", { name: "Minder tonen" })).toHaveAttribute("aria-expanded", "true");
    // Pending and rejected reports never show.
    await expect(urgent.getByText("Catalytic converter stolen")).toHaveCount(0);
    await expect(urgent.getByText("My doorbell stopped working")).toHaveCount(0);
    await expectAccessible(page);
  });

  test("an inactive or unknown municipality goes to /404 everywhere", async ({ page }) => {
    for (const path of ["/lommel", "/promotions/lommel", "/events/lommel", "/reports/lommel", "/promotions/nowhere"]) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/404$/);
    }
  });
});

test.describe("promotions", () => {
  test("filter, search, sort and clear live in the URL; the empty state has the documented text (nl, en)", async ({
    page,
  }) => {
    await page.goto("/promotions/hasselt?lng=nl");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Promoties in Hasselt");
    await expectAccessible(page);
    await page.getByLabel("Categorie").selectOption("Health & Beauty");
    await expect(page).toHaveURL(/category=Health\+%26\+Beauty/);
    await expect(page.getByText(/promoties? gevonden/)).toBeVisible();
    const cards = page.locator("main ul li a[href^='/promotions/hasselt/']");
    expect(await cards.count()).toBeGreaterThan(0);
    for (const text of await cards.allInnerTexts()) expect(text).toContain("Gezondheid & verzorging");
    await page.getByLabel("Sorteren op").selectOption("title");
    await expect(page).toHaveURL(/sort=title/);
    await page.getByLabel("Promoties zoeken").fill("zzz-nothing");
    await page.getByRole("button", { name: "Zoeken" }).click();
    await expect(page).toHaveURL(/q=zzz-nothing/);
    await expect(page.getByText("Geen promoties gevonden voor deze gemeente met de gekozen filters.")).toBeVisible();
    await page.getByRole("link", { name: "Filters wissen" }).first().click();
    await expect(page).toHaveURL(/\/promotions\/hasselt$/);
    await page.goto("/promotions/hasselt?lng=en&q=zzz-nothing");
    await expect(page.getByText("No promotions found for this municipality with the selected filters.")).toBeVisible();
    await expectAccessible(page);
  });

  test("the detail shows price, expiry, terms, merchant, share, favourite and the actions (en)", async ({
    page,
    context,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto("/promotions/hasselt?lng=en&q=Sunday+breakfast");
    await page.getByRole("link", { name: /Sunday breakfast box for two/ }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sunday breakfast box for two");
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      "content",
      // The demo's pictures are uploads: the largest JPEG, an absolute address.
      /^http.*\/media\/[0-9a-f]{32}-1280\.jpg$/,
    );
    await expect(page.getByText(/^Ends in \d+ days?$/).first()).toBeVisible();
    await expect(page.getByText("€24,50")).toBeVisible();
    await expect(page.getByText("€29,00")).toBeVisible();
    // The merchant's real rating (other tests may add reviews at the same time).
    await expect(page.getByText(/^\d(?:\.\d)? out of 5 \(\d+ reviews?\)$/).first()).toBeVisible();
    // The real count of claimed vouchers (no example figure).
    await expect(page.getByTestId("voucher-count")).toHaveText(/^\d+ (of \d+ claimed|vouchers? claimed)$/);
    const terms = page.getByRole("region", { name: "Terms and conditions" }).getByRole("listitem");
    await expect(terms).toHaveCount(3);
    await expect(page.getByRole("link", { name: "Call merchant" })).toHaveAttribute("href", "tel:+3211223344");
    // To the bakery's pin in Hasselt (tests/e2e/merchant-place.spec.ts may move it a little).
    await expect(page.getByRole("link", { name: "Get directions" })).toHaveAttribute(
      "href",
      /^https:\/\/www\.openstreetmap\.org\/directions\?route=%3B50\.93\d{4}%2C5\.3\d{5}$/,
    );
    // Its own image and its 3 demo gallery pictures (seed/gallery.ts).
    await expect(page.getByRole("button", { name: /Show photo \d of 4/ })).toHaveCount(4);
    await expectAccessible(page);

    // Share: no native share in desktop Chromium, so the address is copied and confirmed for 2 s.
    await page.evaluate(() => {
      // biome-ignore lint/suspicious/noExplicitAny: remove the native share for this test
      (navigator as any).share = undefined;
    });
    await page.getByRole("button", { name: "Share" }).click();
    await expect(page.getByText("Link copied to the clipboard")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
    await expect(page.getByText("Link copied to the clipboard")).toBeHidden({ timeout: 4000 });

    const fav = page.getByRole("button", { name: "Save as favourite" });
    await fav.click();
    await expect(page.getByRole("button", { name: "Remove from favourites" })).toHaveAttribute("aria-pressed", "true");
    await page.reload();
    await expect(page.getByRole("button", { name: "Remove from favourites" })).toBeVisible();

    // A guest's Redeem signs in first and comes back to the deal (tests/e2e/vouchers.spec.ts claims one).
    await expect(page.getByRole("link", { name: /^Redeem offer/ })).toHaveAttribute(
      "href",
      `/login?redirectTo=${encodeURIComponent(new URL(page.url()).pathname)}`,
    );
    await page.getByRole("link", { name: "View merchant" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bakkerij Vermeulen");
  });

  test("an unknown promotion is a 404 state with a back link (en, fr)", async ({ page }) => {
    const response = await page.goto("/promotions/hasselt/00000000-0000-4000-8000-000000000000?lng=en");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Promotion not found." })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to promotions" })).toHaveAttribute("href", "/promotions/hasselt");
    await expectAccessible(page);
    const fr = await page.goto("/promotions/hasselt/not-an-id?lng=fr");
    expect(fr?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Promotion introuvable." })).toBeVisible();
  });
});

test.describe("events", () => {
  test("the list has the city header, category icons filter, Featured badges and attendance (fr)", async ({ page }) => {
    await page.goto("/events/hasselt?lng=fr");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tous les événements à Hasselt");
    await expect(page.getByText("Découvrez ce qui se passe près de chez vous")).toBeVisible();
    await expect(page.getByText("À la une").first()).toBeVisible();
    await expect(page.getByText(/\d+ participants/).first()).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("link", { name: "Jeux", exact: true }).click();
    await expect(page).toHaveURL(/category=Gaming/);
    await expect(page.getByRole("link", { name: /Comic and board game afternoon/ })).toBeVisible();
    await page.getByLabel("Afficher").selectOption("past");
    await expect(page).toHaveURL(/when=past/);
    await page.getByRole("link", { name: "Effacer les filtres" }).first().click();
    await expect(page).toHaveURL(/\/events\/hasselt$/);
  });

  test("the detail shows the date in the active language, gallery, practical information and organiser (nl)", async ({
    page,
  }) => {
    await page.goto("/events/hasselt?lng=nl");
    await page.getByRole("link", { name: /Bread baking workshop/ }).click();
    // Written in English only: a Dutch reader gets the original, marked as English and labelled.
    const title = page.getByRole("heading", { level: 1 });
    await expect(title.locator('[lang="en"]')).toHaveText("Bread baking workshop");
    await expect(title).toContainText("origineel in het Engels");
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /^http/);
    await expect(
      page.getByText(/^(maandag|dinsdag|woensdag|donderdag|vrijdag|zaterdag|zondag) \d+ \w+ \d{4}$/),
    ).toBeVisible();
    // The registrations are counted; the organiser's 12 is labelled as its expectation.
    await expect(page.getByTestId("attending-count")).toHaveText(/^\d+ deelnemers?$/);
    await expect(page.getByText("Verwacht door de organisator: 12")).toBeVisible();
    await expect(page.getByText("In de kijker")).toBeVisible();
    await expect(page.getByText("€35")).toBeVisible();
    await expect(page.getByRole("button", { name: /Toon foto \d van 3/ })).toHaveCount(3);
    await expect(page.getByRole("region", { name: "Praktische informatie" })).toBeVisible();
    const organizer = page.getByRole("region", { name: "Organisator" });
    await expect(organizer.getByText("Bakkerij Vermeulen", { exact: true })).toBeVisible();
    // The organiser's real rating (other tests may add reviews at the same time).
    await expect(organizer.getByText(/^\d(?:,\d)? op 5 \(\d+ beoordelingen?\)$/)).toBeVisible();
    await expect(organizer.getByText("info@bakkerij-vermeulen.example")).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Inschrijven" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Organisator contacteren" })).toBeVisible();
    await expectAccessible(page);
  });

  test("an unknown event shows the “Event not found” view with “Back to events” (en)", async ({ page }) => {
    const response = await page.goto("/events/hasselt/00000000-0000-4000-8000-000000000000?lng=en");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Event not found" })).toBeVisible();
    await expect(page.getByText("Event not found.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to events" })).toHaveAttribute("href", "/events/hasselt");
    await expectAccessible(page);
  });
});

test.describe("merchants", () => {
  test("the directory searches, filters by category and municipality, counts and clears (nl)", async ({ page }) => {
    await page.goto("/merchants?municipality=hasselt&lng=nl");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Lokale handelaars in Hasselt");
    await expect(page.getByText("4 handelaars gevonden")).toBeVisible();
    const bakery = page.getByRole("link", { name: /Bakkerij Vermeulen/ });
    await expect(bakery).toContainText(/\d+ actieve promoties?/);
    await expect(bakery).toContainText(/\d+ kom(end|ende) evenement(en)?/);
    await expectAccessible(page);
    await page.getByLabel("Handelaars zoeken").fill("apotheek");
    await page.getByRole("button", { name: "Zoeken" }).click();
    await expect(page.getByText("1 handelaar gevonden")).toBeVisible();
    await page.goto("/merchants?q=nothing-like-this&lng=nl");
    await expect(page.getByText("Geen handelaars gevonden.")).toBeVisible();
    await page.getByRole("link", { name: "Filters wissen" }).last().click();
    await expect(page).toHaveURL(/\/merchants$/);
    // The select submits itself once the page is hydrated (without JavaScript: the Search button).
    await page.waitForLoadState("networkidle");
    await page.getByLabel("Categorie").selectOption("Automotive");
    await expect(page).toHaveURL(/category=Automotive/);
    await expect(page.getByRole("link", { name: /Garage Janssens/ })).toBeVisible();
  });

  test("the detail shows hours, contact, social links and a back link; unknown is translated (fr)", async ({
    page,
  }) => {
    // Not the demo merchant: the merchant-panel tests edit its hours at the same time.
    await page.goto("/merchants?lng=fr&q=Gino");
    await page.getByRole("link", { name: /Pizzeria Da Gino/ }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pizzeria Da Gino");
    const hours = page.getByRole("table", { name: "Heures d'ouverture" });
    await expect(hours.getByRole("rowheader", { name: "Du mardi au samedi" })).toBeVisible();
    await expect(page.getByRole("link", { name: "+32 89 30 71 25" })).toHaveAttribute("href", "tel:+3289307125");
    await expect(page.getByRole("link", { name: "Facebook" })).toHaveAttribute("href", /facebook/);
    await expect(page.getByRole("link", { name: "Instagram" })).toHaveAttribute("href", /instagram/);
    await expect(page.getByRole("link", { name: "Retour aux commerçants" })).toHaveAttribute("href", "/merchants");
    await expectAccessible(page);
    const response = await page.goto("/merchants/nobody-here?lng=fr");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Commerçant introuvable." })).toBeVisible();
    await expect(page.getByRole("link", { name: "Retour aux commerçants" })).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe("reports", () => {
  test("the list shows approved reports only, newest first, with a back link (fr)", async ({ page }) => {
    await page.goto("/reports/hasselt?lng=fr");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Signalements à Hasselt");
    await expect(page.getByRole("link", { name: "Retour à Hasselt" })).toHaveAttribute("href", "/hasselt");
    const cards = page.getByRole("article");
    expect(await cards.count()).toBeGreaterThan(1);
    await expect(page.locator("[data-tone=urgent]").first()).toBeVisible();
    await expect(page.getByText(/Signalé par /).first()).toBeVisible();
    for (const hidden of ["Catalytic converter stolen", "Speed checks on the Kuringersteenweg", "My doorbell"]) {
      await expect(page.getByText(hidden)).toHaveCount(0);
    }
    const times = await page.locator("article time").evaluateAll((els) => els.map((e) => e.getAttribute("datetime")));
    expect([...times].sort().reverse()).toEqual(times);
    await expectAccessible(page);
  });

  test("filing: required fields, then success, pending, and back to the municipality after 2 s (nl)", async ({
    page,
  }) => {
    await login(page, DEMO.user);
    await page.goto("/report/hasselt?lng=nl");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Een melding maken in Hasselt");
    const tiles = page.getByRole("group", { name: "Soort melding" }).getByRole("radio");
    await expect(tiles).toHaveCount(10);
    await expect(page.getByRole("radio", { name: "Andere dringende zaak" })).toBeChecked();
    await expect(page.getByRole("radio", { name: "Dringend", exact: true })).toHaveCount(0);
    await expectAccessible(page);
    await page.getByRole("button", { name: "Melding versturen" }).click();
    await expect(page.getByRole("alert")).toHaveText("Vul alle verplichte velden in.");
    await page.getByText("Stroomonderbreking", { exact: true }).click();
    await expect(page.getByRole("radio", { name: "Stroomonderbreking" })).toBeChecked();
    const description = `Straatverlichting uit in de Kapelstraat ${Date.now()}`;
    await page.getByLabel("Beschrijving").fill(description);
    await page.getByLabel("Adres van een afbeelding (optioneel)").fill("ftp://example.test/x.png");
    await page.getByRole("button", { name: "Melding versturen" }).click();
    await expect(page.getByText("Vul een webadres in dat begint met http:// of https://.")).toBeVisible();
    await page.getByLabel("Adres van een afbeelding (optioneel)").fill("");
    await page.getByRole("button", { name: "Melding versturen" }).click();
    await expect(
      page.getByText("Bedankt! Je melding is verstuurd en wacht op controle door een beheerder."),
    ).toBeVisible();
    await expect(page.getByLabel("Beschrijving")).toHaveValue("");
    await page.waitForURL(/\/hasselt$/, { timeout: 5000 });
    // Pending: not in the public list.
    await page.goto("/reports/hasselt");
    await expect(page.getByText(description)).toHaveCount(0);
  });
});

test.describe("static pages and contact", () => {
  test("about us shows the statistics (nl), privacy and terms their retention and liability rules (fr)", async ({
    page,
  }) => {
    await page.goto("/about-us?lng=nl");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Over ons");
    // The platform's real counts (tests/e2e/events.spec.ts), not "50+" and "10K+".
    await expect(page.getByText(/gemeenten? op het platform/)).toBeVisible();
    await expect(page.getByText(/^lokale zak/)).toBeVisible();
    await expect(page).toHaveTitle(/Over ons/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.+/);
    await expectAccessible(page);
    await page.goto("/privacy-policy?lng=fr");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Politique de confidentialité");
    // The periods the retention job really applies.
    await expect(page.getByText(/adresse IP ou e-mail : 180 jours/)).toBeVisible();
    await expect(page.getByText("Les messages de contact : 1 an.")).toBeVisible();
    await expect(page.getByText(/Les adresses de newsletter jamais confirmées : 7 jours/)).toBeVisible();
    await expectAccessible(page);
    await page.goto("/terms-of-service?lng=fr");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Conditions d'utilisation");
    await expect(page.getByText(/au cours des 12 mois précédant/)).toBeVisible();
    await expectAccessible(page);
  });

  test("contact: hours, required fields, sending, success for 5 s, then the form again (fr)", async ({ page }) => {
    await page.goto("/contact?lng=fr");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contactez-nous");
    await expect(page.getByText("Nous vous répondons dans les 24 heures.")).toBeVisible();
    const hours = page.getByRole("table", { name: "Heures d'ouverture" });
    await expect(hours.getByRole("row")).toHaveCount(3);
    await expect(hours.getByText("Fermé")).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Envoyer le message" }).click();
    await expect(page.getByLabel("Nom complet")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Message")).toHaveAttribute("aria-invalid", "true");
    await page.getByLabel("Nom complet").fill("Camille Lambert");
    await page.getByLabel("E-mail").fill("camille@example.test");
    await page.getByLabel("Sujet").fill("Une question");
    await page.getByLabel("Message").fill("Bonjour, comment ajouter mon commerce ?");
    await page.getByRole("button", { name: "Envoyer le message" }).click();
    const success = page.getByText("Merci ! Votre message a été envoyé. Nous vous répondrons dans les 24 heures.");
    await expect(success).toBeVisible();
    await expectAccessible(page);
    await expect(success).toBeHidden({ timeout: 8000 });
    await expect(page.getByLabel("Nom complet")).toHaveValue("");
  });
});
