/**
 * "May be out of date": each stored translation remembers a fingerprint of the original it was written against
 * (translation_sources, migration 0029). Through the real commands of the merchant and admin panels: an original
 * changed under an untouched translation marks it; editing the translation or confirming it as still right
 * clears the mark; rows whose translations predate the sources are taken as fitting until their original changes.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { merchants, platformEventLogs, promotions } from "@db/schema";
import type { Actor } from "~/lib/auth/auth.server";
import { getDb } from "~/lib/db/db.server";
import { parseWith } from "~/lib/forms/form.server";
import { staleTranslations, textFingerprint } from "~/lib/i18n/translation-sources";
import { merchantEventSchema } from "~/modules/event/event.schema";
import { createEvent, updateEvent } from "~/modules/event/event.server";
import { updateMerchant } from "~/modules/merchant/merchant.admin.server";
import { adminMerchantUpdateSchema, merchantProfileSchema } from "~/modules/merchant/merchant.schema";
import { updateOwnMerchantProfile } from "~/modules/merchant/merchant.server";
import { municipalitySchema } from "~/modules/municipality/municipality.schema";
import { createMunicipality, updateMunicipality } from "~/modules/municipality/municipality.server";
import { merchantPromotionSchema } from "~/modules/promotion/promotion.schema";
import { createPromotion, updatePromotion } from "~/modules/promotion/promotion.server";
import { actorFor, makeMunicipality, makeUser } from "../factories";

/** A Dutch promotion with French and English titles, as the merchant form posts it. */
const form = (over: Record<string, string> = {}) =>
  merchantPromotionSchema.parse({
    title: "Gratis koffie bij elke taart",
    description: "Bij elke taart krijgt u koffie.",
    valid_until: "2099-12-31",
    price: "€4",
    terms_and_conditions: "",
    original_locale: "nl",
    tr_fr_title: "Café offert pour chaque tarte",
    tr_fr_description: "",
    tr_fr_terms: "",
    tr_en_title: "Free coffee with every cake",
    tr_en_description: "",
    tr_en_terms: "",
    ...over,
  });

let merchant: Actor;
let admin: Actor;
let town: string;

beforeAll(async () => {
  town = (await makeMunicipality()).id;
  merchant = await actorFor(await makeUser("merchant", { municipalityId: town }));
  admin = await actorFor(await makeUser("admin"));
});

describe("fingerprints", () => {
  it("are short, stable and differ for a changed text", () => {
    expect(textFingerprint("Gratis koffie")).toBe(textFingerprint("Gratis koffie"));
    expect(textFingerprint("Gratis koffie")).not.toBe(textFingerprint("Gratis koffie!"));
    expect(textFingerprint("Gratis koffie")).toMatch(/^[0-9a-z]{1,11}$/);
  });
});

describe("a merchant's promotion", () => {
  it("is fresh when written, marked when only the original changes, cleared by editing the translation", async () => {
    const row = await createPromotion(merchant, form());
    expect(row.translationSources.fr?.title).toBe(textFingerprint("Gratis koffie bij elke taart"));
    expect(staleTranslations(row)).toEqual({});

    const changed = await updatePromotion(merchant, row.id, form({ title: "Twee koffies bij elke taart" }));
    expect(staleTranslations(changed)).toEqual({ en: ["title"], fr: ["title"] });

    // Saving again without touching the translations keeps the mark (the fingerprint is the old original's).
    const again = await updatePromotion(merchant, row.id, form({ title: "Twee koffies bij elke taart" }));
    expect(staleTranslations(again)).toEqual({ en: ["title"], fr: ["title"] });

    const fixed = await updatePromotion(
      merchant,
      row.id,
      form({ title: "Twee koffies bij elke taart", tr_fr_title: "Deux cafés pour chaque tarte" }),
    );
    expect(staleTranslations(fixed)).toEqual({ en: ["title"] });
  });

  it("clears a language confirmed as still right, and only that one", async () => {
    const row = await createPromotion(merchant, form());
    await updatePromotion(merchant, row.id, form({ title: "Gratis koffie bij elke taart." }));
    const confirmed = await updatePromotion(
      merchant,
      row.id,
      form({ title: "Gratis koffie bij elke taart.", tr_checked_en: "on" }),
    );
    expect(staleTranslations(confirmed)).toEqual({ fr: ["title"] });
  });

  it("marks a translation whose original a form without translation fields changed (an older client)", async () => {
    const row = await createPromotion(merchant, form());
    const plain = Object.fromEntries(
      Object.entries({
        title: "Koffie en taart",
        description: "Bij elke taart krijgt u koffie.",
        valid_until: "2099-12-31",
        price: "€4",
      }),
    );
    const updated = await updatePromotion(merchant, row.id, merchantPromotionSchema.parse(plain));
    expect(updated.translations.fr?.title).toBe("Café offert pour chaque tarte");
    expect(staleTranslations(updated)).toEqual({ en: ["title"], fr: ["title"] });
  });

  it("takes translations stored before sources were kept as fitting, until their original changes", async () => {
    const row = await createPromotion(merchant, form());
    const db = await getDb();
    await db.update(promotions).set({ translationSources: {} }).where(eq(promotions.id, row.id));
    const [stored] = await db.select().from(promotions).where(eq(promotions.id, row.id));
    expect(staleTranslations(stored)).toEqual({});

    const same = await updatePromotion(merchant, row.id, form({ price: "€5" }));
    expect(staleTranslations(same)).toEqual({});
    // Nothing to record while the original stays as it was: an unchanged save changes nothing.
    expect(same.translationSources).toEqual({});

    const changed = await updatePromotion(merchant, row.id, form({ title: "Koffie bij taart" }));
    expect(staleTranslations(changed)).toEqual({ en: ["title"], fr: ["title"] });
  });

  it("does not count the bookkeeping as a change in the audit log", async () => {
    const row = await createPromotion(merchant, form());
    await updatePromotion(merchant, row.id, form({ title: "Andere titel" }));
    const db = await getDb();
    const logs = await db
      .select({ metadata: platformEventLogs.metadata })
      .from(platformEventLogs)
      .where(eq(platformEventLogs.eventType, "promotion.updated"));
    const mine = logs.find((l) => (l.metadata as { promotionId?: string }).promotionId === row.id);
    expect((mine?.metadata as { changed?: string[] } | undefined)?.changed).toEqual(["title"]);
  });
});

describe("events, business descriptions and municipality names", () => {
  it("marks an event's description translation when its description changes", async () => {
    const input = (description: string) =>
      parseWith(merchantEventSchema, {
        title: "Jazz op het plein",
        description,
        venue: "Grote Markt",
        start_date: "2099-06-01",
        category: "Music",
        original_locale: "nl",
        tr_fr_title: "Jazz sur la place",
        tr_fr_description: "Un concert en plein air.",
      });
    const first = input("Een openluchtconcert.");
    if (!first.ok) throw new Error(JSON.stringify(first.fieldErrors));
    const row = await createEvent(merchant, first.data);
    const next = input("Een openluchtconcert, gratis.");
    if (!next.ok) throw new Error(JSON.stringify(next.fieldErrors));
    const updated = await updateEvent(merchant, row.id, next.data);
    expect(staleTranslations(updated)).toEqual({ fr: ["description"] });
  });

  it("marks the business description's translation in the merchant's profile and the admin's dialog", async () => {
    const db = await getDb();
    const [record] = await db.select().from(merchants).where(eq(merchants.id, merchant.id));
    const profile = (description: string, extra: Record<string, string> = {}) =>
      merchantProfileSchema.parse({
        business_name: record.businessName,
        business_email: record.businessEmail,
        municipality_id: town,
        description,
        original_locale: "nl",
        tr_fr_description: "Boulanger depuis 1950.",
        tr_en_description: "",
        ...extra,
      });
    await updateOwnMerchantProfile(merchant, profile("Bakker sinds 1950."));
    const { merchant: changed } = await updateOwnMerchantProfile(merchant, profile("Bakker sinds 1951."));
    expect(staleTranslations(changed)).toEqual({ fr: ["description"] });

    const adminForm = (extra: Record<string, string>) =>
      adminMerchantUpdateSchema.parse({
        business_name: record.businessName,
        business_email: record.businessEmail,
        municipality_id: town,
        category: "Food & Drink",
        description: "Bakker sinds 1951.",
        original_locale: "nl",
        tr_fr_description: "Boulanger depuis 1950.",
        ...extra,
      });
    const kept = await updateMerchant(admin, merchant.id, adminForm({}));
    expect(staleTranslations(kept)).toEqual({ fr: ["description"] });
    const confirmed = await updateMerchant(admin, merchant.id, adminForm({ tr_checked_fr: "on" }));
    expect(staleTranslations(confirmed)).toEqual({});
  });

  it("marks a municipality's translated name when its name changes", async () => {
    const slug = `luik-${Date.now().toString(36)}`;
    const input = (name: string) =>
      municipalitySchema.parse({ name, slug, is_active: "on", original_locale: "nl", tr_fr_name: `${name}-fr` });
    const row = await createMunicipality(admin, input("Luik"));
    expect(staleTranslations(row)).toEqual({});
    const renamed = await updateMunicipality(
      admin,
      row.id,
      municipalitySchema.parse({ name: "Luik-stad", slug, is_active: "on", tr_fr_name: "Luik-fr" }),
    );
    expect(staleTranslations(renamed)).toEqual({ fr: ["name"] });
  });
});
