/**
 * Content in three languages against the real modules: migration 0014 on existing rows, the
 * translation form fields (validation, storage), reading in the reader's language with the original as
 * fallback (pages' data, API, feed), municipality slug aliases and the search in any language.
 */
import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { events, merchants, municipalities, promotions } from "@db/schema";
import type { Actor } from "~/lib/auth/auth.server";
import { getDb } from "~/lib/db/db.server";
import { ValidationError } from "~/lib/http/errors";
import { parseWith } from "~/lib/forms/form.server";
import { localized } from "~/lib/i18n/localized";
import { merchantProfileSchema } from "~/modules/merchant/merchant.schema";
import { updateOwnMerchantProfile } from "~/modules/merchant/merchant.server";
import { municipalitySchema } from "~/modules/municipality/municipality.schema";
import {
  createMunicipality,
  findActiveMunicipality,
  listActiveMunicipalities,
} from "~/modules/municipality/municipality.server";
import { listResource } from "~/modules/opendata/api.server";
import { promotionsFeed } from "~/modules/opendata/feeds.server";
import { findPublicPromotion, listPublicPromotions } from "~/modules/promotion/promotion.queries.server";
import { merchantPromotionSchema } from "~/modules/promotion/promotion.schema";
import { createPromotion, updatePromotion } from "~/modules/promotion/promotion.server";
import { requireActiveMunicipality } from "~/server/municipality-guard.server";
import { actorFor, makeMunicipality, makeUser } from "../factories";

const MIGRATION = path.resolve(__dirname, "../../db/migrations/0014_content_translations.sql");

/** A Dutch promotion with a French title, as the merchant form posts it. */
const dutchForm = (over: Record<string, string> = {}) => ({
  title: "Gratis koffie bij elke taart",
  description: "Bij elke taart van de week krijgt u een kop koffie van het huis.",
  valid_until: "2099-12-31",
  price: "€4",
  terms_and_conditions: "Eén koffie per taart.",
  original_locale: "nl",
  tr_fr_title: "Café offert pour chaque tarte",
  tr_fr_description: "",
  tr_fr_terms: "",
  tr_en_title: "",
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

describe("migration 0014 on existing rows", () => {
  it("keeps every text and detects or defaults the original language", async () => {
    const db = await getDb();
    // Put a scratch copy of the four tables' shape as it was before 0014, fill it, then run the migration's own
    // SQL on it (the real tables are already migrated): the statements are rewritten to the scratch schema.
    await db.execute(sql.raw("drop schema if exists h18_pre cascade"));
    await db.execute(sql.raw("create schema h18_pre"));
    for (const ddl of [
      "create table h18_pre.municipalities (id uuid primary key default gen_random_uuid(), name text not null)",
      `create table h18_pre.promotions (id uuid primary key default gen_random_uuid(), title text not null,
        description text, terms_and_conditions text, municipality_id uuid)`,
      `create table h18_pre.events (id uuid primary key default gen_random_uuid(), title text not null,
        description text, municipality_id uuid)`,
      "create table h18_pre.merchants (id text primary key, business_name text not null, municipality_id uuid)",
    ])
      await db.execute(sql.raw(ddl));
    const [liege] = (
      (await db.execute(
        sql.raw("insert into h18_pre.municipalities (name) values ('Liège') returning id"),
      )) as unknown as {
        rows: { id: string }[];
      }
    ).rows;
    const [hasselt] = (
      (await db.execute(
        sql.raw("insert into h18_pre.municipalities (name) values ('Hasselt') returning id"),
      )) as unknown as { rows: { id: string }[] }
    ).rows;
    await db.execute(sql`insert into h18_pre.promotions (title, description, terms_and_conditions, municipality_id) values
      ('30% off the spring collection', 'The whole collection is 30% off for all of you', 'Only with the receipt', ${hasselt.id}),
      ('Gratis koffie', 'Bij elke taart van de week krijgt u een koffie van het huis', null, ${liege.id}),
      ('Café offert', 'Une tasse offerte avec chaque gâteau de la semaine pour nos clients', null, ${hasselt.id}),
      ('Xyz 2000', null, null, ${liege.id}),
      ('Qwerty', null, null, ${hasselt.id}),
      ('Orphan', null, null, null)`);
    await db.execute(sql`insert into h18_pre.events (title, description, municipality_id) values
      ('Jazz op de markt', 'Een avond jazz met de buren op het plein van de stad', ${hasselt.id})`);
    await db.execute(sql`insert into h18_pre.merchants (id, business_name, municipality_id) values
      ('m1', 'Chez Paul', ${liege.id}), ('m2', 'Bakkerij', ${hasselt.id})`);
    const before = (
      (await db.execute(sql.raw("select title, description from h18_pre.promotions order by title"))) as unknown as {
        rows: unknown[];
      }
    ).rows;

    const statements = fs
      .readFileSync(MIGRATION, "utf8")
      .replace(/"(municipalities|promotions|events|merchants)"/g, 'h18_pre."$1"')
      .replace(/"h18_detect_locale"/g, "h18_pre.h18_detect_locale")
      .split("--> statement-breakpoint");
    for (const statement of statements) if (statement.trim()) await db.execute(sql.raw(statement));

    const langs = async (table: string, key: string) =>
      Object.fromEntries(
        (
          (await db.execute(
            sql.raw(`select ${key} as k, original_locale, translations from h18_pre.${table}`),
          )) as unknown as {
            rows: { k: string; original_locale: string; translations: unknown }[];
          }
        ).rows.map((r) => [r.k, r.original_locale]),
      );
    expect(await langs("municipalities", "name")).toEqual({ Liège: "fr", Hasselt: "nl" });
    expect(await langs("promotions", "title")).toEqual({
      "30% off the spring collection": "en",
      "Gratis koffie": "nl",
      "Café offert": "fr",
      // Nothing to go by: the municipality's language, or English without one.
      "Xyz 2000": "fr",
      Qwerty: "nl",
      Orphan: "en",
    });
    expect(await langs("events", "title")).toEqual({ "Jazz op de markt": "nl" });
    expect(await langs("merchants", "business_name")).toEqual({ "Chez Paul": "fr", Bakkerij: "nl" });
    const after = (
      (await db.execute(sql.raw("select title, description from h18_pre.promotions order by title"))) as unknown as {
        rows: unknown[];
      }
    ).rows;
    expect(after).toEqual(before);
    const empty = (
      (await db.execute(
        sql.raw("select count(*)::int as n from h18_pre.promotions where translations <> '{}'::jsonb"),
      )) as unknown as { rows: { n: number }[] }
    ).rows[0];
    expect(empty.n).toBe(0);
    // The check constraint holds the language to the three the platform speaks.
    await expect(db.execute(sql.raw("update h18_pre.promotions set original_locale = 'de'"))).rejects.toThrow();
    await db.execute(sql.raw("drop schema h18_pre cascade"));
  });
});

describe("translation fields", () => {
  it("parses the original language and the tabs into translations, dropping blanks", () => {
    const parsed = parseWith(merchantPromotionSchema, dutchForm());
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.data.original_locale).toBe("nl");
    expect(parsed.data.translations).toEqual({ fr: { title: "Café offert pour chaque tarte" } });
  });

  it("holds a translation to its original field's length and the language to en/nl/fr (400 field errors)", () => {
    const long = parseWith(merchantPromotionSchema, dutchForm({ tr_fr_title: "x".repeat(201) }));
    expect(long.ok).toBe(false);
    if (!long.ok) expect(long.fieldErrors.tr_fr_title).toBe("validation.tooLong");
    const okLength = parseWith(merchantPromotionSchema, dutchForm({ tr_fr_title: "x".repeat(200) }));
    expect(okLength.ok).toBe(true);
    const desc = parseWith(merchantPromotionSchema, dutchForm({ tr_en_description: "y".repeat(5001) }));
    expect(desc.ok).toBe(false);
    if (!desc.ok) expect(desc.fieldErrors.tr_en_description).toBe("validation.tooLong");
    const lang = parseWith(merchantPromotionSchema, dutchForm({ original_locale: "de" }));
    expect(lang.ok).toBe(false);
    if (!lang.ok) expect(lang.fieldErrors.original_locale).toBe("validation.invalid");
    const town = parseWith(municipalitySchema, { name: "Luik", slug: "luik", tr_fr_name: "L".repeat(121) });
    expect(town.ok).toBe(false);
    if (!town.ok) expect(town.fieldErrors.tr_fr_name).toBe("validation.tooLong");
  });

  it("leaves the stored translations alone when a form posts none (an older client)", async () => {
    const row = await createPromotion(merchant, merchantPromotionSchema.parse(dutchForm()));
    const { original_locale: _o, ...withoutLanguage } = dutchForm({ title: "Gratis koffie (nieuw)" });
    const plain = Object.fromEntries(Object.entries(withoutLanguage).filter(([k]) => !k.startsWith("tr_")));
    const updated = await updatePromotion(merchant, row.id, merchantPromotionSchema.parse(plain));
    expect(updated.title).toBe("Gratis koffie (nieuw)");
    expect(updated.originalLocale).toBe("nl");
    expect(updated.translations).toEqual({ fr: { title: "Café offert pour chaque tarte" } });
  });

  it("stores a merchant's business description with its translations", async () => {
    const db = await getDb();
    const [record] = await db.select().from(merchants).where(eq(merchants.id, merchant.id));
    const input = merchantProfileSchema.parse({
      business_name: record.businessName,
      business_email: record.businessEmail,
      municipality_id: town,
      description: "Ambachtelijke bakker sinds 1950.",
      original_locale: "nl",
      tr_fr_description: "Boulanger artisanal depuis 1950.",
      tr_en_description: "",
    });
    const { merchant: saved } = await updateOwnMerchantProfile(merchant, input);
    expect(saved.description).toBe("Ambachtelijke bakker sinds 1950.");
    expect(saved.originalLocale).toBe("nl");
    expect(saved.translations).toEqual({ fr: { description: "Boulanger artisanal depuis 1950." } });
    expect(localized(saved, "description", "en")).toEqual({
      text: "Ambachtelijke bakker sinds 1950.",
      lang: "nl",
      isOriginalFallback: true,
    });
  });
});

describe("reading in the reader's language", () => {
  let id: string;
  beforeAll(async () => {
    id = (await createPromotion(merchant, merchantPromotionSchema.parse(dutchForm({ title: "Taart en koffie" })))).id;
  });

  it("gives the French title to a French reader and the labelled Dutch original to an English one", async () => {
    const detail = await findPublicPromotion(town, id);
    expect(detail).not.toBeNull();
    if (!detail) return;
    expect(localized(detail, "title", "fr")).toEqual({
      text: "Café offert pour chaque tarte",
      lang: "fr",
      isOriginalFallback: false,
    });
    expect(localized(detail, "title", "en")).toEqual({ text: "Taart en koffie", lang: "nl", isOriginalFallback: true });
    expect(localized(detail, "title", "nl")).toEqual({
      text: "Taart en koffie",
      lang: "nl",
      isOriginalFallback: false,
    });
    // No French description: the Dutch one stands in, marked as such.
    expect(localized(detail, "description", "fr").isOriginalFallback).toBe(true);
    expect(localized(detail, "terms", "fr").text).toBe("Eén koffie per taart.");
  });

  it("answers the open-data API in ?lng= with each field's language and every translation", async () => {
    const db = await getDb();
    const [t] = await db.select().from(municipalities).where(eq(municipalities.id, town));
    const params = { limit: 100, cursor: null, municipality: t.slug, from: null };
    const fr = await listResource("promotions", { ...params, locale: "fr" });
    const row = fr.data.find((r) => r.id === id) as Record<string, unknown>;
    expect(row.title).toBe("Café offert pour chaque tarte");
    expect(row.languages).toEqual({ title: "fr", description: "nl", terms_and_conditions: "nl" });
    expect(row.original_language).toBe("nl");
    expect(row.translations).toEqual({ fr: { title: "Café offert pour chaque tarte" } });
    const en = await listResource("promotions", { ...params, locale: "en" });
    const enRow = en.data.find((r) => r.id === id) as Record<string, unknown>;
    expect(enRow.title).toBe("Taart en koffie");
    expect((enRow.languages as Record<string, string>).title).toBe("nl");
  });

  it("labels the original in a feed read in another language", async () => {
    const db = await getDb();
    const [t] = await db.select().from(municipalities).where(eq(municipalities.id, town));
    const en = await promotionsFeed(t, "en");
    expect(en).toContain("Taart en koffie (original in Dutch)");
    const fr = await promotionsFeed(t, "fr");
    expect(fr).toContain("Café offert pour chaque tarte");
    expect(fr).not.toContain("Café offert pour chaque tarte (");
  });
});

describe("search in any language", () => {
  it("finds a promotion by its text in each of its languages, and not by a translation's field name", async () => {
    const row = await createPromotion(
      merchant,
      merchantPromotionSchema.parse(
        dutchForm({
          title: "Fietsbel in messing",
          description: "Een heldere bel voor elk stuur.",
          tr_fr_title: "Sonnette de vélo en laiton",
          tr_en_title: "Brass bicycle bell",
          tr_en_description: "A bright bell for every handlebar.",
        }),
      ),
    );
    const search = (q: string) =>
      listPublicPromotions(town, { category: null, tag: null, q, sort: "newest", page: 1, expired: false }).then((r) =>
        r.items.map((i) => i.id),
      );
    expect(await search("messing")).toContain(row.id);
    expect(await search("Sonnette de vélo")).toContain(row.id);
    expect(await search("handlebar")).toContain(row.id);
    expect(await search("title")).not.toContain(row.id);
  });
});

describe("municipality names and slug aliases", () => {
  it("reaches one municipality by its name in each language, the canonical slug by redirect", async () => {
    const input = municipalitySchema.parse({
      name: "Brussel",
      slug: "h18-brussel",
      is_active: "on",
      original_locale: "nl",
      tr_fr_name: "Bruxelles",
      tr_en_name: "Brussels",
    });
    const row = await createMunicipality(admin, input);
    expect(row.translations).toEqual({ fr: { name: "Bruxelles" }, en: { name: "Brussels" } });
    expect((await findActiveMunicipality("bruxelles"))?.id).toBe(row.id);
    expect((await findActiveMunicipality("brussels"))?.id).toBe(row.id);
    expect((await findActiveMunicipality("h18-brussel"))?.id).toBe(row.id);
    expect((await findActiveMunicipality("brussel"))?.id).toBe(row.id);

    // The alias answers with a permanent redirect to the canonical address, same page and query.
    const thrown = await requireActiveMunicipality(
      "bruxelles",
      new Request("http://localhost/promotions/bruxelles?q=taart&lng=fr"),
    ).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(301);
    expect((thrown as Response).headers.get("Location")).toBe("/promotions/h18-brussel?q=taart&lng=fr");
    // The canonical slug is served, with the name in the reader's language.
    const fr = await requireActiveMunicipality("h18-brussel", new Request("http://localhost/h18-brussel?lng=fr"));
    expect(fr.name).toBe("Bruxelles");
    expect(fr.nameLang).toBe("fr");
    const nl = await requireActiveMunicipality("h18-brussel", new Request("http://localhost/h18-brussel?lng=nl"));
    expect(nl.name).toBe("Brussel");

    const options = await listActiveMunicipalities("fr");
    const option = options.find((o) => o.id === row.id);
    expect(option?.name).toBe("Bruxelles");
    expect([...(option?.aliases ?? [])].sort()).toEqual(["brussel", "brussels", "bruxelles"]);
  });

  it("refuses a slug or a name that is already another municipality's address", async () => {
    await expect(
      createMunicipality(
        admin,
        municipalitySchema.parse({ name: "Bruxelles-Ville", slug: "bruxelles", is_active: "on" }),
      ),
    ).rejects.toBeInstanceOf(ValidationError);
    await expect(
      createMunicipality(
        admin,
        municipalitySchema.parse({ name: "Elders", slug: "h18-elders", is_active: "on", tr_fr_name: "Brussels" }),
      ),
    ).rejects.toBeInstanceOf(ValidationError);
  });
});

describe("demo-like rows", () => {
  it("an event without translations reads as its original everywhere, labelled for other readers", async () => {
    const db = await getDb();
    const [row] = await db
      .insert(events)
      .values({
        title: "Jazz op de markt",
        venue: "Grote Markt",
        startDate: "2099-06-01",
        category: "Music",
        merchantId: merchant.id,
        municipalityId: town,
        originalLocale: "nl",
      })
      .returning();
    expect(localized(row, "title", "fr")).toEqual({ text: "Jazz op de markt", lang: "nl", isOriginalFallback: true });
    expect(localized(row, "title", "nl").isOriginalFallback).toBe(false);
    const [p] = await db.select().from(promotions).limit(1);
    expect(p.translations).toBeTypeOf("object");
  });
});
