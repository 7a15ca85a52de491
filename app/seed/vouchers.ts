/**
 * Demo vouchers, applied after demo.ts has written its promotions and residents: a stock on some deals (one
 * without a limit), vouchers claimed by demo residents over the last days, some of them already redeemed at the
 * counter, and vouchers of expired deals that expired with them.
 */
import crypto from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import { promotions, users, vouchers } from "@db/schema";
import type { DbOrTx } from "~/lib/db/db.server";
import { CODE_ALPHABET } from "~/modules/voucher";

const STOCKS = [100, 50, 25, null, 40, 200, 30, 60];
const HOUR = 3_600_000;

const code = () => [...crypto.randomBytes(8)].map((b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join("");

export async function seedDemoVouchers(tx: DbOrTx): Promise<void> {
  const residents = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, "user"))
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(12);
  // The newest current deals and the newest expired ones.
  const current = await tx
    .select({ id: promotions.id })
    .from(promotions)
    .where(sql`${promotions.validUntil} >= current_date`)
    .orderBy(asc(promotions.createdAt), asc(promotions.id))
    .limit(STOCKS.length);
  const expired = await tx
    .select({ id: promotions.id })
    .from(promotions)
    .where(sql`${promotions.validUntil} < current_date`)
    .orderBy(asc(promotions.createdAt), asc(promotions.id))
    .limit(2);
  const now = Date.now();
  const rows: (typeof vouchers.$inferInsert)[] = [];
  current.forEach((deal, i) => {
    // Claims of this deal: a few residents each, fewer than its stock; about half already redeemed.
    const claims = residents.slice(i % 3, (i % 3) + 3 + (i % 4));
    claims.forEach((r, j) => {
      const claimedAt = new Date(now - (i * 7 + j * 5 + 2) * HOUR);
      rows.push({
        promotionId: deal.id,
        userId: r.id,
        code: code(),
        claimedAt,
        redeemedAt: j % 2 === 0 ? new Date(claimedAt.getTime() + (j + 1) * HOUR) : null,
      });
    });
  });
  for (const [i, deal] of expired.entries()) {
    for (const r of residents.slice(i, i + 2)) {
      rows.push({ promotionId: deal.id, userId: r.id, code: code(), claimedAt: new Date(now - (20 + i) * 24 * HOUR) });
    }
  }
  for (const [i, deal] of current.entries()) {
    const stock = STOCKS[i];
    await tx
      .update(promotions)
      .set({ voucherStock: stock, voucherLimit: stock && stock >= 50 ? 2 : 1 })
      .where(eq(promotions.id, deal.id));
  }
  if (rows.length > 0) await tx.insert(vouchers).values(rows);
}
