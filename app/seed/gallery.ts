/**
 * Demo galleries and subscription prices. A few promotions and events get gallery pictures, drawn and
 * uploaded like the other demo pictures (seed/images.ts passes its upload step in), each with an alt text
 * saying what the picture really shows; subscriptions get a monthly price by tier, so the admin dashboard's
 * revenue is computed from seeded rows, not typed in.
 */
import { asc, eq, inArray } from "drizzle-orm";
import { events, galleryImages, type media, promotions } from "@db/schema";
import type { DbOrTx } from "~/lib/db/db.server";

/** What a demo subscription costs per month, in euro cents, by tier. */
export const DEMO_MONTHLY_PRICE_CENTS = { Free: 0, Basic: 1900, Premium: 4900, Enterprise: 14900 } as const;

/** Stores one demo picture for `key` as an upload linked as `link`; answers its address and the hue shown. */
type DemoUpload = (
  key: string,
  ownerId: string,
  link: Partial<typeof media.$inferInsert>,
) => Promise<{ url: string; colour: string }>;

/** The demo promotions and events (by title) that have a gallery, and how many pictures each. */
const GALLERIES: Record<string, number> = {
  "Sunday breakfast box for two": 3,
  "Lunch of the day": 2,
  "Praline box of 500 g": 3,
  "Bread baking workshop": 2,
  "Bike tour through De Teut": 2,
  "World food festival": 3,
  "Local painters exhibition": 2,
};

const alt = (n: number, colour: string) => `Demo picture ${n}: a ${colour} gradient with light circles`;

export async function seedDemoGalleries(tx: DbOrTx, upload: DemoUpload): Promise<number> {
  const titles = Object.keys(GALLERIES);
  const promotionRows = await tx
    .select({ id: promotions.id, merchantId: promotions.merchantId, title: promotions.title })
    .from(promotions)
    .where(inArray(promotions.title, titles))
    .orderBy(asc(promotions.id));
  const eventRows = await tx
    .select({ id: events.id, merchantId: events.merchantId, title: events.title })
    .from(events)
    .where(inArray(events.title, titles))
    .orderBy(asc(events.id));
  const targets = [
    ...promotionRows.map((r) => ({ kind: "promotion" as const, ...r, pictures: GALLERIES[r.title] })),
    ...eventRows.map((r) => ({ kind: "event" as const, ...r, pictures: GALLERIES[r.title] })),
  ];
  let count = 0;
  for (const target of targets) {
    for (let position = 0; position < target.pictures; position++) {
      const [row] = await tx
        .insert(galleryImages)
        .values({
          ...(target.kind === "promotion" ? { promotionId: target.id } : { eventId: target.id }),
          position,
          // Replaced by the upload's address just below (the picture row must exist for the upload to point at).
          url: "/",
          altText: "-",
        })
        .returning({ id: galleryImages.id });
      const picture = await upload(`gallery:${target.kind}:${target.id}:${position}`, target.merchantId, {
        galleryImageId: row.id,
      });
      await tx
        .update(galleryImages)
        .set({ url: picture.url, altText: alt(position + 1, picture.colour) })
        .where(eq(galleryImages.id, row.id));
      count++;
    }
  }
  return count;
}
