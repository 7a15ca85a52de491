/**
 * Reviews of merchants on a real database: one per user and merchant (a second save edits it), the rating
 * summary, bad input refused with a translated message and nothing stored, the merchant's one answer,
 * flag-and-hide moderation with its audit entries, and the data export and account deletion.
 */
import { and, eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { platformEventLogs, reviewFlags, reviews } from "@db/schema";
import { getDb } from "~/lib/db/db.server";
import { ForbiddenError, NotFoundError } from "~/lib/http/errors";
import { serverT } from "~/lib/i18n/locale.server";
import { drainJobs } from "~/lib/jobs/jobs.server";
import "~/jobs.server";
import { collectUserData } from "~/modules/privacy/collect.server";
import { deleteOwnAccount } from "~/modules/privacy/privacy.server";
import { withAggregateRating } from "~/modules/review";
import { deleteReviewAsAdmin, listReviewsForAdmin, moderateReview } from "~/modules/review/review.admin.server";
import { answerReview, flagReview, merchantReviews, ratingSummary, saveReview } from "~/modules/review/review.server";
import { isVerifiedReviewer } from "~/modules/review/review.verified.server";
import { action as adminReviewsAction } from "~/routes/admin/reviews";
import { action as reviewsAction } from "~/routes/api/reviews";
import { loader as merchantLoader } from "~/routes/site/merchant-detail";
import { FACTORY_PASSWORD, actorFor, makeMunicipality, makeUser } from "../factories";
import { makeMerchant, makePromotion } from "./public-helpers";
import { claimVoucher, redeemVoucher } from "~/modules/voucher/voucher.server";

type Actor = Awaited<ReturnType<typeof actorFor>>;
const contextFor = (actor: Actor | null) =>
  ({
    requestId: "test",
    nonce: "n",
    locale: "en",
    localeChosen: false,
    t: serverT("en"),
    ip: "127.0.0.1",
    getActor: async () => actor,
  }) as unknown as AppLoadContext;

const post = (merchantId: string, body: Record<string, string>) =>
  new Request(`http://localhost/reviews/${merchantId}`, { method: "POST", body: new URLSearchParams(body) });

/** The route's answer: status and body, whether it returned or threw (a redirect is a Response). */
async function send(actor: Actor | null, merchantId: string, body: Record<string, string>) {
  try {
    const r = (await reviewsAction({
      request: post(merchantId, body),
      context: contextFor(actor),
      params: { merchantId },
    } as never)) as { init?: { status?: number }; data?: unknown } | Record<string, unknown>;
    if (r && typeof r === "object" && "init" in r && "data" in r)
      return {
        status: (r.init as { status?: number } | undefined)?.status ?? 200,
        body: r.data as Record<string, unknown>,
      };
    return { status: 200, body: r as Record<string, unknown> };
  } catch (thrown) {
    if (thrown instanceof Response)
      return { status: thrown.status, body: { location: thrown.headers.get("location") } };
    throw thrown;
  }
}

async function setup() {
  const town = await makeMunicipality();
  const merchant = await makeMerchant(town.id);
  const merchantActor = await actorFor({ id: merchant.id });
  const resident = await actorFor(await makeUser("user", { municipalityId: town.id }));
  return { town, merchant, merchantActor, resident };
}

const rowsOf = async (merchantId: string) => {
  const db = await getDb();
  return db.select().from(reviews).where(eq(reviews.merchantId, merchantId));
};

describe("writing a review", () => {
  it("stores one review per resident and merchant; a second save edits it; the average and count are real", async () => {
    const { merchant, resident } = await setup();
    const other = await actorFor(await makeUser("user"));
    expect(await ratingSummary(merchant.id)).toEqual({ average: null, count: 0 });

    expect(await send(resident, merchant.id, { intent: "save", rating: "4", body: "Good bread" })).toMatchObject({
      status: 200,
      body: { ok: true, message: "site:reviews.saved" },
    });
    expect(await send(resident, merchant.id, { intent: "save", rating: "5", body: "Even better" })).toMatchObject({
      status: 200,
      body: { ok: true, message: "site:reviews.updated" },
    });
    await saveReview(other, merchant.id, { rating: 2, body: null });
    const rows = await rowsOf(merchant.id);
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.userId === resident.id)).toMatchObject({ rating: 5, body: "Even better" });
    expect(await ratingSummary(merchant.id)).toEqual({ average: 3.5, count: 2 });

    const page = await merchantReviews(resident, merchant.id);
    expect(page.mine).toMatchObject({ rating: 5, body: "Even better", hidden: false });
    expect(page.canWrite).toBe(true);
    expect(page.canAnswer).toBe(false);
    expect(page.reviews).toHaveLength(2);

    // The merchant page's loader carries them, and its JSON-LD has the AggregateRating.
    const loaded = (await merchantLoader({
      request: new Request(`http://localhost/merchants/${merchant.id}`),
      context: contextFor(null),
      params: { merchantId: merchant.id },
    } as never)) as { reviews: { summary: unknown }; meta: { jsonLd: Record<string, unknown> } };
    expect(loaded.reviews.summary).toEqual({ average: 3.5, count: 2 });
    expect(loaded.meta.jsonLd.aggregateRating).toMatchObject({
      "@type": "AggregateRating",
      ratingValue: "3.5",
      reviewCount: 2,
    });

    // Deleting it removes it from the average.
    expect(await send(resident, merchant.id, { intent: "delete" })).toMatchObject({ body: { ok: true } });
    expect(await ratingSummary(merchant.id)).toEqual({ average: 2, count: 1 });
    expect(await send(resident, merchant.id, { intent: "delete" })).toMatchObject({ status: 404 });
  });

  it("refuses bad input with a translated message and stores nothing", async () => {
    const { merchant, merchantActor, resident } = await setup();
    for (const rating of ["0", "6", "five", "", "4.5", "-1"]) {
      const res = await send(resident, merchant.id, { intent: "save", rating, body: "x" });
      expect(res.status, rating).toBe(400);
      expect(res.body.fieldErrors).toMatchObject({ rating: "site:reviews.errors.rating" });
    }
    const long = await send(resident, merchant.id, { intent: "save", rating: "3", body: "a".repeat(10_000) });
    expect(long).toMatchObject({ status: 400, body: { fieldErrors: { body: "site:reviews.errors.tooLong" } } });
    const own = await send(merchantActor, merchant.id, { intent: "save", rating: "5", body: "Best shop ever" });
    expect(own).toMatchObject({ status: 400, body: { formError: "site:reviews.errors.ownBusiness" } });
    expect(await rowsOf(merchant.id)).toEqual([]);
    // Every message exists in the three languages.
    for (const locale of ["en", "nl", "fr"] as const) {
      for (const key of [
        "site:reviews.errors.rating",
        "site:reviews.errors.tooLong",
        "site:reviews.errors.ownBusiness",
      ]) {
        expect(serverT(locale)(key as never)).not.toBe(key.split(":")[1]);
      }
    }
    // A guest is sent to sign in; an unknown merchant is a 404.
    expect(await send(null, merchant.id, { intent: "save", rating: "5" })).toMatchObject({ status: 302 });
    expect(await send(resident, "no-such-merchant", { intent: "save", rating: "5" })).toMatchObject({ status: 404 });
    expect(await send(resident, merchant.id, { intent: "nonsense" })).toMatchObject({ status: 400 });
  });

  it("keeps HTML as text", async () => {
    const { merchant, resident } = await setup();
    const html = `<script>alert(1)</script><b>bold</b>`;
    await send(resident, merchant.id, { intent: "save", rating: "3", body: html });
    const page = await merchantReviews(null, merchant.id);
    expect(page.reviews[0].body).toBe(html);
  });

  it("is verified once the author redeemed a voucher of that merchant (claimed is not enough)", async () => {
    const { town, merchant, merchantActor, resident } = await setup();
    const db = await getDb();
    expect(await isVerifiedReviewer(db, resident.id, merchant.id)).toBe(false);
    await saveReview(resident, merchant.id, { rating: 4, body: null });
    expect((await rowsOf(merchant.id))[0].verified).toBe(false);

    const deal = await makePromotion(merchant.id, town.id);
    const voucher = await claimVoucher(resident, deal.id);
    expect(await isVerifiedReviewer(db, resident.id, merchant.id)).toBe(false);
    // A voucher redeemed at another merchant does not count for this one.
    const elsewhere = await makeMerchant(town.id);
    const otherDeal = await makePromotion(elsewhere.id, town.id);
    await redeemVoucher(await actorFor({ id: elsewhere.id }), (await claimVoucher(resident, otherDeal.id)).code);
    expect(await isVerifiedReviewer(db, resident.id, merchant.id)).toBe(false);

    await redeemVoucher(merchantActor, voucher.code);
    expect(await isVerifiedReviewer(db, resident.id, merchant.id)).toBe(true);
    await saveReview(resident, merchant.id, { rating: 5, body: null });
    expect((await rowsOf(merchant.id))[0].verified).toBe(true);
  });
});

describe("the merchant's answer", () => {
  it("is given once, by the merchant reviewed only, and is shown as text", async () => {
    const { town, merchant, merchantActor, resident } = await setup();
    const otherMerchant = await actorFor({ id: (await makeMerchant(town.id)).id });
    await saveReview(resident, merchant.id, { rating: 4, body: "Nice" });
    const [row] = await rowsOf(merchant.id);

    expect(await send(otherMerchant, merchant.id, { intent: "answer", id: row.id, answer: "Hi" })).toMatchObject({
      status: 404,
    });
    await expect(answerReview(resident, row.id, { answer: "Me too" })).rejects.toBeInstanceOf(ForbiddenError);
    expect(await send(merchantActor, merchant.id, { intent: "answer", id: row.id, answer: "  " })).toMatchObject({
      status: 400,
      body: { fieldErrors: { answer: "site:reviews.errors.answerRequired" } },
    });
    expect(
      await send(merchantActor, merchant.id, { intent: "answer", id: row.id, answer: "x".repeat(1001) }),
    ).toMatchObject({ status: 400, body: { fieldErrors: { answer: "site:reviews.errors.answerTooLong" } } });
    expect(
      await send(merchantActor, merchant.id, { intent: "answer", id: row.id, answer: "<i>Thank you</i>" }),
    ).toMatchObject({ status: 200, body: { ok: true, message: "site:reviews.answered" } });
    expect(await send(merchantActor, merchant.id, { intent: "answer", id: row.id, answer: "Again" })).toMatchObject({
      status: 400,
      body: { formError: "site:reviews.errors.alreadyAnswered" },
    });
    const page = await merchantReviews(merchantActor, merchant.id);
    expect(page.canAnswer).toBe(true);
    expect(page.canWrite).toBe(false);
    expect(page.reviews[0].answer).toBe("<i>Thank you</i>");
    // Editing the review keeps the answer.
    await saveReview(resident, merchant.id, { rating: 3, body: "Still nice" });
    expect((await rowsOf(merchant.id))[0].answer).toBe("<i>Thank you</i>");
  });
});

describe("moderation (flag-and-hide)", () => {
  it("flags put a review in the queue, three hide it; the administrator publishes, hides or deletes, with audit entries", async () => {
    const { merchant, merchantActor, resident } = await setup();
    const admin = await actorFor(await makeUser("admin"));
    const flaggers = await Promise.all([1, 2].map(async () => actorFor(await makeUser("user"))));
    await saveReview(resident, merchant.id, { rating: 1, body: "Rude staff" });
    const [row] = await rowsOf(merchant.id);

    // One's own review cannot be flagged; a second flag by the same user counts once.
    expect(await send(resident, merchant.id, { intent: "flag", id: row.id })).toMatchObject({
      status: 400,
      body: { formError: "site:reviews.errors.ownFlag" },
    });
    expect(await flagReview(merchantActor, row.id)).toEqual({ hidden: false });
    expect(await flagReview(merchantActor, row.id)).toEqual({ hidden: false });
    expect(await flagReview(flaggers[0], row.id)).toEqual({ hidden: false });
    expect((await rowsOf(merchant.id))[0]).toMatchObject({ flagCount: 2, status: "published" });
    const queue = await listReviewsForAdmin(admin);
    expect(queue.rows[0]).toMatchObject({ id: row.id, flagCount: 2 });

    expect(await send(flaggers[1], merchant.id, { intent: "flag", id: row.id })).toMatchObject({
      body: { ok: true, message: "site:reviews.flagHidden" },
    });
    expect((await rowsOf(merchant.id))[0]).toMatchObject({ flagCount: 3, status: "hidden" });
    // Hidden: out of the average and the list, still shown to its author.
    expect(await ratingSummary(merchant.id)).toEqual({ average: null, count: 0 });
    expect((await merchantReviews(null, merchant.id)).reviews).toEqual([]);
    expect((await merchantReviews(resident, merchant.id)).mine).toMatchObject({ hidden: true });
    // Nobody but an administrator moderates.
    await expect(moderateReview(resident, row.id, "publish")).rejects.toBeInstanceOf(ForbiddenError);
    await expect(listReviewsForAdmin(merchantActor)).rejects.toBeInstanceOf(ForbiddenError);

    await moderateReview(admin, row.id, "publish");
    expect((await rowsOf(merchant.id))[0]).toMatchObject({ flagCount: 0, status: "published" });
    const db = await getDb();
    expect(await db.select().from(reviewFlags).where(eq(reviewFlags.reviewId, row.id))).toEqual([]);
    expect(await ratingSummary(merchant.id)).toEqual({ average: 1, count: 1 });
    await moderateReview(admin, row.id, "hide");
    expect(await ratingSummary(merchant.id)).toEqual({ average: null, count: 0 });
    await deleteReviewAsAdmin(admin, row.id);
    await expect(deleteReviewAsAdmin(admin, row.id)).rejects.toBeInstanceOf(NotFoundError);

    const logged = await db
      .select({ eventType: platformEventLogs.eventType })
      .from(platformEventLogs)
      .where(eq(platformEventLogs.userId, admin.id));
    expect(logged.map((l) => l.eventType).sort()).toEqual(["review.deleted", "review.hidden", "review.published"]);
    const flaggedLog = await db
      .select({ eventType: platformEventLogs.eventType })
      .from(platformEventLogs)
      .where(and(eq(platformEventLogs.userId, flaggers[1].id), eq(platformEventLogs.eventType, "review.auto_hidden")));
    expect(flaggedLog).toHaveLength(1);
  });
});

describe("the admin screen", () => {
  it("hides and publishes through its form, for administrators only", async () => {
    const { merchant, resident } = await setup();
    const admin = await actorFor(await makeUser("admin"));
    await saveReview(resident, merchant.id, { rating: 2, body: "Meh" });
    const [row] = await rowsOf(merchant.id);
    const submit = async (who: Actor, intent: string) => {
      try {
        return await adminReviewsAction({
          request: new Request("http://localhost/admin/reviews", {
            method: "POST",
            body: new URLSearchParams({ intent, id: row.id }),
          }),
          context: contextFor(who),
          params: {},
        } as never);
      } catch (thrown) {
        return thrown;
      }
    };
    expect(await submit(admin, "hide")).toMatchObject({ ok: true, message: "admin:reviews.hidden" });
    expect((await rowsOf(merchant.id))[0].status).toBe("hidden");
    expect(await submit(admin, "publish")).toMatchObject({ ok: true, message: "admin:reviews.published" });
    expect((await rowsOf(merchant.id))[0].status).toBe("published");
    // A resident is sent away before anything runs.
    const refused = (await submit(resident, "hide")) as Response;
    expect(refused.status).toBe(302);
    expect((await rowsOf(merchant.id))[0].status).toBe("published");
  });
});

describe("privacy", () => {
  it("exports the reviews and flags a user wrote, and deletes them with the account", async () => {
    const { merchant, merchantActor } = await setup();
    const user = await makeUser("user");
    const actor = await actorFor(user);
    await saveReview(actor, merchant.id, { rating: 5, body: "Lovely" });
    await saveReview(merchantActor, (await makeMerchant((await makeMunicipality()).id)).id, { rating: 4, body: null });
    const [row] = await rowsOf(merchant.id);
    await answerReview(merchantActor, row.id, { answer: "Thanks" });
    const other = await actorFor(await makeUser("user"));
    await saveReview(other, merchant.id, { rating: 3, body: null });
    const [otherRow] = (await rowsOf(merchant.id)).filter((r) => r.userId === other.id);
    await flagReview(actor, otherRow.id);

    const db = await getDb();
    const data = await collectUserData(db, user.id);
    expect(data?.reviews).toEqual([expect.objectContaining({ rating: 5, text: "Lovely", answer: "Thanks" })]);
    expect(data?.reviewFlags).toEqual([expect.objectContaining({ reviewId: otherRow.id })]);

    await deleteOwnAccount(actor, { currentPassword: FACTORY_PASSWORD, deleteReports: false });
    await drainJobs();
    expect(await db.select().from(reviews).where(eq(reviews.userId, user.id))).toEqual([]);
    expect(await db.select().from(reviewFlags).where(eq(reviewFlags.userId, user.id))).toEqual([]);
    expect(await ratingSummary(merchant.id)).toEqual({ average: 3, count: 1 });
  });
});

describe("JSON-LD", () => {
  it("has an AggregateRating only when there are reviews, on the business or the offer's seller", () => {
    const offer = { "@type": "Offer", seller: { "@type": "LocalBusiness", name: "Shop" } };
    expect(withAggregateRating(offer, { average: null, count: 0 })).toEqual(offer);
    expect(withAggregateRating(offer, { average: 4.5, count: 2 })).toMatchObject({
      seller: { aggregateRating: { ratingValue: "4.5", reviewCount: 2 } },
    });
    expect(withAggregateRating({ "@type": "LocalBusiness" }, { average: 4, count: 1 })).toMatchObject({
      aggregateRating: { ratingValue: "4.0", reviewCount: 1 },
    });
  });
});
