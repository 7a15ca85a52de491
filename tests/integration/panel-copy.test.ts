/** The footer's contact details: the platform settings' and a municipality's own, never built-in stand-ins. */
import { describe, expect, it } from "vitest";
import { createMunicipality, updateMunicipality } from "~/modules/municipality/municipality.server";
import { townContacts } from "~/modules/municipality/index.server";
import { getSettings, invalidateSettings, saveSettings } from "~/modules/settings/settings.server";
import { renderTemplate } from "~/modules/mail/compose.server";
import { municipalitySchema } from "~/modules/municipality/municipality.schema";
import { actorFor, makeUser } from "../factories";

describe("footer contact details", () => {
  it("a municipality sets its own contact address and postal address; blank ones are not listed", async () => {
    const admin = await actorFor(await makeUser("admin"));
    const slug = `town-${Date.now().toString(36)}`;
    const input = municipalitySchema.parse({
      name: "Contact Town",
      slug,
      is_active: "on",
      contact_email: "Info@Contact-Town.example",
      postal_address: "Markt 1, 9999 Contact Town",
    });
    const town = await createMunicipality(admin, input);
    expect(town).toMatchObject({
      contactEmail: "info@contact-town.example",
      postalAddress: "Markt 1, 9999 Contact Town",
    });
    expect((await townContacts()).find((c) => c.slugs.includes(slug))).toMatchObject({
      email: "info@contact-town.example",
      address: "Markt 1, 9999 Contact Town",
    });

    // Blanked: the town falls back to the platform's details.
    await updateMunicipality(
      admin,
      town.id,
      municipalitySchema.parse({ name: "Contact Town", slug, is_active: "on", contact_email: "", postal_address: "" }),
    );
    expect((await townContacts()).find((c) => c.slugs.includes(slug))).toBeUndefined();
    // A form without the fields leaves them alone.
    expect(() => municipalitySchema.parse({ name: "X", slug: "x-town", contact_email: "not an address" })).toThrow();
  });

  it("the platform's postal address and data controller are settings (blank when not set)", async () => {
    const admin = await actorFor(await makeUser("admin"));
    invalidateSettings();
    expect((await getSettings()).postalAddress).toBe("");
    await saveSettings(admin, {
      site_name: "Buurtplatform",
      contact_email: "hello@example.org",
      postal_address: "Stadhuisplein 1, 1000 Brussel",
      data_controller: "Buurtplatform vzw",
      payment_api_key: null,
      maps_api_key: null,
      clear_payment_api_key: false,
      clear_maps_api_key: false,
    });
    const settings = await getSettings();
    expect(settings).toMatchObject({
      postalAddress: "Stadhuisplein 1, 1000 Brussel",
      dataController: "Buurtplatform vzw",
    });
    // A save without the optional fields keeps them.
    await saveSettings(admin, {
      site_name: "Buurtplatform",
      contact_email: "hello@example.org",
      payment_api_key: null,
      maps_api_key: null,
      clear_payment_api_key: false,
      clear_maps_api_key: false,
    });
    expect((await getSettings()).dataController).toBe("Buurtplatform vzw");

    // Every mail's footer names the address and who is responsible for the data, in the reader's language.
    const mail = await renderTemplate(
      "newsletterConfirm",
      { municipalityName: "Brussel", confirmUrl: "https://example.org/confirm" },
      { locale: "nl" },
    );
    expect(mail.text).toContain("Stadhuisplein 1, 1000 Brussel");
    expect(mail.text).toContain("Verantwoordelijk voor je gegevens: Buurtplatform vzw");
  });
});
