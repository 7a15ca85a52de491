/**
 * Demo tags, practical information and registrations, applied after demo.ts and translations.ts have written
 * their rows: some promotions get tags (most get none, so "nothing chosen, nothing shown" is visible too), some
 * events practical information in three languages, and residents register for events in their own town. The
 * demo resident (Emma) is registered for a past event only, so registering for an upcoming one stays open.
 */
import { eq, inArray } from "drizzle-orm";
import { type PromotionTag, type Translations, eventAttendances, events, promotions, users } from "@db/schema";
import type { DbOrTx } from "~/lib/db/db.server";

const PROMOTION_TAG_SEED: Record<string, PromotionTag[]> = {
  "Sunday breakfast box for two": ["family_friendly", "local_produce", "limited_stock"],
  "20% off all sourdough loaves": ["vegetarian", "local_produce"],
  "25% off children's books": ["family_friendly"],
  "Lunch of the day": ["vegetarian", "new"],
  "Record Store Day bundle": ["limited_stock"],
  "Limited print: Canal at dawn": ["limited_stock", "new"],
  "Board game of the month: 15% off": ["family_friendly"],
  "Praline box of 500 g": ["local_produce"],
  "Kids' bikes": ["family_friendly", "accessible"],
  "Raised vegetable bed": ["accessible", "new"],
  "Fair trade coffee duo": ["local_produce"],
  "Family menu": ["family_friendly", "vegetarian"],
};

type PracticalInfo = { en: string; nl: string; fr: string };

const PRACTICAL_INFO: Record<string, PracticalInfo> = {
  "Bread baking workshop": {
    en: "Wear comfortable clothes; aprons and ingredients are provided.\nThe workshop takes about three hours.\nThe bakery is step-free; tell us if you need a seat while kneading.",
    nl: "Draag makkelijke kleren; schorten en ingrediënten zijn voorzien.\nDe workshop duurt ongeveer drie uur.\nDe bakkerij is drempelvrij; laat het ons weten als je wilt zitten tijdens het kneden.",
    fr: "Portez des vêtements confortables ; tabliers et ingrédients sont fournis.\nL’atelier dure environ trois heures.\nLa boulangerie est de plain-pied ; dites-nous si vous avez besoin d’une chaise pour pétrir.",
  },
  "Author evening with a Limburg crime writer": {
    en: "Doors open at 19:30. Books can be signed after the talk.\nThe reading room is on the ground floor.",
    nl: "Deuren open om 19.30 uur. Na het gesprek kun je boeken laten signeren.\nDe leeszaal is op de benedenverdieping.",
    fr: "Ouverture des portes à 19 h 30. Les livres peuvent être dédicacés après la rencontre.\nLa salle de lecture est au rez-de-chaussée.",
  },
  "Health walk along the Albert Canal": {
    en: "Meet at the pharmacy. Bring water and good walking shoes.\nThe route is 6 km on paved paths, suitable for pushchairs.",
    nl: "Afspraak aan de apotheek. Breng water en goede wandelschoenen mee.\nDe route is 6 km over verharde paden, geschikt voor kinderwagens.",
    fr: "Rendez-vous devant la pharmacie. Prenez de l’eau et de bonnes chaussures de marche.\nLe parcours fait 6 km sur des chemins revêtus, accessibles aux poussettes.",
  },
  "Bike tour through De Teut": {
    en: "Bring your own bike or book one at the shop. Helmets are recommended.\nWe stop halfway for a drink at the visitor centre.",
    nl: "Breng je eigen fiets mee of reserveer er een in de winkel. Een helm is aangeraden.\nHalfweg stoppen we voor een drankje aan het bezoekerscentrum.",
    fr: "Venez avec votre vélo ou réservez-en un au magasin. Le casque est conseillé.\nÀ mi-parcours, nous faisons une pause boisson au centre d’accueil.",
  },
};

/** Who registered for which event (by its demo title), by the residents' demo addresses. */
const REGISTRATIONS: Record<string, string[]> = {
  "Bread baking workshop": ["jan.vandenberghe", "lies.jacobs"],
  "Author evening with a Limburg crime writer": ["lies.jacobs"],
  "Comic and board game afternoon": ["jan.vandenberghe"],
  "Breakfast on the Grote Markt": ["user", "jan.vandenberghe", "lies.jacobs"],
  "Opening: Light over the IJ": ["daan.bakker", "sanne.visser"],
  "Board game marathon": ["sanne.visser"],
  "Jazz in the shop window": ["camille.lambert", "youssef.elamrani"],
  "Bike tour through De Teut": ["koen.mertens", "an.hendrickx"],
  "World food festival": ["giulia.russo", "nina.schepers"],
};

const DEMO_DOMAIN = "demo.buurtplatform.be";

function rowsByTitle<T extends { title: string }>(rows: T[], title: string): T {
  const row = rows.find((r) => r.title === title);
  if (!row) throw new Error(`demo seed: missing ${title}`);
  return row;
}

async function seedTags(tx: DbOrTx) {
  for (const [title, tags] of Object.entries(PROMOTION_TAG_SEED)) {
    await tx.update(promotions).set({ tags }).where(eq(promotions.title, title));
  }
}

async function seedPracticalInfo(tx: DbOrTx) {
  const rows = await tx
    .select({ id: events.id, title: events.title, translations: events.translations })
    .from(events)
    .where(inArray(events.title, Object.keys(PRACTICAL_INFO)));
  for (const [title, info] of Object.entries(PRACTICAL_INFO)) {
    const row = rowsByTitle(rows, title);
    // The demo events are written in English: the other languages join any translations already there.
    const translations: Translations = { ...row.translations };
    for (const locale of ["nl", "fr"] as const) {
      translations[locale] = { ...(translations[locale] ?? {}), practicalInfo: info[locale] };
    }
    await tx.update(events).set({ practicalInfo: info.en, translations }).where(eq(events.id, row.id));
  }
}

async function seedRegistrations(tx: DbOrTx) {
  const emailOf = (local: string) => (local === "user" ? `user@${DEMO_DOMAIN}` : `${local}@${DEMO_DOMAIN}`);
  const emails = [...new Set(Object.values(REGISTRATIONS).flat())].map(emailOf);
  const people = await tx.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, emails));
  const rows = await tx
    .select({ id: events.id, title: events.title })
    .from(events)
    .where(inArray(events.title, Object.keys(REGISTRATIONS)));
  const values = Object.entries(REGISTRATIONS).flatMap(([title, who]) =>
    who.map((local, i) => {
      const person = people.find((p) => p.email === emailOf(local));
      if (!person) throw new Error(`demo seed: missing resident ${local}`);
      return {
        eventId: rowsByTitle(rows, title).id,
        userId: person.id,
        createdAt: new Date(Date.now() - (3 - i) * 86_400_000),
      };
    }),
  );
  await tx.insert(eventAttendances).values(values);
}

/** Adds the demo's promotion tags, events' practical information and registrations. */
export async function seedEventExtras(tx: DbOrTx): Promise<void> {
  await seedTags(tx);
  await seedPracticalInfo(tx);
  await seedRegistrations(tx);
}
