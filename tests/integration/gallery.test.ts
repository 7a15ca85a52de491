/**
 * Galleries of promotions and events: saved with their row through the panel actions (crafted form posts),
 * in order with their alt texts, uploads attached to their picture and public; bad input (a seventh picture,
 * a missing alt text, somebody else's upload) answers a translated message and stores nothing; replaced and
 * removed pictures take their uploads with them, and deleting the row leaves no orphan.
 */
import fs from "node:fs";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { events, galleryImages, media, promotions } from "@db/schema";
import type { Actor } from "~/lib/auth/auth.server";
import { getDb } from "~/lib/db/db.server";
import { galleryOf } from "~/modules/media/media.gallery.server";
import { countOrphans, readMedia, uploadImage } from "~/modules/media/media.server";
import { mediaHashOf } from "~/modules/media/media.url";
import { deletePromotion } from "~/modules/promotion/promotion.server";
import { action as adminPromotionsAction } from "~/routes/admin/promotions";
import { action as eventsAction } from "~/routes/merchant/events";
import { action as promotionsAction } from "~/routes/merchant/promotions";
import { actorFor, makeMunicipality, makeUser } from "../factories";
import { transparentPng } from "../support/images";

type AnyAction = (args: never) => Promise<unknown>;
type Answer = { status: number; body: Record<string, unknown> };

/** Posts a form to a panel action as `actor` and answers its status and body. */
async function post(action: AnyAction, actor: Actor, fields: Record<string, string>): Promise<Answer> {
  const request = new Request("http://localhost/merchant/x", { method: "POST", body: new URLSearchParams(fields) });
  const context = {
    requestId: "test",
    nonce: "",
    locale: "en",
    ip: "127.0.0.1",
    t: (key: string) => key,
    getActor: async () => actor,
  };
  const result = await action({ request, context, params: {} } as never);
  if (result && typeof result === "object" && "type" in result && result.type === "DataWithResponseInit") {
    const d = result as unknown as { data: Record<string, unknown>; init: { status?: number } };
    return { status: d.init?.status ?? 200, body: d.data };
  }
  return { status: 200, body: result as Record<string, unknown> };
}

const promotion = (title: string, extra: Record<string, string> = {}) => ({
  intent: "create",
  title,
  valid_until: "2099-12-31",
  pricing_mode: "price",
  price: "€5",
  ...extra,
});

/** The gallery fields of a form: gallery_posted plus url/alt per picture, in order. */
function gallery(items: { url: string; alt: string }[]): Record<string, string> {
  const out: Record<string, string> = { gallery_posted: "1" };
  items.forEach((item, n) => {
    out[`gallery_url_${n}`] = item.url;
    out[`gallery_alt_${n}`] = item.alt;
  });
  return out;
}

async function counts() {
  const db = await getDb();
  const [p] = await db.select({ n: count() }).from(promotions);
  const [g] = await db.select({ n: count() }).from(galleryImages);
  const [m] = await db.select({ n: count() }).from(media);
  return { promotions: Number(p.n), pictures: Number(g.n), media: Number(m.n) };
}

async function promotionId(title: string) {
  const db = await getDb();
  const [row] = await db.select({ id: promotions.id }).from(promotions).where(eq(promotions.title, title));
  return row.id;
}

let a: Actor;
let b: Actor;
let admin: Actor;
const upload = async (actor: Actor, width = 64) => (await uploadImage(actor, await transparentPng(width, 40))).url;

beforeAll(async () => {
  const town = (await makeMunicipality()).id;
  a = await actorFor(await makeUser("merchant", { municipalityId: town }));
  b = await actorFor(await makeUser("merchant", { municipalityId: town }));
  admin = await actorFor(await makeUser("admin"));
});

describe("saving a gallery", () => {
  it("stores the pictures in order with their alt texts; uploads become the picture's and public", async () => {
    const one = await upload(a);
    const two = await upload(a, 80);
    const res = await post(
      promotionsAction as AnyAction,
      a,
      promotion("Two pictures", {
        ...gallery([
          { url: one, alt: "Fresh bread on the counter" },
          { url: "https://images.example.org/shop.jpg", alt: "The shop front" },
          { url: two, alt: "Croissants in a basket" },
        ]),
      }),
    );
    expect(res.body).toMatchObject({ ok: true });
    const id = await promotionId("Two pictures");
    expect(await galleryOf("promotion", id)).toEqual([
      { url: one, alt: "Fresh bread on the counter" },
      { url: "https://images.example.org/shop.jpg", alt: "The shop front" },
      { url: two, alt: "Croissants in a basket" },
    ]);
    const db = await getDb();
    const [row] = await db
      .select()
      .from(media)
      .where(eq(media.hash, mediaHashOf(one) ?? ""));
    expect(row.galleryImageId).not.toBeNull();
    expect(row.ownerId).toBe(a.id);
    // Attached: anyone may see it now (before, only its owner could).
    expect(await readMedia(null, `${mediaHashOf(two)}-320.jpg`)).not.toBeNull();
  });

  it("reorders, removes and keeps: a removed picture's upload is deleted, kept uploads stay", async () => {
    const [one, two, three] = [await upload(a), await upload(a), await upload(a)];
    await post(
      promotionsAction as AnyAction,
      a,
      promotion("Reorder me", {
        ...gallery([
          { url: one, alt: "One" },
          { url: two, alt: "Two" },
          { url: three, alt: "Three" },
        ]),
      }),
    );
    const id = await promotionId("Reorder me");
    const before = await counts();
    const res = await post(promotionsAction as AnyAction, a, {
      ...promotion("Reorder me"),
      intent: "update",
      id,
      ...gallery([
        { url: three, alt: "Three, now first" },
        { url: one, alt: "One" },
      ]),
    });
    expect(res.body).toMatchObject({ ok: true });
    expect(await galleryOf("promotion", id)).toEqual([
      { url: three, alt: "Three, now first" },
      { url: one, alt: "One" },
    ]);
    const after = await counts();
    expect(after.pictures).toBe(before.pictures - 1);
    expect(after.media).toBe(before.media - 1);
    expect(await readMedia(null, `${mediaHashOf(two)}-320.jpg`)).toBeNull();
    expect(await readMedia(null, `${mediaHashOf(three)}-320.jpg`)).not.toBeNull();
  });

  it("writes nothing when the gallery is saved unchanged", async () => {
    const one = await upload(a);
    const fields = gallery([
      { url: one, alt: "Same" },
      { url: "https://images.example.org/same.jpg", alt: "Same too" },
    ]);
    await post(promotionsAction as AnyAction, a, promotion("Unchanged", fields));
    const id = await promotionId("Unchanged");
    const db = await getDb();
    const rows = () => db.select().from(galleryImages).where(eq(galleryImages.promotionId, id));
    const before = await rows();
    const res = await post(promotionsAction as AnyAction, a, {
      ...promotion("Unchanged"),
      intent: "update",
      id,
      ...fields,
    });
    expect(res.body).toMatchObject({ ok: true });
    expect(await rows()).toEqual(before);
  });

  it("leaves the gallery alone when a form carries none, and empties it when posted empty", async () => {
    const one = await upload(a);
    await post(promotionsAction as AnyAction, a, promotion("Keep me", gallery([{ url: one, alt: "Kept" }])));
    const id = await promotionId("Keep me");
    await post(promotionsAction as AnyAction, a, { ...promotion("Keep me"), intent: "update", id });
    expect(await galleryOf("promotion", id)).toEqual([{ url: one, alt: "Kept" }]);
    await post(promotionsAction as AnyAction, a, {
      ...promotion("Keep me"),
      intent: "update",
      id,
      gallery_posted: "1",
    });
    expect(await galleryOf("promotion", id)).toEqual([]);
    expect(await readMedia(a, `${mediaHashOf(one)}-320.jpg`)).toBeNull();
  });

  it("saves an event's gallery, and an administrator's for any merchant's promotion", async () => {
    const mine = await upload(a);
    const res = await post(eventsAction as AnyAction, a, {
      intent: "create",
      title: "Gallery night",
      start_date: "2099-06-01",
      venue: "Grote Markt",
      category: "Music",
      ...gallery([{ url: mine, alt: "The stage" }]),
    });
    expect(res.body).toMatchObject({ ok: true });
    const db = await getDb();
    const [event] = await db.select({ id: events.id }).from(events).where(eq(events.title, "Gallery night"));
    expect(await galleryOf("event", event.id)).toEqual([{ url: mine, alt: "The stage" }]);

    const byAdmin = await upload(admin);
    const made = await post(adminPromotionsAction as AnyAction, admin, {
      ...promotion("Admin gallery"),
      merchant_id: b.id,
      category: "Food & Drink",
      ...gallery([{ url: byAdmin, alt: "Made by the administrator" }]),
    });
    expect(made.body).toMatchObject({ ok: true });
    const [row] = await db
      .select({ ownerId: media.ownerId })
      .from(media)
      .where(eq(media.hash, mediaHashOf(byAdmin) ?? ""));
    // The picture belongs to the promotion's merchant, like its main image.
    expect(row.ownerId).toBe(b.id);
  });
});

describe("bad input stores nothing", () => {
  it("refuses a seventh picture", async () => {
    const urls = await Promise.all(Array.from({ length: 7 }, () => upload(a)));
    const before = await counts();
    const res = await post(
      promotionsAction as AnyAction,
      a,
      promotion("Seven", gallery(urls.map((url, n) => ({ url, alt: `Picture ${n + 1}` })))),
    );
    expect(res.status).toBe(400);
    expect(res.body.formError).toBe("gallery.tooMany");
    expect(res.body.fieldErrors).toMatchObject({ gallery_url_6: "gallery.tooMany" });
    expect(await counts()).toEqual(before);
  });

  it("refuses a picture without alt text, and alt text without a picture", async () => {
    const one = await upload(a);
    const before = await counts();
    const missingAlt = await post(
      promotionsAction as AnyAction,
      a,
      promotion("No alt", gallery([{ url: one, alt: "   " }])),
    );
    expect(missingAlt.status).toBe(400);
    expect(missingAlt.body.fieldErrors).toMatchObject({ gallery_alt_0: "gallery.altRequired" });
    expect(missingAlt.body.formError).toBe("gallery.altRequired");
    const missingUrl = await post(
      promotionsAction as AnyAction,
      a,
      promotion("No url", gallery([{ url: "", alt: "A description of nothing" }])),
    );
    expect(missingUrl.status).toBe(400);
    expect(missingUrl.body.fieldErrors).toMatchObject({ gallery_url_0: "gallery.urlRequired" });
    const badUrl = await post(
      promotionsAction as AnyAction,
      a,
      promotion("Bad url", gallery([{ url: "javascript:alert(1)", alt: "x" }])),
    );
    expect(badUrl.status).toBe(400);
    expect(badUrl.body.fieldErrors).toMatchObject({ gallery_url_0: "validation.url" });
    expect(await counts()).toEqual(before);
  });

  it("refuses another merchant's upload, and the same upload twice", async () => {
    const theirs = await upload(b);
    const mine = await upload(a);
    const before = await counts();
    const res = await post(
      promotionsAction as AnyAction,
      a,
      promotion("Not mine", gallery([{ url: theirs, alt: "Somebody else's" }])),
    );
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toMatchObject({ gallery_url_0: "media.errors.notYours" });
    const twice = await post(
      promotionsAction as AnyAction,
      a,
      promotion(
        "Twice",
        gallery([
          { url: mine, alt: "Once" },
          { url: mine, alt: "Twice" },
        ]),
      ),
    );
    expect(twice.status).toBe(400);
    expect(twice.body.fieldErrors).toMatchObject({ gallery_url_1: "media.errors.notYours" });
    expect(await counts()).toEqual(before);
  });

  it("has every gallery message in English, Dutch and French", () => {
    const dir = path.resolve(process.cwd(), "app/locales");
    const en = JSON.parse(fs.readFileSync(path.join(dir, "en/common.json"), "utf8")).gallery;
    for (const key of ["tooMany", "altRequired", "urlRequired"]) {
      for (const locale of ["nl", "fr"]) {
        const text = JSON.parse(fs.readFileSync(path.join(dir, `${locale}/common.json`), "utf8")).gallery[key];
        expect(text, `${locale} ${key}`).toBeTruthy();
        expect(text).not.toBe(en[key]);
      }
    }
  });
});

describe("deleting", () => {
  it("deletes the pictures and their uploads with the promotion, leaving no orphan", async () => {
    const one = await upload(a);
    await post(promotionsAction as AnyAction, a, promotion("Delete me", gallery([{ url: one, alt: "Gone soon" }])));
    const id = await promotionId("Delete me");
    await deletePromotion(a, id);
    expect(await galleryOf("promotion", id)).toEqual([]);
    expect(await readMedia(a, `${mediaHashOf(one)}-320.jpg`)).toBeNull();
    const db = await getDb();
    expect(await countOrphans(db)).toBe(0);
  });
});
