/**
 * Review moderation (flag-and-hide): reviews are public at once; flagged and hidden ones come first in the
 * administrators' list, where a review is published again (its flags cleared), hidden, or deleted. Every decision
 * is in the audit log.
 */
import { type SQL, and, count, desc, eq, ilike, or, sql } from "drizzle-orm";
import { merchants, reviewFlags, reviews, users } from "@db/schema";
import type { Actor } from "~/lib/auth/auth.server";
import { authorize } from "~/lib/auth/authorize";
import { getDb } from "~/lib/db/db.server";
import { isUuid, likePattern } from "~/lib/db/query";
import { NotFoundError, ValidationError } from "~/lib/http/errors";
import { type ListQuery, type Page, paging } from "~/lib/forms/list.server";
import { searchText } from "~/lib/search/search.server";
import { recordEvent } from "~/modules/log/index.server";
import { can } from "./review.policy";

export type AdminReviewRow = {
  id: string;
  rating: number;
  body: string | null;
  answer: string | null;
  status: string;
  flagCount: number;
  createdAt: Date;
  authorName: string;
  authorEmail: string;
  merchantId: string;
  merchantName: string;
};

function reviewSearch(text: string | undefined): SQL | undefined {
  const q = searchText(text);
  if (!q) return undefined;
  const p = likePattern(q);
  return or(
    ilike(reviews.body, p),
    ilike(users.name, p),
    ilike(users.email, p),
    ilike(merchants.businessName, p),
    q.toLowerCase() === "hidden" ? eq(reviews.status, "hidden") : undefined,
  );
}

/** Every review, the ones waiting for a decision (flagged or hidden) first, then the newest. */
export async function listReviewsForAdmin(actor: Actor | null, query: ListQuery = {}): Promise<Page<AdminReviewRow>> {
  authorize(can, actor, "moderate");
  const db = await getDb();
  const where = reviewSearch(query.q);
  const { limit, offset } = paging(query);
  const base = () =>
    db
      .select({ total: count() })
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.userId))
      .innerJoin(merchants, eq(merchants.id, reviews.merchantId))
      .where(where);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: reviews.id,
        rating: reviews.rating,
        body: reviews.body,
        answer: reviews.answer,
        status: reviews.status,
        flagCount: reviews.flagCount,
        createdAt: reviews.createdAt,
        authorName: users.name,
        authorEmail: users.email,
        merchantId: reviews.merchantId,
        merchantName: merchants.businessName,
      })
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.userId))
      .innerJoin(merchants, eq(merchants.id, reviews.merchantId))
      .where(where)
      .orderBy(
        desc(sql`(${reviews.flagCount} > 0 or ${reviews.status} = 'hidden')`),
        desc(reviews.createdAt),
        desc(reviews.id),
      )
      .limit(limit)
      .offset(offset),
    base(),
  ]);
  return { rows, total: Number(total) };
}

/**
 * An administrator's decision on a review: `publish` shows it again and clears its flags (they were looked at),
 * `hide` takes it off the merchant's page and out of the average.
 */
export async function moderateReview(actor: Actor | null, id: string, decision: "publish" | "hide"): Promise<void> {
  authorize(can, actor, "moderate");
  if (decision !== "publish" && decision !== "hide") throw new ValidationError("validation.invalid");
  if (!isUuid(id)) throw new NotFoundError();
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(reviews)
      .set({
        status: decision === "publish" ? "published" : "hidden",
        moderatedAt: new Date(),
        ...(decision === "publish" ? { flagCount: 0 } : {}),
      })
      .where(eq(reviews.id, id))
      .returning({ id: reviews.id, merchantId: reviews.merchantId, rating: reviews.rating });
    if (!row) throw new NotFoundError();
    if (decision === "publish") await tx.delete(reviewFlags).where(eq(reviewFlags.reviewId, id));
    await recordEvent(
      {
        userId: actor.id,
        eventType: decision === "publish" ? "review.published" : "review.hidden",
        description: `${actor.email} ${decision === "publish" ? "published" : "hid"} a ${row.rating}-star review`,
        metadata: { reviewId: id, merchantId: row.merchantId, decision },
      },
      tx,
    );
  });
}

/** Deletes a review in any state. */
export async function deleteReviewAsAdmin(actor: Actor | null, id: string): Promise<void> {
  authorize(can, actor, "moderate");
  if (!isUuid(id)) throw new NotFoundError();
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(reviews)
      .where(and(eq(reviews.id, id)))
      .returning({ merchantId: reviews.merchantId, rating: reviews.rating, status: reviews.status });
    if (!row) throw new NotFoundError();
    await recordEvent(
      {
        userId: actor.id,
        eventType: "review.deleted",
        description: `${actor.email} deleted a ${row.status} ${row.rating}-star review`,
        metadata: { reviewId: id, merchantId: row.merchantId },
      },
      tx,
    );
  });
}
