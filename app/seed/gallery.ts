/**
 * Demo galleries and subscription prices. Some promotions and events get a few gallery pictures, drawn and
 * uploaded like the other demo pictures (seed/images.ts passes its upload step in), each with an alt text
 * saying what the picture really shows; subscriptions get a monthly price by tier, so the admin dashboard's
 * revenue is computed from seeded rows, not typed in.
 */
import { asc, eq } from "drizzle-orm";
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

/** Every third promotion gets 3 pictures, every fourth event 2. */
const PROMOTION_EVERY = 3;
const PROMOTION_PICTURES = 3;
const EVENT_EVERY = 4;
const EVENT_PICTURES = 2;

const alt = (n: number, colour: string) => `Demo picture ${n}: a ${colour} gradient with light circles`;

export async function seedDemoGalleries(tx: DbOrTx, upload: DemoUpload): Promise<number> {
  const promotionRows = await tx
    .select({ id: promotions.id, merchantId: promotions.merchantId })
    .from(promotions)
    .orderBy(asc(promotions.createdAt), asc(promotions.id));
  const eventRows = await tx
    .select({ id: events.id, merchantId: events.merchantId })
    .from(events)
    .orderBy(asc(events.createdAt), asc(events.id));
  const targets = [
    ...promotionRows
      .filter((_, i) => i % PROMOTION_EVERY === 0)
      .map((r) => ({ kind: "promotion" as const, ...r, pictures: PROMOTION_PICTURES })),
    ...eventRows
      .filter((_, i) => i % EVENT_EVERY === 0)
      .map((r) => ({ kind: "event" as const, ...r, pictures: EVENT_PICTURES })),
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
