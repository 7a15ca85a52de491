/** Small builders for the public-site integration tests (real tables, no mocks). */
import { events, merchants, promotions, reports } from "@db/schema";
import { getDb } from "~/lib/db/db.server";
import { makeUser } from "../factories";

export const DAY = 86_400_000;
export const isoDay = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);

export async function makeMerchant(municipalityId: string, fields: Partial<typeof merchants.$inferInsert> = {}) {
  const user = await makeUser("merchant", { municipalityId });
  const db = await getDb();
  const { eq } = await import("drizzle-orm");
  const [row] = await db
    .update(merchants)
    .set({ municipalityId, ...fields })
    .where(eq(merchants.id, user.id))
    .returning();
  return row;
}

export async function makePromotion(
  merchantId: string,
  municipalityId: string,
  fields: Partial<typeof promotions.$inferInsert> = {},
) {
  const db = await getDb();
  const [row] = await db
    .insert(promotions)
    .values({ title: "Promo", merchantId, municipalityId, validUntil: isoDay(10), ...fields })
    .returning();
  return row;
}

export async function makeEvent(
  merchantId: string,
  municipalityId: string,
  fields: Partial<typeof events.$inferInsert> = {},
) {
  const db = await getDb();
  const [row] = await db
    .insert(events)
    .values({
      title: "Event",
      venue: "Town hall",
      category: "Music",
      startDate: isoDay(5),
      merchantId,
      municipalityId,
      ...fields,
    })
    .returning();
  return row;
}

export async function makeReport(
  reporterId: string | null,
  municipalityId: string,
  fields: Partial<typeof reports.$inferInsert> = {},
) {
  const db = await getDb();
  const [row] = await db
    .insert(reports)
    .values({ reporterId, municipalityId, type: "fire", description: "Smoke", status: "approved", ...fields })
    .returning();
  return row;
}
