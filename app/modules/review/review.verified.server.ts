/**
 * "Verified" reviews: the author redeemed a voucher at the merchant. The answer is stored on the review each time
 * it is saved (reviews.verified), so lists never ask per row.
 */
import { and, eq, isNotNull } from "drizzle-orm";
import { promotions, vouchers } from "@db/schema";
import type { DbOrTx } from "~/lib/db/db.server";

/** Whether `userId` redeemed a voucher of one of `merchantId`'s promotions at the counter. */
export async function isVerifiedReviewer(db: DbOrTx, userId: string, merchantId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: vouchers.id })
    .from(vouchers)
    .innerJoin(promotions, eq(promotions.id, vouchers.promotionId))
    .where(and(eq(vouchers.userId, userId), eq(promotions.merchantId, merchantId), isNotNull(vouchers.redeemedAt)))
    .limit(1);
  return !!row;
}
