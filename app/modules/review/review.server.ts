/**
 * Reviews, public side: the rating summary of a merchant, its published reviews, and the signed-in user's own
 * commands (write or edit their one review, delete it, flag someone else's) and the merchant's one answer.
 * Hidden reviews count nowhere and are shown to their author only.
 */
import { and, avg, count, desc, eq, isNull, sql } from "drizzle-orm";
import { merchants, reviewFlags, reviews, users } from "@db/schema";
import type { Actor } from "~/lib/auth/auth.server";
import { authorize } from "~/lib/auth/authorize";
import { type DbOrTx, getDb } from "~/lib/db/db.server";
import { isTextId, isUuid } from "~/lib/db/query";
import { ForbiddenError, NotFoundError, ValidationError } from "~/lib/http/errors";
import { recordEvent } from "~/modules/log/index.server";
import { can, isOwnBusiness } from "./review.policy";
import type { AnswerInput, ReviewInput } from "./review.schema";
import { isVerifiedReviewer } from "./review.verified.server";

/** Three flags by different users hide a review until an administrator decides. */
const AUTO_HIDE_FLAGS = 3;
const LIST_LIMIT = 50;

import type { MerchantReviews, PublicReview, RatingSummary } from "./review.types";

const published = (merchantId: string) => and(eq(reviews.merchantId, merchantId), eq(reviews.status, "published"));

/** The average (one decimal) and number of a merchant's published reviews; no reviews: a null average. */
export async function ratingSummary(merchantId: string, db?: DbOrTx): Promise<RatingSummary> {
  if (!isTextId(merchantId)) return { average: null, count: 0 };
  const handle = db ?? (await getDb());
  const [row] = await handle
    .select({ n: count(), mean: avg(reviews.rating) })
    .from(reviews)
    .where(published(merchantId));
  const n = Number(row?.n ?? 0);
  return { count: n, average: n > 0 ? Math.round(Number(row.mean) * 10) / 10 : null };
}

const publicColumns = {
  id: reviews.id,
  rating: reviews.rating,
  body: reviews.body,
  verified: reviews.verified,
  status: reviews.status,
  authorName: users.name,
  userId: reviews.userId,
  createdAt: reviews.createdAt,
  updatedAt: reviews.updatedAt,
  answer: reviews.answer,
  answeredAt: reviews.answeredAt,
};

type Row = {
  id: string;
  rating: number;
  body: string | null;
  verified: boolean;
  status: string;
  authorName: string;
  userId: string;
  createdAt: Date;
  updatedAt: Date;
  answer: string | null;
  answeredAt: Date | null;
};

const toPublic = (r: Row): PublicReview => ({
  id: r.id,
  rating: r.rating,
  body: r.body,
  verified: r.verified,
  authorName: r.authorName,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
  answer: r.answer,
  answeredAt: r.answeredAt?.toISOString() ?? null,
});

/** A merchant page's reviews: the summary, the newest published reviews and the reader's own review. */
export async function merchantReviews(actor: Actor | null, merchantId: string): Promise<MerchantReviews> {
  const db = await getDb();
  const [summary, rows, mineRows, flaggedRows] = await Promise.all([
    ratingSummary(merchantId, db),
    db
      .select(publicColumns)
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.userId))
      .where(published(merchantId))
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(LIST_LIMIT),
    actor
      ? db
          .select(publicColumns)
          .from(reviews)
          .innerJoin(users, eq(users.id, reviews.userId))
          .where(and(eq(reviews.merchantId, merchantId), eq(reviews.userId, actor.id)))
          .limit(1)
      : Promise.resolve([] as Row[]),
    actor
      ? db
          .select({ id: reviewFlags.reviewId })
          .from(reviewFlags)
          .innerJoin(reviews, eq(reviews.id, reviewFlags.reviewId))
          .where(and(eq(reviewFlags.userId, actor.id), eq(reviews.merchantId, merchantId)))
      : Promise.resolve([] as { id: string }[]),
  ]);
  const flagged = new Set(flaggedRows.map((f) => f.id));
  const mine = mineRows[0] ? { ...toPublic(mineRows[0]), hidden: mineRows[0].status === "hidden" } : null;
  return {
    summary,
    reviews: rows.map((r) => ({ ...toPublic(r), flagged: flagged.has(r.id) })),
    mine,
    canWrite: !!actor && can(actor, "write", { merchantId }),
    canAnswer: !!actor && can(actor, "answer", { merchantId }),
  };
}

async function requireMerchant(db: DbOrTx, merchantId: string) {
  if (!isTextId(merchantId)) throw new NotFoundError();
  const [m] = await db
    .select({ id: merchants.id, name: merchants.businessName })
    .from(merchants)
    .where(eq(merchants.id, merchantId))
    .limit(1);
  if (!m) throw new NotFoundError();
  return m;
}

/**
 * Writes the actor's review of a merchant, or edits it when they already wrote one (one per merchant): the
 * rating and text are replaced, the merchant's answer and the moderation state stay.
 */
export async function saveReview(
  actor: Actor | null,
  merchantId: string,
  input: ReviewInput,
): Promise<{ created: boolean }> {
  authorize(can, actor, "write");
  const db = await getDb();
  return db.transaction(async (tx) => {
    await requireMerchant(tx, merchantId);
    if (isOwnBusiness(actor, merchantId)) throw new ValidationError("site:reviews.errors.ownBusiness");
    const verified = await isVerifiedReviewer(tx, actor.id, merchantId);
    const now = new Date();
    const [row] = await tx
      .insert(reviews)
      .values({ merchantId, userId: actor.id, rating: input.rating, body: input.body, verified })
      .onConflictDoUpdate({
        target: [reviews.merchantId, reviews.userId],
        set: { rating: input.rating, body: input.body, verified, updatedAt: now },
      })
      .returning({ createdAt: reviews.createdAt, updatedAt: reviews.updatedAt, id: reviews.id });
    // A fresh row's two timestamps are the insert's own; an edit moved updated_at on.
    return { created: row.createdAt.getTime() === row.updatedAt.getTime() };
  });
}

/** Deletes the actor's own review of a merchant (with its answer and flags). */
export async function deleteOwnReview(actor: Actor | null, merchantId: string): Promise<void> {
  if (!actor) throw new ForbiddenError();
  if (!isTextId(merchantId)) throw new NotFoundError();
  const db = await getDb();
  const [row] = await db
    .select({ id: reviews.id, userId: reviews.userId })
    .from(reviews)
    .where(and(eq(reviews.merchantId, merchantId), eq(reviews.userId, actor.id)))
    .limit(1);
  if (!row) throw new NotFoundError();
  authorize(can, actor, "edit", row);
  await db.delete(reviews).where(eq(reviews.id, row.id));
}

async function reviewById(db: DbOrTx, id: string) {
  if (!isUuid(id)) throw new NotFoundError();
  const [row] = await db.select().from(reviews).where(eq(reviews.id, id)).limit(1);
  if (!row) throw new NotFoundError();
  return row;
}

/** The merchant's one public answer to a published review of their business; it cannot be changed afterwards. */
export async function answerReview(actor: Actor | null, reviewId: string, input: AnswerInput): Promise<void> {
  authorize(can, actor, "answer");
  const db = await getDb();
  const row = await reviewById(db, reviewId);
  if (!can(actor, "answer", row) || row.status !== "published") throw new NotFoundError();
  if (row.answer !== null) throw new ValidationError("site:reviews.errors.alreadyAnswered");
  const [updated] = await db
    .update(reviews)
    .set({ answer: input.answer, answeredAt: new Date() })
    .where(and(eq(reviews.id, reviewId), isNull(reviews.answer)))
    .returning({ id: reviews.id });
  if (!updated) throw new ValidationError("site:reviews.errors.alreadyAnswered");
}

/**
 * The actor flags someone else's review as inappropriate (once per review): it joins the administrators' queue,
 * and the third flag hides it until they decide. Both are in the audit log.
 */
export async function flagReview(actor: Actor | null, reviewId: string): Promise<{ hidden: boolean }> {
  authorize(can, actor, "flag");
  const db = await getDb();
  return db.transaction(async (tx) => {
    const row = await reviewById(tx, reviewId);
    if (!can(actor, "flag", row)) throw new ValidationError("site:reviews.errors.ownFlag");
    if (row.status !== "published") throw new NotFoundError();
    const inserted = await tx
      .insert(reviewFlags)
      .values({ reviewId, userId: actor.id })
      .onConflictDoNothing()
      .returning({ reviewId: reviewFlags.reviewId });
    if (inserted.length === 0) return { hidden: false };
    const [after] = await tx
      .update(reviews)
      .set({
        flagCount: sql`${reviews.flagCount} + 1`,
        status: sql`case when ${reviews.flagCount} + 1 >= ${AUTO_HIDE_FLAGS} then 'hidden' else ${reviews.status} end`,
      })
      .where(eq(reviews.id, reviewId))
      .returning({ status: reviews.status, flagCount: reviews.flagCount });
    const hidden = after.status === "hidden";
    await recordEvent(
      {
        userId: actor.id,
        eventType: hidden ? "review.auto_hidden" : "review.flagged",
        description: hidden
          ? `${actor.email} flagged a review, which is hidden until moderated`
          : `${actor.email} flagged a review`,
        metadata: { reviewId, merchantId: row.merchantId, flags: after.flagCount },
      },
      tx,
    );
    return { hidden };
  });
}
