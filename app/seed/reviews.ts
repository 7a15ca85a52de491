/**
 * Demo reviews and favourites, written after demo.ts's accounts, promotions and events: a few residents review
 * merchants (some with the merchant's answer, one flagged for the moderators), and the demo resident has saved
 * promotions and events, one of them already over. Rows are found by the demo's e-mail addresses.
 */
import { asc, desc, eq, inArray } from "drizzle-orm";
import { events, favourites, municipalities, promotions, reviewFlags, reviews, users } from "@db/schema";
import type { DbOrTx } from "~/lib/db/db.server";

const DOMAIN = "demo.buurtplatform.be";
const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);

type ReviewSeed = {
  merchant: string;
  author: string;
  rating: number;
  body?: string;
  answer?: string;
  daysAgo: number;
  flaggedBy?: string;
};

/** Merchants by their account's address (local part), authors by theirs. */
const REVIEWS: ReviewSeed[] = [
  {
    merchant: "merchant",
    author: "jan.vandenberghe",
    rating: 5,
    body: "Het beste zuurdesembrood van Hasselt. Vriendelijke bediening, ook op zaterdagochtend.",
    answer: "Dank je wel, Jan! Tot zaterdag.",
    daysAgo: 20,
  },
  {
    merchant: "merchant",
    author: "lies.jacobs",
    rating: 4,
    body: "Lekkere croissants. Soms wat lang aanschuiven, maar het is het waard.",
    daysAgo: 9,
  },
  {
    merchant: "brasserie.demarkt",
    author: "jan.vandenberghe",
    rating: 4,
    body: "Gezellig terras op de markt en een goede dagschotel.",
    daysAgo: 15,
  },
  {
    merchant: "brasserie.demarkt",
    author: "lies.jacobs",
    rating: 2,
    body: "We hebben drie kwartier op ons eten gewacht.",
    answer:
      "Sorry, Lies: die avond waren we met te weinig in de keuken. Kom gerust nog eens terug, de koffie is van ons.",
    daysAgo: 6,
    flaggedBy: "merchant",
  },
  {
    merchant: "leesrecht",
    author: "lies.jacobs",
    rating: 5,
    body: "Great children's corner and staff who really know their books.",
    daysAgo: 12,
  },
  { merchant: "apotheek.peeters", author: "jan.vandenberghe", rating: 5, daysAgo: 30 },
  {
    merchant: "maison.dubois",
    author: "camille.lambert",
    rating: 5,
    body: "Des pralines exceptionnelles, et un accueil chaleureux.",
    answer: "Merci beaucoup, Camille !",
    daysAgo: 18,
  },
  {
    merchant: "chocolaterie.vandamme",
    author: "camille.lambert",
    rating: 3,
    body: "Bon chocolat, mais un peu cher.",
    daysAgo: 7,
  },
];

async function idsByEmail(tx: DbOrTx, locals: string[]) {
  const rows = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        locals.map((l) => `${l}@${DOMAIN}`),
      ),
    );
  return new Map(rows.map((r) => [r.email.split("@")[0], r.id]));
}

async function seedDemoReviews(tx: DbOrTx) {
  const ids = await idsByEmail(tx, [
    ...new Set(REVIEWS.flatMap((r) => [r.merchant, r.author, ...(r.flaggedBy ? [r.flaggedBy] : [])])),
  ]);
  for (const r of REVIEWS) {
    const merchantId = ids.get(r.merchant);
    const userId = ids.get(r.author);
    if (!merchantId || !userId) continue;
    const at = daysAgo(r.daysAgo);
    const [row] = await tx
      .insert(reviews)
      .values({
        merchantId,
        userId,
        rating: r.rating,
        body: r.body ?? null,
        answer: r.answer ?? null,
        answeredAt: r.answer ? daysAgo(r.daysAgo - 1) : null,
        flagCount: r.flaggedBy ? 1 : 0,
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: reviews.id });
    const flagger = r.flaggedBy && ids.get(r.flaggedBy);
    if (flagger) await tx.insert(reviewFlags).values({ reviewId: row.id, userId: flagger, createdAt: at });
  }
}

/** The demo resident's hearts: the soonest-ending and the latest promotion of Hasselt, and its next event. */
async function seedDemoFavourites(tx: DbOrTx) {
  const [user] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, `user@${DOMAIN}`))
    .limit(1);
  const [town] = await tx
    .select({ id: municipalities.id })
    .from(municipalities)
    .where(eq(municipalities.slug, "hasselt"))
    .limit(1);
  if (!user || !town) return;
  const inTown = eq(promotions.municipalityId, town.id);
  const [oldest] = await tx
    .select({ id: promotions.id })
    .from(promotions)
    .where(inTown)
    .orderBy(asc(promotions.validUntil))
    .limit(1);
  const [latest] = await tx
    .select({ id: promotions.id })
    .from(promotions)
    .where(inTown)
    .orderBy(desc(promotions.validUntil))
    .limit(1);
  const [event] = await tx
    .select({ id: events.id })
    .from(events)
    .where(eq(events.municipalityId, town.id))
    .orderBy(desc(events.startDate))
    .limit(1);
  const rows: (typeof favourites.$inferInsert)[] = [
    ...new Set([oldest?.id, latest?.id].filter((v): v is string => !!v)),
  ].map((promotionId, i) => ({ userId: user.id, promotionId, createdAt: daysAgo(10 - i) }));
  if (event) rows.push({ userId: user.id, eventId: event.id, createdAt: daysAgo(3) });
  if (rows.length > 0) await tx.insert(favourites).values(rows);
}

/** Reviews and favourites of the demo (called by demo.ts inside its transaction). */
export async function seedReviewsAndFavourites(tx: DbOrTx) {
  await seedDemoReviews(tx);
  await seedDemoFavourites(tx);
}
