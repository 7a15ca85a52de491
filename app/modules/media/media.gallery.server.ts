/**
 * Galleries: saving a promotion's or an event's ordered pictures inside the transaction that writes the row,
 * and reading them back. An uploaded picture must be the actor's own fresh upload (or already one of this
 * gallery's pictures); it then belongs to its gallery row and to the row's owner, so replacing or removing a
 * picture deletes its upload, and deleting the promotion or event deletes them all (foreign keys, cascade).
 */
import { asc, eq, inArray } from "drizzle-orm";
import { galleryImages, media } from "@db/schema";
import type { Actor } from "~/lib/auth/auth.server";
import { type DbOrTx, getDb } from "~/lib/db/db.server";
import { ValidationError } from "~/lib/http/errors";
import { hostAllowed } from "~/lib/http/origin.server";
import { GALLERY_MAX, type GalleryItem, galleryUrlField } from "./media.gallery";
import { can } from "./media.policy";
import { mediaReference, storedMediaUrl } from "./media.url";

type GalleryKind = "promotion" | "event";
type GalleryTarget = { kind: GalleryKind; id: string; ownerId: string };

const COLUMN = { promotion: galleryImages.promotionId, event: galleryImages.eventId } as const;
const KEY = { promotion: "promotionId", event: "eventId" } as const;

const NOT_YOURS = "media.errors.notYours";
const TOO_MANY = "gallery.tooMany";

const refuse = (message: string, n: number) => new ValidationError(message, { [galleryUrlField(n)]: message });

type MediaRow = typeof media.$inferSelect;
const isFree = (row: MediaRow) =>
  !row.promotionId && !row.eventId && !row.merchantId && !row.reportId && !row.galleryImageId && !row.municipalityId;

/** The upload each picture names (null: an outside address), checked against the actor and this gallery. */
async function uploadsOf(tx: DbOrTx, actor: Actor, items: GalleryItem[], current: Set<string>) {
  const ids: (string | null)[] = [];
  const urls: string[] = [];
  for (const [n, item] of items.entries()) {
    const reference = mediaReference(item.url, hostAllowed);
    if (!reference) {
      ids.push(null);
      urls.push(item.url);
      continue;
    }
    if (!reference.hash) throw refuse(NOT_YOURS, n);
    const [row] = await tx.select().from(media).where(eq(media.hash, reference.hash)).limit(1);
    const ours = !!row?.galleryImageId && current.has(row.galleryImageId);
    const usable = ours || (row && isFree(row) && can(actor, "attach", { ownerId: row.ownerId, attached: false }));
    if (!row || !usable || ids.includes(row.id)) throw refuse(NOT_YOURS, n);
    ids.push(row.id);
    urls.push(storedMediaUrl(row.hash));
  }
  return { ids, urls };
}

/**
 * Makes `items` the gallery of `target`, in their order; undefined leaves the stored gallery alone. Pictures
 * no longer in the list go, with their uploads.
 */
export async function saveGallery(tx: DbOrTx, actor: Actor, target: GalleryTarget, items: GalleryItem[] | undefined) {
  if (items === undefined) return;
  if (items.length > GALLERY_MAX) throw refuse(TOO_MANY, GALLERY_MAX);
  const column = COLUMN[target.kind];
  const existing = await tx
    .select({ id: galleryImages.id, url: galleryImages.url, alt: galleryImages.altText })
    .from(galleryImages)
    .where(eq(column, target.id))
    .orderBy(asc(galleryImages.position));
  const { ids, urls } = await uploadsOf(tx, actor, items, new Set(existing.map((r) => r.id)));
  // Saved unchanged: nothing is written (the pictures keep their rows, and their uploads stay where they are).
  const same =
    existing.length === items.length && existing.every((r, n) => r.url === urls[n] && r.alt === items[n].alt);
  if (same) return;
  const kept = ids.filter((id): id is string => id !== null);
  // The uploads still used are set aside before the old pictures (and the uploads that go with them) are deleted.
  if (kept.length) await tx.update(media).set({ galleryImageId: null }).where(inArray(media.id, kept));
  if (existing.length) await tx.delete(galleryImages).where(eq(column, target.id));
  for (const [n, item] of items.entries()) {
    const [row] = await tx
      .insert(galleryImages)
      .values({ [KEY[target.kind]]: target.id, position: n, url: urls[n], altText: item.alt })
      .returning({ id: galleryImages.id });
    const upload = ids[n];
    if (upload) {
      await tx.update(media).set({ galleryImageId: row.id, ownerId: target.ownerId }).where(eq(media.id, upload));
    }
  }
}

/** The galleries of several promotions or events (the panels' edit forms), by row id, each in order. */
async function galleriesOf(kind: GalleryKind, ids: string[], db?: DbOrTx): Promise<Map<string, GalleryItem[]>> {
  const out = new Map<string, GalleryItem[]>();
  if (ids.length === 0) return out;
  const conn = db ?? (await getDb());
  const column = COLUMN[kind];
  const rows = await conn
    .select({ target: column, url: galleryImages.url, alt: galleryImages.altText })
    .from(galleryImages)
    .where(inArray(column, ids))
    .orderBy(asc(column), asc(galleryImages.position));
  for (const r of rows) {
    if (!r.target) continue;
    const list = out.get(r.target) ?? [];
    list.push({ url: r.url, alt: r.alt });
    out.set(r.target, list);
  }
  return out;
}

/** One promotion's or event's gallery, in order (its public page). */
export async function galleryOf(kind: GalleryKind, id: string): Promise<GalleryItem[]> {
  return (await galleriesOf(kind, [id])).get(id) ?? [];
}

/** Panel rows with their galleries, for the edit dialog. */
export async function withGalleries<Row extends { id: string }>(
  kind: GalleryKind,
  rows: Row[],
): Promise<(Row & { gallery: GalleryItem[] })[]> {
  const galleries = await galleriesOf(
    kind,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, gallery: galleries.get(r.id) ?? [] }));
}
