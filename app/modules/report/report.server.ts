/**
 * Reports, public side: filing (always pending, reporter from the session), the
 * approved list of a municipality and the home panel. Nothing here ever returns a report that is not
 * approved; administrators' reads live in report.admin.server.ts.
 */
import { authorize } from "~/lib/auth/authorize";
import { and, count, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { touches } from "~/lib/cache/cache.server";
import { countOf } from "~/lib/db/counts.server";
import { municipalities, reports, users } from "@db/schema";
import type { ReportStatus } from "@db/schema";
import type { Actor } from "~/lib/auth/auth.server";
import { getDb } from "~/lib/db/db.server";
import { ForbiddenError, ValidationError } from "~/lib/http/errors";
import { recordEvent } from "~/modules/log/index.server";
import { attachImage } from "~/modules/media/index.server";
import { publicReportPlace } from "~/lib/geo/geo";
import { assertNearTown } from "~/lib/geo/near-town";
import { can } from "./report.policy";
import type { ReportInput } from "./report.schema";
import { rowColumns } from "~/lib/search/search.server";
import { isUuid } from "~/lib/db/query";

const HOME_REPORTS_LIMIT = 3;
const REPORTS_PAGE_SIZE = 12;

/**
 * What the public sees of a report. No account email, ever: the reporter is a name, or
 * "Anonymous" in the page. `tests/e2e/public-privacy.spec.ts` scans every public page and `.data` answer.
 */
export type PublicReport = {
  id: string;
  type: string;
  description: string;
  imageUrl: string | null;
  createdAt: string;
  reporterName: string | null;
  reporterRole: string | null;
  /** Set once a moderator marked the report resolved. */
  resolvedAt: string | null;
  /** The reporter's words for the place ("corner of Kerkstraat and Molenweg"), if any. */
  placeText: string | null;
  /** The pin as the public sees it: rounded to about 100 m for reports about people (geo.ts), else exact. */
  place: PublicPlace | null;
};

type PublicPlace = { lat: number; lng: number; rounded: boolean };

/**
 * The reporter's name and role leave the database only when they chose to be named; the exact pin only to
 * toPublic, which replaces it with the public place (rounded for reports about people).
 */
const publicColumns = {
  id: reports.id,
  type: reports.type,
  description: reports.description,
  imageUrl: reports.imageUrl,
  createdAt: reports.createdAt,
  resolvedAt: reports.resolvedAt,
  reporterName: sql<string | null>`case when ${reports.showName} then ${users.name} end`,
  reporterRole: sql<string | null>`case when ${reports.showName} then ${users.role} end`,
  placeText: reports.placeText,
  latitude: reports.latitude,
  longitude: reports.longitude,
};

type ExactPlace = { type: string; latitude: number | null; longitude: number | null };

function toPublic<R extends ExactPlace & { createdAt: Date; resolvedAt: Date | null }>(r: R) {
  const { latitude, longitude, ...rest } = r;
  return {
    ...rest,
    createdAt: r.createdAt.toISOString(),
    resolvedAt: r.resolvedAt?.toISOString() ?? null,
    place: publicReportPlace(r.type, latitude, longitude),
  };
}

const approvedIn = (municipalityId: string) =>
  and(eq(reports.municipalityId, municipalityId), eq(reports.status, "approved"));

/**
 * Home panel: the newest approved reports of a municipality that are not resolved yet (at most 3), with the
 * reporter's name and role when they chose to be named.
 */
export async function homeReports(municipalityId: string, limit = HOME_REPORTS_LIMIT): Promise<PublicReport[]> {
  const db = await getDb();
  const rows = await db
    .select(publicColumns)
    .from(reports)
    .leftJoin(users, eq(users.id, reports.reporterId))
    .where(and(approvedIn(municipalityId), isNull(reports.resolvedAt)))
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(limit);
  return rows.map(toPublic);
}

/** Approved reports by id (the live stream's new urgent reports), newest first. */
export async function approvedReportsByIds(ids: string[]): Promise<(PublicReport & { municipalityId: string })[]> {
  if (ids.length === 0) return [];
  const db = await getDb();
  const rows = await db
    .select({ ...publicColumns, municipalityId: reports.municipalityId })
    .from(reports)
    .leftJoin(users, eq(users.id, reports.reporterId))
    .where(and(inArray(reports.id, ids), eq(reports.status, "approved")))
    .orderBy(desc(reports.createdAt), desc(reports.id));
  return rows.map(toPublic);
}

/** The approved reports list of a municipality, newest first, one page at a time (one round trip). */
export async function listApprovedReports(
  municipalityId: string,
  page = 1,
  pageSize = REPORTS_PAGE_SIZE,
): Promise<{ items: PublicReport[]; total: number; page: number; pages: number }> {
  const db = await getDb();
  const rows = await db
    .select({
      ...publicColumns,
      total: countOf(db.select({ n: count() }).from(reports).where(approvedIn(municipalityId))),
    })
    .from(reports)
    .leftJoin(users, eq(users.id, reports.reporterId))
    .where(approvedIn(municipalityId))
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const total = rows[0]?.total ?? 0;
  return {
    items: rows.map(({ total: _t, ...r }) => toPublic(r)),
    total,
    page,
    pages: Math.max(1, Math.ceil(total / pageSize)),
  };
}

/** At most this many markers on a town's reports map (the newest approved reports with a place). */
const REPORT_MARKERS_LIMIT = 500;

/** A marker on a town's reports map: the public place only (rounded for reports about people). */
export type ReportMarker = {
  id: string;
  type: string;
  createdAt: string;
  placeText: string | null;
  lat: number;
  lng: number;
  rounded: boolean;
};

/**
 * The approved reports of a municipality that have a place, newest first, as map markers: one query
 * (reports_place_idx, migration 0030), at most REPORT_MARKERS_LIMIT. The exact pin of a report about people
 * never leaves this function.
 */
export async function approvedReportMarkers(
  municipalityId: string,
  limit = REPORT_MARKERS_LIMIT,
): Promise<ReportMarker[]> {
  const db = await getDb();
  const rows = await db
    .select({
      id: reports.id,
      type: reports.type,
      createdAt: reports.createdAt,
      placeText: reports.placeText,
      latitude: reports.latitude,
      longitude: reports.longitude,
    })
    .from(reports)
    // Written out (not a parameter) so the planner sees that the partial index covers the query.
    .where(
      and(
        eq(reports.municipalityId, municipalityId),
        sql`${reports.status} = 'approved' and ${reports.latitude} is not null`,
        isNotNull(reports.longitude),
      ),
    )
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(limit);
  return rows.flatMap((r) => {
    const place = publicReportPlace(r.type, r.latitude, r.longitude);
    if (!place) return [];
    const { lat, lng, rounded } = place;
    return [
      { id: r.id, type: r.type, createdAt: r.createdAt.toISOString(), placeText: r.placeText, lat, lng, rounded },
    ];
  });
}

/**
 * The page of the approved list (newest first, `pageSize` a page) a report is on, or null when it is not an
 * approved report of this municipality: a map marker's link opens the list there.
 */
export async function approvedReportPage(
  municipalityId: string,
  reportId: string,
  pageSize = REPORTS_PAGE_SIZE,
): Promise<number | null> {
  if (!isUuid(reportId)) return null;
  const db = await getDb();
  const newer = db
    .select({ n: count() })
    .from(reports)
    .where(
      and(
        approvedIn(municipalityId),
        sql`(${reports.createdAt}, ${reports.id}) > (select r.created_at, r.id from reports r where r.id = ${reportId})`,
      ),
    );
  const [row] = await db
    .select({ before: countOf(newer) })
    .from(reports)
    .where(and(approvedIn(municipalityId), eq(reports.id, reportId)))
    .limit(1);
  return row ? Math.floor(row.before / pageSize) + 1 : null;
}

type FileInput = Omit<ReportInput, "anonymous" | PlaceKey> & { anonymous?: boolean } & Partial<
    Pick<ReportInput, PlaceKey>
  >;

/**
 * Files a report for an active municipality as the signed-in actor. The status is always pending and the
 * reporter is always the actor: nothing posted can change either. An audit row commits with it.
 */
export async function fileReport(actor: Actor | null, municipalityId: string, input: FileInput) {
  if (!can(actor, "file") || !actor) throw new ForbiddenError();
  return insertPendingReport({ actor }, municipalityId, input);
}

/**
 * Files a report that a town's system posted through Open311 with an API key (app/modules/open311 checked the
 * key): the same checks and the same pending report in the moderation queue as a resident's, with no reporter
 * (so no name is ever shown) and the key it came with. Its picture can only be on another website: an upload
 * here belongs to its uploader.
 */
export async function fileOpen311Report(key: { id: string; name: string }, municipalityId: string, input: FileInput) {
  return insertPendingReport({ open311Key: key }, municipalityId, { ...input, anonymous: true });
}

/** Who files a report: a signed-in person, or a town's system through Open311. */
type Filer = { actor: Actor } | { open311Key: { id: string; name: string } };

async function insertPendingReport(filer: Filer, municipalityId: string, input: FileInput) {
  if (!municipalityId) throw new ValidationError("site:reportNew.errors.missing");
  const actor = "actor" in filer ? filer.actor : null;
  const key = "open311Key" in filer ? filer.open311Key : null;
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [town] = await tx
      .select({
        id: municipalities.id,
        name: municipalities.name,
        centerLat: municipalities.centerLat,
        centerLng: municipalities.centerLng,
      })
      .from(municipalities)
      .where(and(eq(municipalities.id, municipalityId), eq(municipalities.isActive, true)))
      .limit(1);
    if (!town) throw new ValidationError("site:reportNew.errors.missing");
    assertNearTown(town, input);
    touches("reports", municipalityId);
    const [row] = await tx
      .insert(reports)
      .values({
        reporterId: actor?.id ?? null,
        municipalityId,
        type: input.type,
        description: input.description,
        imageUrl: input.image_url,
        showName: !input.anonymous,
        status: "pending",
        latitude: input.latitude ?? null,
        longitude: input.longitude ?? null,
        locationAccuracy: input.latitude == null ? null : (input.accuracy ?? null),
        placeText: input.place_text ?? null,
        open311KeyId: key?.id ?? null,
      })
      .returning(rowColumns(reports));
    // An uploaded photo becomes the report's: public only once the report is approved.
    if (actor) await attachImage(tx, actor, { kind: "report", id: row.id, ownerId: actor.id }, row.imageUrl);
    await recordEvent(
      {
        userId: actor?.id ?? null,
        eventType: "report.filed",
        description: actor
          ? `${actor.email} filed a ${row.type} report`
          : `The Open311 client "${key?.name}" filed a ${row.type} report`,
        metadata: {
          reportId: row.id,
          type: row.type,
          municipalityId,
          status: row.status,
          ...(key ? { open311KeyId: key.id } : {}),
        },
      },
      tx,
    );
    return row;
  });
}

type PlaceKey = "latitude" | "longitude" | "accuracy" | "place_text";

type MyReport = {
  id: string;
  type: string;
  description: string;
  status: ReportStatus;
  createdAt: string;
  moderatedAt: string | null;
  reason: string | null;
  note: string | null;
  municipalityName: string;
  municipalitySlug: string;
  showName: boolean;
  resolvedAt: string | null;
  resolutionNote: string | null;
};

/** My reports: the actor's own reports in every status, newest first, one page at a time (one round trip). */
export async function listMyReports(
  actor: Actor | null,
  page = 1,
  pageSize = REPORTS_PAGE_SIZE,
): Promise<{ items: MyReport[]; total: number; page: number; pages: number }> {
  authorize(can, actor, "read-own");
  const db = await getDb();
  const mine = eq(reports.reporterId, actor.id);
  const rows = await db
    .select({
      id: reports.id,
      type: reports.type,
      description: reports.description,
      status: reports.status,
      createdAt: reports.createdAt,
      moderatedAt: reports.moderatedAt,
      reason: reports.moderationReason,
      note: reports.moderationNote,
      showName: reports.showName,
      resolvedAt: reports.resolvedAt,
      resolutionNote: reports.resolutionNote,
      municipalityName: municipalities.name,
      municipalitySlug: municipalities.slug,
      total: countOf(db.select({ n: count() }).from(reports).where(mine)),
    })
    .from(reports)
    .innerJoin(municipalities, eq(municipalities.id, reports.municipalityId))
    .where(mine)
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const total = rows[0]?.total ?? 0;
  return {
    items: rows.map(({ total: _t, ...r }) => ({
      ...r,
      status: r.status as ReportStatus,
      createdAt: r.createdAt.toISOString(),
      moderatedAt: r.moderatedAt?.toISOString() ?? null,
      resolvedAt: r.resolvedAt?.toISOString() ?? null,
      // The reason is the reporter's to read only once the report is rejected.
      reason: r.status === "rejected" ? r.reason : null,
      note: r.status === "rejected" ? r.note : null,
    })),
    total,
    page,
    pages: Math.max(1, Math.ceil(total / pageSize)),
  };
}
