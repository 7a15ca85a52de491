/**
 * A signed-in user's favourite promotions and events: the heart's on/off, the merge of a guest's hearts at
 * sign-in, and My favourites (expired promotions and past events are listed, marked as such).
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { events, favourites, municipalities, promotions } from "@db/schema";
import type { ContentLocale, Translations } from "@db/schema";
import type { Actor } from "~/lib/auth/auth.server";
import { authorize } from "~/lib/auth/authorize";
import { type DbOrTx, getDb } from "~/lib/db/db.server";
import { todayIso } from "~/lib/i18n/format";
import { type FavouriteRef, favouriteKey } from "./favourite.schema";
import { can } from "./favourite.policy";

const LIST_MAX = 500;

/** The keys ("promotion:<id>", "event:<id>") of the actor's favourites, for the hearts on the pages. */
export async function favouriteKeys(actor: Actor | null): Promise<string[]> {
  authorize(can, actor, "read-own");
  const db = await getDb();
  const rows = await db
    .select({ promotionId: favourites.promotionId, eventId: favourites.eventId })
    .from(favourites)
    .where(eq(favourites.userId, actor.id))
    .orderBy(desc(favourites.createdAt))
    .limit(LIST_MAX);
  return rows
    .map((r) => (r.promotionId ? `promotion:${r.promotionId}` : r.eventId ? `event:${r.eventId}` : ""))
    .filter(Boolean);
}

/** Inserts the refs that name an existing item and are not saved yet; returns how many were added. */
async function addAll(db: DbOrTx, userId: string, refs: FavouriteRef[]): Promise<number> {
  const promotionIds = [...new Set(refs.filter((r) => r.kind === "promotion").map((r) => r.id))];
  const eventIds = [...new Set(refs.filter((r) => r.kind === "event").map((r) => r.id))];
  let added = 0;
  if (promotionIds.length > 0) {
    const existing = await db
      .select({ id: promotions.id })
      .from(promotions)
      .where(inArray(promotions.id, promotionIds));
    if (existing.length > 0) {
      const rows = await db
        .insert(favourites)
        .values(existing.map((p) => ({ userId, promotionId: p.id })))
        .onConflictDoNothing()
        .returning({ id: favourites.id });
      added += rows.length;
    }
  }
  if (eventIds.length > 0) {
    const existing = await db.select({ id: events.id }).from(events).where(inArray(events.id, eventIds));
    if (existing.length > 0) {
      const rows = await db
        .insert(favourites)
        .values(existing.map((e) => ({ userId, eventId: e.id })))
        .onConflictDoNothing()
        .returning({ id: favourites.id });
      added += rows.length;
    }
  }
  return added;
}

/** The heart: saves the item to the account, or removes it. An item that does not exist is not saved. */
export async function setFavourite(actor: Actor | null, ref: FavouriteRef, on: boolean): Promise<void> {
  authorize(can, actor, "change-own");
  const db = await getDb();
  if (on) {
    await addAll(db, actor.id, [ref]);
    return;
  }
  await db
    .delete(favourites)
    .where(
      and(
        eq(favourites.userId, actor.id),
        ref.kind === "promotion" ? eq(favourites.promotionId, ref.id) : eq(favourites.eventId, ref.id),
      ),
    );
}

/** A guest's hearts join the account at sign-in (already saved ones and unknown items are skipped). */
export async function mergeFavourites(actor: Actor | null, refs: FavouriteRef[]): Promise<{ added: number }> {
  authorize(can, actor, "change-own");
  if (refs.length === 0) return { added: 0 };
  const db = await getDb();
  return { added: await db.transaction((tx) => addAll(tx, actor.id, refs)) };
}

type MyFavourite = {
  key: string;
  kind: "promotion" | "event";
  id: string;
  title: string;
  originalLocale: ContentLocale;
  translations: Translations;
  imageUrl: string | null;
  /** The promotion's last valid day or the event's day. */
  date: string;
  expired: boolean;
  municipalitySlug: string | null;
  savedAt: string;
};

/** My favourites: every saved promotion and event, newest saved first, expired ones marked. */
export async function listMyFavourites(actor: Actor | null): Promise<MyFavourite[]> {
  authorize(can, actor, "read-own");
  const db = await getDb();
  const today = todayIso();
  const [promos, evs] = await Promise.all([
    db
      .select({
        id: promotions.id,
        title: promotions.title,
        originalLocale: promotions.originalLocale,
        translations: promotions.translations,
        imageUrl: promotions.imageUrl,
        date: promotions.validUntil,
        expired: sql<boolean>`${promotions.validUntil} < ${today}::date`,
        municipalitySlug: municipalities.slug,
        savedAt: favourites.createdAt,
      })
      .from(favourites)
      .innerJoin(promotions, eq(promotions.id, favourites.promotionId))
      .leftJoin(municipalities, eq(municipalities.id, promotions.municipalityId))
      .where(eq(favourites.userId, actor.id))
      .limit(LIST_MAX),
    db
      .select({
        id: events.id,
        title: events.title,
        originalLocale: events.originalLocale,
        translations: events.translations,
        imageUrl: events.imageUrl,
        date: events.startDate,
        expired: sql<boolean>`${events.startDate} < ${today}::date`,
        municipalitySlug: municipalities.slug,
        savedAt: favourites.createdAt,
      })
      .from(favourites)
      .innerJoin(events, eq(events.id, favourites.eventId))
      .leftJoin(municipalities, eq(municipalities.id, events.municipalityId))
      .where(eq(favourites.userId, actor.id))
      .limit(LIST_MAX),
  ]);
  const shape =
    (kind: "promotion" | "event") =>
    (r: (typeof promos)[number]): MyFavourite => ({
      ...r,
      key: favouriteKey({ kind, id: r.id }),
      kind,
      expired: r.expired === true || String(r.expired) === "true",
      savedAt: r.savedAt.toISOString(),
    });
  return [...promos.map(shape("promotion")), ...evs.map(shape("event"))].sort((a, b) =>
    a.expired === b.expired ? b.savedAt.localeCompare(a.savedAt) : a.expired ? 1 : -1,
  );
}
