/**
 * Event commands and panel lists (SPEC §7 events) for the merchant and the admin panels. Public reads
 * live in event.queries.server.ts.
 *
 * Merchant path: merchant_id is the actor's id from the session and the municipality comes from the
 * merchant's record (SPEC §4); posted merchant_id, municipality_id and is_featured are ignored. A row of
 * another merchant is answered as not found, and nothing changes.
 */
import { and, count, desc, eq, ilike, or } from "drizzle-orm";
import { listTotal } from "~/lib/counts.server";
import { events, merchants } from "@db/schema";
import type { Actor } from "~/lib/auth.server";
import { type DbOrTx, getDb } from "~/lib/db.server";
import { ForbiddenError, NotFoundError, ValidationError } from "~/lib/errors";
import { recordEvent } from "../log/log.server";
import { MERCHANT_ID_NOT_FOUND, merchantRecordOf } from "../promotion/promotion.server";
import { can } from "./event.policy";
import { ADMIN_EVENT_REQUIRED, type AdminEventInput, type MerchantEventInput } from "./event.schema";
import { changedFields, isUuid, likePattern } from "~/lib/query";

export type EventRow = typeof events.$inferSelect;
export type EventListRow = EventRow & { businessName: string | null };
export type ListQuery = { q?: string; page?: number; pageSize: number; offset: number };

export const EVENT_NOT_FOUND = "merchant:events.errors.notFound";

const isAdmin = (actor: Actor | null): actor is Actor => actor?.role === "admin";
/** Merchants and administrators manage events at all; which rows is decided per row by the policy. */
const mayManage = (actor: Actor | null): actor is Actor => !!actor && can(actor, "list-own");

async function requireOwnMerchant(actor: Actor, db?: DbOrTx) {
  const record = await merchantRecordOf(actor.id, db);
  if (!record) throw new ForbiddenError(MERCHANT_ID_NOT_FOUND);
  return record;
}

function contentOf(input: MerchantEventInput) {
  return {
    title: input.title,
    description: input.description,
    imageUrl: input.image_url,
    venue: input.venue,
    time: input.time,
    price: input.price,
    startDate: input.start_date,
    attendees: input.attendees,
    category: input.category,
  };
}

function adminFields(input: MerchantEventInput | AdminEventInput) {
  const a = input as Partial<AdminEventInput>;
  if (!a.merchant_id) throw new ValidationError(ADMIN_EVENT_REQUIRED, { merchant_id: ADMIN_EVENT_REQUIRED });
  return { merchantId: a.merchant_id, isFeatured: a.is_featured === true };
}

/** The actor's own events, newest first (merchant panel). */
export async function listOwnEvents(actor: Actor | null): Promise<EventRow[]> {
  if (!mayManage(actor)) throw new ForbiddenError();
  const db = await getDb();
  await requireOwnMerchant(actor, db);
  return db
    .select()
    .from(events)
    .where(eq(events.merchantId, actor.id))
    .orderBy(desc(events.createdAt), desc(events.id));
}

/** Every event with its merchant's business name, newest first, searchable and paged (admin panel). */
export async function listAllEvents(
  actor: Actor | null,
  query: ListQuery,
): Promise<{ rows: EventListRow[]; total: number }> {
  if (!can(actor, "list-all")) throw new ForbiddenError();
  const db = await getDb();
  const q = query.q?.trim();
  const where = q
    ? or(
        ilike(events.title, likePattern(q)),
        ilike(events.venue, likePattern(q)),
        ilike(merchants.businessName, likePattern(q)),
      )
    : undefined;
  const [rows, total] = await Promise.all([
    db
      .select({ event: events, businessName: merchants.businessName })
      .from(events)
      .leftJoin(merchants, eq(merchants.id, events.merchantId))
      .where(where)
      .orderBy(desc(events.createdAt), desc(events.id))
      .limit(query.pageSize)
      .offset(query.offset),
    listTotal(db, "events", where, () =>
      db.select({ total: count() }).from(events).leftJoin(merchants, eq(merchants.id, events.merchantId)).where(where),
    ),
  ]);
  return { rows: rows.map((r) => ({ ...r.event, businessName: r.businessName })), total };
}

export async function createEvent(actor: Actor | null, input: MerchantEventInput | AdminEventInput): Promise<EventRow> {
  if (!actor || !can(actor, "create")) throw new ForbiddenError();
  const db = await getDb();
  return db.transaction(async (tx) => {
    let owner: { merchantId: string; municipalityId: string | null; isFeatured: boolean };
    if (isAdmin(actor)) {
      const fields = adminFields(input);
      const record = await merchantRecordOf(fields.merchantId, tx);
      if (!record) throw new ValidationError(ADMIN_EVENT_REQUIRED, { merchant_id: "validation.invalid" });
      owner = { ...fields, municipalityId: record.municipalityId };
    } else {
      // SPEC §4: the municipality comes from the merchant's own record; a merchant never features.
      const record = await requireOwnMerchant(actor, tx);
      owner = { merchantId: record.id, municipalityId: record.municipalityId, isFeatured: false };
    }
    const [row] = await tx
      .insert(events)
      .values({ ...contentOf(input), ...owner })
      .returning();
    await recordEvent(
      {
        userId: actor.id,
        eventType: "event.created",
        description: `Event "${row.title}" created`,
        metadata: { eventId: row.id, merchantId: row.merchantId, municipalityId: row.municipalityId },
      },
      tx,
    );
    return row;
  });
}

async function ownedRow(tx: DbOrTx, actor: Actor, id: string, action: "update" | "delete") {
  if (!isUuid(id)) throw new NotFoundError(EVENT_NOT_FOUND);
  const [row] = await tx.select().from(events).where(eq(events.id, id)).limit(1);
  if (!row || !can(actor, action, row)) throw new NotFoundError(EVENT_NOT_FOUND);
  return row;
}

export async function updateEvent(
  actor: Actor | null,
  id: string,
  input: MerchantEventInput | AdminEventInput,
): Promise<EventRow> {
  if (!mayManage(actor)) throw new ForbiddenError();
  const db = await getDb();
  return db.transaction(async (tx) => {
    if (!isAdmin(actor)) await requireOwnMerchant(actor, tx);
    const before = await ownedRow(tx, actor, id, "update");
    let values: Partial<typeof events.$inferInsert> = contentOf(input);
    if (isAdmin(actor)) {
      const fields = adminFields(input);
      const record = await merchantRecordOf(fields.merchantId, tx);
      if (!record) throw new ValidationError(ADMIN_EVENT_REQUIRED, { merchant_id: "validation.invalid" });
      values = { ...values, ...fields, municipalityId: record.municipalityId };
    }
    const [row] = await tx
      .update(events)
      .set(values)
      .where(and(eq(events.id, before.id), eq(events.merchantId, before.merchantId)))
      .returning();
    if (!row) throw new NotFoundError(EVENT_NOT_FOUND);
    await recordEvent(
      {
        userId: actor.id,
        eventType: "event.updated",
        description: `Event "${row.title}" updated`,
        metadata: {
          eventId: row.id,
          merchantId: row.merchantId,
          changed: changedFields(before as Record<string, unknown>, values as Record<string, unknown>),
        },
      },
      tx,
    );
    return row;
  });
}

export async function deleteEvent(actor: Actor | null, id: string): Promise<void> {
  if (!mayManage(actor)) throw new ForbiddenError();
  const db = await getDb();
  await db.transaction(async (tx) => {
    if (!isAdmin(actor)) await requireOwnMerchant(actor, tx);
    const before = await ownedRow(tx, actor, id, "delete");
    const [row] = await tx
      .delete(events)
      .where(and(eq(events.id, before.id), eq(events.merchantId, before.merchantId)))
      .returning({ id: events.id, title: events.title, merchantId: events.merchantId });
    if (!row) throw new NotFoundError(EVENT_NOT_FOUND);
    await recordEvent(
      {
        userId: actor.id,
        eventType: "event.deleted",
        description: `Event "${row.title}" deleted`,
        metadata: { eventId: row.id, merchantId: row.merchantId },
      },
      tx,
    );
  });
}
