/** Subscriptions: list with the user's email, newest first; admin only. */
import { authorize } from "~/lib/auth/authorize";
import type { SubscriptionStatus, SubscriptionTier } from "@db/schema/enums";
import { count, desc, eq } from "drizzle-orm";
import { subscriptions, users } from "@db/schema";
import type { Actor } from "~/lib/auth/auth.server";
import type { CrudCommands } from "~/lib/forms/crud.server";
import { getDb } from "~/lib/db/db.server";
import { NotFoundError } from "~/lib/http/errors";
import { type ListQuery, type Page, paging, searchWhere } from "~/lib/forms/list.server";
import { recordEvent } from "~/modules/log/index.server";
import { assertUserId } from "~/modules/user/index.server";
import { can } from "./subscription.policy";
import { type SubscriptionInput, subscriptionSchema } from "./subscription.schema";

/** A subscription with its user's email; tier and status are checked by the table's constraints. */
export type SubscriptionRow = Omit<typeof subscriptions.$inferSelect, "tier" | "status"> & {
  tier: SubscriptionTier;
  status: SubscriptionStatus;
  userEmail: string | null;
};

/** The admin panel's subscription commands (lib/forms/crud.server.ts). */
export function subscriptionCommands(actor: Actor): CrudCommands<SubscriptionInput> {
  return {
    idKind: "uuid",
    create: { schema: subscriptionSchema, run: (input) => createSubscription(actor, input) },
    update: { schema: subscriptionSchema, run: (id, input) => updateSubscription(actor, id, input) },
    remove: (id) => deleteSubscription(actor, id),
  };
}

export async function listSubscriptions(actor: Actor | null, query: ListQuery = {}): Promise<Page<SubscriptionRow>> {
  authorize(can, actor, "list");
  const db = await getDb();
  const where = searchWhere(query.q, [users.email, subscriptions.tier, subscriptions.status]);
  const { limit, offset } = paging({ pageSize: 50, ...query });
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: subscriptions.id,
        userId: subscriptions.userId,
        tier: subscriptions.tier,
        status: subscriptions.status,
        startDate: subscriptions.startDate,
        endDate: subscriptions.endDate,
        paymentCustomerId: subscriptions.paymentCustomerId,
        paymentSubscriptionId: subscriptions.paymentSubscriptionId,
        monthlyPriceCents: subscriptions.monthlyPriceCents,
        createdAt: subscriptions.createdAt,
        userEmail: users.email,
      })
      .from(subscriptions)
      .leftJoin(users, eq(users.id, subscriptions.userId))
      .where(where)
      .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(subscriptions).leftJoin(users, eq(users.id, subscriptions.userId)).where(where),
  ]);
  return {
    rows: rows.map((r) => ({ ...r, tier: r.tier as SubscriptionTier, status: r.status as SubscriptionStatus })),
    total,
  };
}

const values = (input: SubscriptionInput) => ({
  userId: input.user_id,
  tier: input.tier,
  status: input.status,
  startDate: input.start_date,
  endDate: input.end_date,
  paymentCustomerId: input.payment_customer_id,
  paymentSubscriptionId: input.payment_subscription_id,
  monthlyPriceCents: input.monthly_price ?? 0,
});

export async function createSubscription(actor: Actor | null, input: SubscriptionInput) {
  authorize(can, actor, "create");
  await assertUserId(input.user_id);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(subscriptions).values(values(input)).returning();
    await recordEvent(
      {
        userId: actor.id,
        eventType: "subscription.created",
        description: `${actor.email} created a ${row.tier} subscription (${row.status})`,
        metadata: { subscriptionId: row.id, userId: row.userId, tier: row.tier, status: row.status },
      },
      tx,
    );
    return row;
  });
}

export async function updateSubscription(actor: Actor | null, id: string, input: SubscriptionInput) {
  authorize(can, actor, "update");
  await assertUserId(input.user_id);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).limit(1);
    if (!current) throw new NotFoundError();
    const next = values(input);
    const changed = (Object.keys(next) as (keyof typeof next)[]).filter((k) => current[k] !== next[k]);
    const [row] = await tx.update(subscriptions).set(next).where(eq(subscriptions.id, id)).returning();
    await recordEvent(
      {
        userId: actor.id,
        eventType: "subscription.updated",
        description: `${actor.email} updated a subscription (${row.tier}, ${row.status})`,
        metadata: { subscriptionId: id, userId: row.userId, changed },
      },
      tx,
    );
    return row;
  });
}

export async function deleteSubscription(actor: Actor | null, id: string) {
  authorize(can, actor, "delete");
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(subscriptions).where(eq(subscriptions.id, id)).returning();
    if (!row) throw new NotFoundError();
    await recordEvent(
      {
        userId: actor.id,
        eventType: "subscription.deleted",
        description: `${actor.email} deleted a ${row.tier} subscription`,
        metadata: { subscriptionId: id, userId: row.userId },
      },
      tx,
    );
  });
}
