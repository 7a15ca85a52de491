/**
 * Demo content in three languages, applied after demo.ts has written its rows (which are written in
 * English). Some rows get all three languages, one is rewritten with Dutch as its original, one merchant writes
 * in French; every other row stays in one language, so the "original in English" fallback shows in the demo.
 * Brussel is Dutch with its French and English names, so /bruxelles and /brussels reach it.
 */
import { eq, inArray } from "drizzle-orm";
import { type ContentLocale, type Translations, events, merchants, municipalities, promotions } from "@db/schema";
import type { DbOrTx } from "~/lib/db/db.server";

type Texts = Record<string, string>;
/** A row found by its (English) demo title or business name, with its original language and translations. */
type Spec = { match: string; original?: { locale: ContentLocale; texts: Texts }; translations: Translations };

/** Municipality names: the platform's municipalities are Dutch-speaking; Brussel is bilingual. */
const DEMO_MUNICIPALITY_NAMES: Record<string, { originalLocale: ContentLocale; translations: Translations }> = {
  brussel: { originalLocale: "nl", translations: { fr: { name: "Bruxelles" }, en: { name: "Brussels" } } },
  amsterdam: { originalLocale: "nl", translations: {} },
  hasselt: { originalLocale: "nl", translations: {} },
  zonhoven: { originalLocale: "nl", translations: {} },
  genk: { originalLocale: "nl", translations: {} },
  lommel: { originalLocale: "nl", translations: {} },
};

const PROMOTIONS: Spec[] = [
  {
    match: "30% off the spring collection",
    translations: {
      nl: {
        title: "30% korting op de lentecollectie",
        description:
          "Lichte jassen, linnen hemden en zomerjurken van Belgische ontwerpers. De hele lentecollectie is deze maand 30% goedkoper.",
        terms: "Niet geldig op artikelen die al afgeprijsd zijn.\nRuilen binnen 14 dagen met kassabon.",
      },
      fr: {
        title: "30 % sur la collection de printemps",
        description:
          "Vestes légères, chemises en lin et robes d’été de créateurs belges. Toute la collection de printemps est à -30 % ce mois-ci.",
        terms: "Non valable sur les articles déjà soldés.\nÉchange sous 14 jours avec le ticket de caisse.",
      },
    },
  },
  {
    match: "Terracotta plant pots",
    translations: {
      nl: {
        title: "Bloempotten in terracotta",
        description: "Handgedraaide terracotta potten in drie maten, ideaal voor balkons en vensterbanken.",
      },
      fr: {
        title: "Pots de fleurs en terre cuite",
        description:
          "Des pots en terre cuite tournés à la main, en trois tailles, parfaits pour les balcons et les rebords de fenêtre.",
      },
    },
  },
  {
    // Written in Dutch by the chocolatier, with a French title only: a French reader sees the French title and
    // the Dutch description (labelled), an English reader the English translation.
    match: "Praline box of 500 g",
    original: {
      locale: "nl",
      texts: {
        title: "Pralinedoos van 500 g",
        description:
          "Een mix van onze pralines, truffels en manons, met de hand gevuld in ons atelier achter de winkel.",
        terms: "Koel en droog bewaren.\nBij voorkeur binnen drie weken opeten.",
      },
    },
    translations: {
      en: {
        title: "Praline box of 500 g",
        description: "A mix of our pralines, truffles and manons, filled by hand in our workshop behind the shop.",
        terms: "Keep cool and dry.\nBest eaten within three weeks.",
      },
      fr: { title: "Boîte de pralines de 500 g" },
    },
  },
];

const EVENTS: Spec[] = [
  {
    match: "Chocolate run 5 km",
    translations: {
      nl: {
        title: "Chocoladeloop 5 km",
        description:
          "Een fun run van 5 km door het park, met een chocolademedaille en warme chocolademelk aan de finish.",
      },
      fr: {
        title: "Course du chocolat 5 km",
        description:
          "Une course conviviale de 5 km dans le parc, avec une médaille en chocolat et un chocolat chaud à l’arrivée.",
      },
    },
  },
];

const MERCHANTS: Spec[] = [
  {
    match: "Maison Dubois",
    original: {
      locale: "fr",
      texts: {
        description:
          "Maison de mode bruxelloise depuis 1987 : des créateurs belges, des matières durables et des retouches sur place.",
      },
    },
    translations: {
      nl: {
        description:
          "Brussels modehuis sinds 1987: Belgische ontwerpers, duurzame materialen en retouches ter plaatse.",
      },
    },
  },
  {
    match: "Chocolaterie Van Damme",
    original: {
      locale: "nl",
      texts: {
        description:
          "Ambachtelijke chocolatier in het hart van Brussel: pralines, truffels en paaseieren, elke dag vers.",
      },
    },
    translations: {
      fr: {
        description:
          "Chocolatier artisanal au cœur de Bruxelles : pralines, truffes et œufs de Pâques, frais chaque jour.",
      },
      en: {
        description: "Craft chocolatier in the heart of Brussels: pralines, truffles and Easter eggs, fresh every day.",
      },
    },
  },
];

/** The columns a spec sets (the original's text columns when it is rewritten in another language). */
function values(spec: Spec, columns: Record<string, string>) {
  const out: Record<string, unknown> = { translations: spec.translations };
  out.originalLocale = spec.original?.locale ?? "en";
  for (const [field, text] of Object.entries(spec.original?.texts ?? {})) out[columns[field] ?? field] = text;
  return out;
}

/** Applies the demo translations inside the seed's transaction. */
export async function seedDemoTranslations(tx: DbOrTx): Promise<void> {
  for (const [slug, names] of Object.entries(DEMO_MUNICIPALITY_NAMES)) {
    await tx.update(municipalities).set(names).where(eq(municipalities.slug, slug));
  }
  // Every other demo row is written in English (its column default): stated here, not left to the default.
  await tx.update(promotions).set({ originalLocale: "en" });
  await tx.update(events).set({ originalLocale: "en" });
  await tx.update(merchants).set({ originalLocale: "en" });
  for (const spec of PROMOTIONS) {
    await tx
      .update(promotions)
      .set(values(spec, { terms: "termsAndConditions" }))
      .where(eq(promotions.title, spec.match));
  }
  for (const spec of EVENTS) {
    await tx.update(events).set(values(spec, {})).where(eq(events.title, spec.match));
  }
  for (const spec of MERCHANTS) {
    await tx.update(merchants).set(values(spec, {})).where(eq(merchants.businessName, spec.match));
  }
  // The English merchants' descriptions: one line each, in English only.
  await tx
    .update(merchants)
    .set({ description: "A family business serving the neighbourhood." })
    .where(inArray(merchants.businessName, ["Bakkerij Vermeulen", "Atelier Marolles"]));
}
