/**
 * Uploaded images: storing an upload, attaching it to the row it illustrates, serving it with
 * the media policy's rules, and sweeping what nobody uses. Bytes go through the configured store
 * (media.storage.server.ts); the media row carries the owner and the row it belongs to, so deleting either
 * deletes the image (foreign keys, ON DELETE CASCADE).
 */
import { authorize } from "~/lib/auth/authorize";
import crypto from "node:crypto";
import { and, count, eq, isNull, lt, ne, or, sql } from "drizzle-orm";
import { media, mediaVariants, reports } from "@db/schema";
import type { Actor } from "~/lib/auth/auth.server";
import { type DbOrTx, getDb } from "~/lib/db/db.server";
import { ValidationError } from "~/lib/http/errors";
import { hostAllowed } from "~/lib/http/origin.server";
import { can, isPublic } from "./media.policy";
import { type Processed, processImage } from "./media.process.server";
import { mediaStore, storeFor } from "./media.storage.server";
import { CONTENT_TYPES, type MediaFormat, mediaReference, parseMediaFile, storedMediaUrl } from "./media.url";

/** The rows an image can illustrate; each is one column of the media row. */
type MediaTarget =
  | { kind: "promotion"; id: string; ownerId: string }
  | { kind: "event"; id: string; ownerId: string }
  | { kind: "merchant"; id: string; ownerId: string }
  | { kind: "report"; id: string; ownerId: string }
  /** A municipality's logo: owned by the administrator who saved it (handed on if that account goes). */
  | { kind: "municipality"; id: string; ownerId: string };

const COLUMN = {
  promotion: media.promotionId,
  event: media.eventId,
  merchant: media.merchantId,
  report: media.reportId,
  municipality: media.municipalityId,
} as const;
const KEY = {
  promotion: "promotionId",
  event: "eventId",
  merchant: "merchantId",
  report: "reportId",
  municipality: "municipalityId",
} as const;

/** The form's message when image_url names an upload the actor may not use. */
const MEDIA_NOT_YOURS = "media.errors.notYours";

const unattached = and(
  isNull(media.promotionId),
  isNull(media.eventId),
  isNull(media.merchantId),
  isNull(media.reportId),
  isNull(media.galleryImageId),
  isNull(media.municipalityId),
);

/** An unattached upload is kept this long for its form to be saved. */
export const UNATTACHED_TTL_MS = 24 * 3600 * 1000;

type Uploaded = { hash: string; url: string; width: number; height: number };

/**
 * Processes and stores one upload as the actor's, not yet attached to any row. The hash is the SHA-256 of
 * the uploaded bytes; the same bytes uploaded again get a salted hash, so each upload is its own row and
 * deleting one never removes another's image.
 */
export async function uploadImage(actor: Actor | null, file: Buffer): Promise<Uploaded> {
  authorize(can, actor, "upload");
  const processed: Processed = await processImage(file);
  const db = await getDb();
  const store = mediaStore();
  const digest = (salt: string) => crypto.createHash("sha256").update(file).update(salt).digest("hex").slice(0, 32);
  let hash = digest("");
  const [taken] = await db.select({ id: media.id }).from(media).where(eq(media.hash, hash)).limit(1);
  if (taken) hash = digest(crypto.randomUUID());
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(media)
      .values({ hash, ownerId: actor.id, width: processed.width, height: processed.height, storage: store.kind })
      .returning({ id: media.id });
    await store.put(tx, row.id, hash, processed.variants);
  });
  return { hash, url: storedMediaUrl(hash), width: processed.width, height: processed.height };
}

/**
 * Makes `url` the image of `target`, inside the transaction that writes the row: an upload named by the URL
 * must be the actor's own (or the actor an administrator) and not another row's; it then belongs to the
 * target and to the target's owner. Any other image the target had is deleted (a replaced image leaves
 * nothing behind). A URL that is not an upload (an https address) just clears the target's uploads.
 */
export async function attachImage(tx: DbOrTx, actor: Actor, target: MediaTarget, url: string | null | undefined) {
  const column = COLUMN[target.kind];
  // Whatever the spelling (`?a`, `#x`, this site's absolute address, `%2e`, upper case...), an address that a
  // browser resolves to an upload is that upload, and one under this site's /media/ that names none is
  // nobody's: both are checked here, not only the plain `/media/<hash>-1280.jpg`.
  const reference = mediaReference(url, hostAllowed);
  if (reference && !reference.hash) {
    throw new ValidationError(MEDIA_NOT_YOURS, { image_url: MEDIA_NOT_YOURS, logo_url: MEDIA_NOT_YOURS });
  }
  const hash = reference?.hash ?? null;
  let keepId: string | null = null;
  if (hash) {
    const [row] = await tx.select().from(media).where(eq(media.hash, hash)).limit(1);
    const current = row?.[KEY[target.kind]] === target.id;
    const free =
      row &&
      !row.promotionId &&
      !row.eventId &&
      !row.merchantId &&
      !row.reportId &&
      !row.galleryImageId &&
      !row.municipalityId;
    if (!row || (!current && (!free || !can(actor, "attach", { ownerId: row.ownerId, attached: false })))) {
      throw new ValidationError(MEDIA_NOT_YOURS, { image_url: MEDIA_NOT_YOURS, logo_url: MEDIA_NOT_YOURS });
    }
    keepId = row.id;
    if (!current || row.ownerId !== target.ownerId) {
      await tx
        .update(media)
        .set({ [KEY[target.kind]]: target.id, ownerId: target.ownerId })
        .where(eq(media.id, row.id));
    }
  }
  await tx.delete(media).where(keepId ? and(eq(column, target.id), ne(media.id, keepId)) : eq(column, target.id));
}

type ServedMedia = { bytes: Buffer; contentType: string; public: boolean };

/**
 * One variant for the actor, or null (404) when it does not exist or the actor may not see it: a pending
 * report's photo is as invisible as a missing one.
 */
export async function readMedia(actor: Actor | null, file: string): Promise<ServedMedia | null> {
  const parsed = parseMediaFile(file);
  if (!parsed) return null;
  const db = await getDb();
  const [row] = await db
    .select({
      id: media.id,
      hash: media.hash,
      ownerId: media.ownerId,
      storage: media.storage,
      reportId: media.reportId,
      promotionId: media.promotionId,
      eventId: media.eventId,
      merchantId: media.merchantId,
      galleryImageId: media.galleryImageId,
      municipalityId: media.municipalityId,
      reportStatus: reports.status,
    })
    .from(media)
    .leftJoin(reports, eq(reports.id, media.reportId))
    .where(eq(media.hash, parsed.hash))
    .limit(1);
  if (!row) return null;
  const rule = {
    ownerId: row.ownerId,
    attached: !!(
      row.promotionId ||
      row.eventId ||
      row.merchantId ||
      row.reportId ||
      row.galleryImageId ||
      row.municipalityId
    ),
    reportStatus: row.reportId ? row.reportStatus : null,
  };
  if (!can(actor, "view", rule)) return null;
  const bytes = await storeFor(row.storage).get(row.id, row.hash, parsed.width, parsed.format);
  if (!bytes) return null;
  return { bytes, contentType: CONTENT_TYPES[parsed.format as MediaFormat], public: isPublic(rule) };
}

/** Deletes uploads never attached within UNATTACHED_TTL_MS, then bytes no row owns; returns the rows removed. */
export async function sweepMedia(now = new Date()): Promise<number> {
  const db = await getDb();
  const gone = await db
    .delete(media)
    .where(and(unattached, lt(media.createdAt, new Date(now.getTime() - UNATTACHED_TTL_MS))))
    .returning({ id: media.id });
  await mediaStore().sweep();
  return gone.length;
}

/**
 * Images whose row no longer exists: an attached image whose target is gone, or variants without an image.
 * The foreign keys make this zero; tests count it after deleting rows and accounts.
 */
export async function countOrphans(db: DbOrTx): Promise<number> {
  const [variants] = await db
    .select({ n: count() })
    .from(mediaVariants)
    .where(sql`not exists (select 1 from media m where m.id = ${mediaVariants.mediaId})`);
  const [rows] = await db
    .select({ n: count() })
    .from(media)
    .where(
      or(
        sql`${media.promotionId} is not null and not exists (select 1 from promotions p where p.id = ${media.promotionId})`,
        sql`${media.eventId} is not null and not exists (select 1 from events e where e.id = ${media.eventId})`,
        sql`${media.merchantId} is not null and not exists (select 1 from merchants x where x.id = ${media.merchantId})`,
        sql`${media.reportId} is not null and not exists (select 1 from reports r where r.id = ${media.reportId})`,
        sql`${media.galleryImageId} is not null and not exists (select 1 from gallery_images g where g.id = ${media.galleryImageId})`,
        sql`${media.municipalityId} is not null and not exists (select 1 from municipalities t where t.id = ${media.municipalityId})`,
        sql`not exists (select 1 from users u where u.id = ${media.ownerId})`,
      ),
    );
  return Number(variants?.n ?? 0) + Number(rows?.n ?? 0);
}
