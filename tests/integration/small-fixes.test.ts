/**
 * Smaller fixes that need the database — the footer's contact address from the
 * settings, and featured merchants that do not depend on the promotions the home page happens to load.
 */
import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { serverT } from "~/lib/i18n/locale.server";
import { saveSettings } from "~/modules/settings/settings.server";
import { rootData } from "~/server/root-data.server";
import * as home from "~/routes/site/municipality";
import { actorFor, makeMunicipality, makeUser } from "../factories";
import { makeMerchant, makePromotion } from "./public-helpers";

const context = {
  requestId: "test",
  nonce: "n",
  locale: "en",
  t: serverT("en"),
  ip: "127.0.0.1",
  getActor: async () => null,
} as unknown as AppLoadContext;

describe("footer contact address", () => {
  it("is the one in the platform settings", async () => {
    const admin = await actorFor(await makeUser("admin"));
    await saveSettings(admin, {
      site_name: "Buurt Test",
      contact_email: "hallo@gemeente.example",
      payment_api_key: null,
      maps_api_key: null,
      clear_payment_api_key: false,
      clear_maps_api_key: false,
    } as never);
    const data = await rootData(context);
    expect(data.contactEmail).toBe("hallo@gemeente.example");
  });
});

describe("featured merchants on the municipality home", () => {
  it("include a premium merchant without any of the promotions the page shows", async () => {
    const town = await makeMunicipality();
    const busy = await makeMerchant(town.id, { businessName: "Busy Shop" });
    for (let i = 0; i < 13; i++) await makePromotion(busy.id, town.id, { title: `Deal ${i}` });
    const quiet = await makeMerchant(town.id, { businessName: "Quiet Premium", isPremium: true });
    const plain = await makeMerchant(town.id, { businessName: "Plain Shop" });
    const data = (await home.loader({
      params: { municipality: town.slug },
      context,
      request: new Request(`http://localhost/${town.slug}`),
    } as never)) as { featured: { id: string }[]; promotions: unknown[] };
    expect(data.promotions).toHaveLength(12);
    expect(data.featured.map((m) => m.id)).toEqual([quiet.id]);
    expect(data.featured.map((m) => m.id)).not.toContain(plain.id);
  });
});
