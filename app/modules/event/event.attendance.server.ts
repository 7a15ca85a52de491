/**
 * Registering for an event: a signed-in resident says they are coming (and may cancel while the event is not
 * over). The public page shows the real number of registrations; the organiser sees the count and the first
 * names of its own events' attendees, never addresses or full names.
 */
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import { eventAttendances, events, users } from "@db/schema";
import type { Actor } from "~/lib/auth/auth.server";
import { authorize } from "~/lib/auth/authorize";
import { touches } from "~/lib/cache/cache.server";
import { getDb } from "~/lib/db/db.server";
import { isUuid } from "~/lib/db/query";
import { NotFoundError, ValidationError } from "~/lib/http/errors";
import { todayIso } from "~/lib/i18n/format";
import { can, canAttend } from "./event.policy";

const ATTENDANCE_ERRORS = {
  already: "site:attendance.errors.already",
  notRegistered: "site:attendance.errors.notRegistered",
  over: "site:attendance.errors.over",
  residentsOnly: "site:attendance.errors.residentsOnly",
} as const;

/** The event of this municipality the actor acts on, or a 404; an event that is over takes no changes. */
async function openEvent(municipalityId: string, eventId: string) {
  if (!isUuid(eventId)) throw new NotFoundError();
  const db = await getDb();
  const [row] = await db
    .select({ id: events.id, startDate: events.startDate })
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.municipalityId, municipalityId)))
    .limit(1);
  if (!row) throw new NotFoundError();
  if (row.startDate < todayIso()) throw new ValidationError(ATTENDANCE_ERRORS.over);
  return { db, event: row };
}

function mayAttend(actor: Actor | null): asserts actor is Actor {
  if (actor && !canAttend(actor)) throw new ValidationError(ATTENDANCE_ERRORS.residentsOnly);
  authorize(canAttend, actor);
}

/** Records that the resident is coming; registering twice is refused with a message. */
export async function registerAttendance(actor: Actor | null, municipalityId: string, eventId: string) {
  mayAttend(actor);
  const { db, event } = await openEvent(municipalityId, eventId);
  touches("event_attendances", municipalityId);
  const added = await db
    .insert(eventAttendances)
    .values({ eventId: event.id, userId: actor.id })
    .onConflictDoNothing()
    .returning({ eventId: eventAttendances.eventId });
  if (added.length === 0) throw new ValidationError(ATTENDANCE_ERRORS.already);
  return attendanceOf(event.id, actor.id);
}

/** Withdraws the resident's registration; cancelling one that does not exist is refused with a message. */
export async function cancelAttendance(actor: Actor | null, municipalityId: string, eventId: string) {
  mayAttend(actor);
  const { db, event } = await openEvent(municipalityId, eventId);
  touches("event_attendances", municipalityId);
  const removed = await db
    .delete(eventAttendances)
    .where(and(eq(eventAttendances.eventId, event.id), eq(eventAttendances.userId, actor.id)))
    .returning({ eventId: eventAttendances.eventId });
  if (removed.length === 0) throw new ValidationError(ATTENDANCE_ERRORS.notRegistered);
  return attendanceOf(event.id, actor.id);
}

/** How many are registered for the event, and whether this person is one of them. */
export async function attendanceOf(eventId: string, userId: string | null) {
  const db = await getDb();
  const [row] = await db
    .select({
      n: count(),
      mine: userId
        ? sql<boolean>`coalesce(bool_or(${eventAttendances.userId} = ${userId}), false)`
        : sql<boolean>`false`,
    })
    .from(eventAttendances)
    .where(eq(eventAttendances.eventId, eventId));
  return { count: Number(row?.n ?? 0), attending: row?.mine === true };
}

type AttendeeSummary = { count: number; firstNames: string[] };

/** The first word of a name: all an organiser learns of who is coming. */
const firstNameOf = (name: string) => name.trim().split(/\s+/)[0] ?? "";

/**
 * The attendees of the given events that the actor may manage (its own events; an administrator any), by
 * event id: their number and first names in the order they registered.
 */
export async function attendeesOf(actor: Actor, eventIds: string[]): Promise<Map<string, AttendeeSummary>> {
  const out = new Map<string, AttendeeSummary>();
  const ids = eventIds.filter(isUuid);
  if (ids.length === 0) return out;
  const db = await getDb();
  const rows = await db
    .select({ eventId: eventAttendances.eventId, merchantId: events.merchantId, name: users.name })
    .from(eventAttendances)
    .innerJoin(events, eq(events.id, eventAttendances.eventId))
    .innerJoin(users, eq(users.id, eventAttendances.userId))
    .where(inArray(eventAttendances.eventId, ids))
    .orderBy(asc(eventAttendances.createdAt), asc(users.name));
  for (const r of rows) {
    if (!can(actor, "update", { merchantId: r.merchantId })) continue;
    const entry = out.get(r.eventId) ?? { count: 0, firstNames: [] };
    entry.count += 1;
    entry.firstNames.push(firstNameOf(r.name));
    out.set(r.eventId, entry);
  }
  return out;
}
