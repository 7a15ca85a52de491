/**
 * A promotion's or an event's gallery as a form posts it: up to GALLERY_MAX pictures, each an image address
 * (an upload's /media/… address or an https image) with its alt text, posted flat and in order as
 * `gallery_url_<n>` and `gallery_alt_<n>`. The hidden `gallery_posted` field says the form has a gallery at
 * all: a form without it (an older client, a test posting only the main fields) leaves the stored gallery
 * alone. Slots left entirely blank are skipped; every picture needs its alt text.
 */
import { z } from "zod";
import { optionalImageUrl, optionalText } from "~/lib/forms/validation";

/** The most pictures a gallery holds (the table's position check says the same). */
export const GALLERY_MAX = 6;
/** The longest alt text. */
export const GALLERY_ALT_MAX = 200;
/** The hidden field that marks a form carrying a gallery. */
export const GALLERY_POSTED = "gallery_posted";

export const galleryUrlField = (n: number) => `gallery_url_${n}`;
export const galleryAltField = (n: number) => `gallery_alt_${n}`;

/** One picture of a gallery, in its order. */
export type GalleryItem = { url: string; alt: string };
export type GalleryInput = { gallery?: GalleryItem[] };

const SLOT = /^gallery_(?:url|alt)_(\d{1,3})$/;
/** Slot numbers beyond this are not read at all (a form never has that many). */
const MAX_SLOT = 99;

const TOO_MANY = "gallery.tooMany";
const ALT_REQUIRED = "gallery.altRequired";
const URL_REQUIRED = "gallery.urlRequired";

/** Parses the gallery part of a posted form; issues are on the flat field names. */
const gallerySchema: z.ZodType<GalleryInput> = z
  .record(z.string(), z.unknown())
  .transform((form, ctx): GalleryInput => {
    if (form[GALLERY_POSTED] === undefined) return {};
    const slots = new Set<number>();
    for (const key of Object.keys(form)) {
      const m = SLOT.exec(key);
      if (m && Number(m[1]) <= MAX_SLOT) slots.add(Number(m[1]));
    }
    const items: GalleryItem[] = [];
    for (const n of [...slots].sort((a, b) => a - b)) {
      const url = optionalImageUrl().safeParse(form[galleryUrlField(n)]);
      const alt = optionalText(GALLERY_ALT_MAX).safeParse(form[galleryAltField(n)]);
      if (!url.success)
        ctx.addIssue({ code: "custom", path: [galleryUrlField(n)], message: url.error.issues[0].message });
      if (!alt.success)
        ctx.addIssue({ code: "custom", path: [galleryAltField(n)], message: alt.error.issues[0].message });
      if (!url.success || !alt.success) continue;
      if (!url.data && !alt.data) continue;
      if (!url.data) {
        ctx.addIssue({ code: "custom", path: [galleryUrlField(n)], message: URL_REQUIRED });
        continue;
      }
      if (!alt.data) {
        ctx.addIssue({ code: "custom", path: [galleryAltField(n)], message: ALT_REQUIRED });
        continue;
      }
      items.push({ url: url.data, alt: alt.data });
      if (items.length === GALLERY_MAX + 1) {
        ctx.addIssue({ code: "custom", path: [galleryUrlField(n)], message: TOO_MANY });
      }
    }
    return { gallery: items };
  });

/** A form schema with the gallery part added: its output has `gallery` when the form carries one. */
export function withGallery<T>(schema: z.ZodType<T>): z.ZodType<T & GalleryInput> {
  return z.intersection(schema, gallerySchema) as unknown as z.ZodType<T & GalleryInput>;
}
