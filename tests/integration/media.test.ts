/**
 * Uploaded images against the real modules and database: processing (metadata stripped,
 * orientation applied, AVIF/WebP/JPEG at each width), refusals that store nothing, the streamed parser's
 * limits, attaching with its owner rules, report photos private until approval, and no orphans after rows
 * and accounts are deleted, with both storage drivers. Every image is made in the test by sharp.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { media, mediaVariants, merchants, reports } from "@db/schema";
import type { Actor } from "~/lib/auth/auth.server";
import { getDb } from "~/lib/db/db.server";
import { ValidationError } from "~/lib/http/errors";
import { MEDIA_LIMITS } from "~/modules/media/media.limits";
import { UploadRefused, processImage, withSlot } from "~/modules/media/media.process.server";
import { UNATTACHED_TTL_MS, countOrphans, readMedia, sweepMedia, uploadImage } from "~/modules/media/media.server";
import { sniff } from "~/modules/media/media.sniff";
import { directoryStore, useMediaStore } from "~/modules/media/media.storage.server";
import { readUpload } from "~/modules/media/media.upload.server";
import { MEDIA_FORMATS, MEDIA_WIDTHS, mediaHashOf, mediaUrl } from "~/modules/media/media.url";
import { updateOwnMerchantProfile } from "~/modules/merchant/merchant.server";
import { updateMerchant } from "~/modules/merchant/merchant.admin.server";
import { adminMerchantUpdateSchema, merchantProfileSchema } from "~/modules/merchant/merchant.schema";
import { createEvent, deleteEvent } from "~/modules/event/event.server";
import { merchantEventSchema } from "~/modules/event/event.schema";
import { createPromotion, deletePromotion, updatePromotion } from "~/modules/promotion/promotion.server";
import { adminPromotionSchema, merchantPromotionSchema } from "~/modules/promotion/promotion.schema";
import { deleteReport, moderateReport } from "~/modules/report/report.admin.server";
import { reportSchema } from "~/modules/report/report.schema";
import { fileReport } from "~/modules/report/report.server";
import { deleteUser } from "~/modules/user/user.admin.server";
import { actorFor, makeMunicipality, makeUser } from "../factories";
import {
  MULTIPART_TYPE,
  heicHeader,
  hugePngHeader,
  multipart,
  phoneJpeg,
  transparentPng,
  truncatedJpeg,
} from "../support/images";

let town: string;
let resident: Actor;
let other: Actor;
let merchantA: Actor;
let merchantB: Actor;
let admin: Actor;

const promo = (over: Record<string, unknown> = {}) =>
  merchantPromotionSchema.parse({ title: "Bread deal", valid_until: "2099-12-31", price: "€2", ...over });

async function mediaCount() {
  const db = await getDb();
  const [m] = await db.select({ n: count() }).from(media);
  const [v] = await db.select({ n: count() }).from(mediaVariants);
  return { media: Number(m.n), variants: Number(v.n) };
}

async function expectRefused(work: Promise<unknown>, reason: string) {
  const err = await work.then(
    () => null,
    (e) => e,
  );
  expect(err).toBeInstanceOf(UploadRefused);
  expect((err as UploadRefused).reason).toBe(reason);
  expect((err as UploadRefused).status).toBeGreaterThanOrEqual(400);
  expect((err as UploadRefused).status).toBeLessThan(500);
}

function requestOf(body: Buffer | ReadableStream<Uint8Array>, length?: number) {
  const headers = new Headers({ "content-type": MULTIPART_TYPE });
  if (length !== undefined) headers.set("content-length", String(length));
  return new Request("http://localhost/media/upload", {
    method: "POST",
    headers,
    body,
    duplex: "half",
  } as RequestInit & { duplex: "half" });
}

beforeAll(async () => {
  town = (await makeMunicipality()).id;
  resident = await actorFor(await makeUser("user", { municipalityId: town }));
  other = await actorFor(await makeUser("user", { municipalityId: town }));
  merchantA = await actorFor(await makeUser("merchant", { municipalityId: town }));
  merchantB = await actorFor(await makeUser("merchant", { municipalityId: town }));
  admin = await actorFor(await makeUser("admin"));
});

describe("processing", () => {
  it("strips every metadata block, applies the orientation and serves AVIF, WebP and JPEG at each width", async () => {
    const original = await phoneJpeg();
    const before = await sharp(original).metadata();
    expect(before.exif?.length).toBeGreaterThan(100);
    expect(before.orientation).toBe(6);
    expect(original.includes(Buffer.from("SN-1234567890"))).toBe(true);

    const up = await uploadImage(resident, original);
    expect(up.url).toBe(mediaUrl(up.hash, 1280, "jpeg"));
    // Shown upright: 900×600 turned a quarter is 600 wide, 900 high.
    expect([up.width, up.height]).toEqual([600, 900]);

    for (const width of MEDIA_WIDTHS) {
      for (const format of MEDIA_FORMATS) {
        const served = await readMedia(resident, mediaUrl(up.hash, width, format).slice("/media/".length));
        expect(served, `${width} ${format}`).not.toBeNull();
        const bytes = served?.bytes as Buffer;
        expect(sniff(bytes.subarray(0, 32))).toBe(format);
        expect(served?.contentType).toBe(`image/${format}`);
        const meta = await sharp(bytes).metadata();
        expect(meta.exif, `${width} ${format} EXIF`).toBeUndefined();
        expect(meta.xmp).toBeUndefined();
        expect(meta.iptc).toBeUndefined();
        expect(meta.icc).toBeUndefined();
        expect(meta.orientation ?? 1).toBe(1);
        expect(meta.width).toBe(Math.min(width, 600));
        expect(bytes.includes(Buffer.from("SN-1234567890"))).toBe(false);
        expect(bytes.includes(Buffer.from("PhoneMaker"))).toBe(false);
      }
    }
  });

  it("accepts a PNG with transparency (the JPEG variant is flattened)", async () => {
    const up = await uploadImage(merchantA, await transparentPng());
    const jpeg = await readMedia(merchantA, `${up.hash}-640.jpg`);
    const meta = await sharp(jpeg?.bytes).metadata();
    expect(meta.format).toBe("jpeg");
    expect(meta.hasAlpha).toBe(false);
    expect(meta.width).toBe(400);
  });

  it("gives the same bytes uploaded twice their own address", async () => {
    const png = await transparentPng(50, 40);
    const one = await uploadImage(resident, png);
    const two = await uploadImage(resident, png);
    expect(one.hash).not.toBe(two.hash);
  });

  it.each([
    ["a truncated JPEG", truncatedJpeg, "corrupt"],
    ["a HEIC photo", async () => heicHeader(), "heic"],
    ["a 50-megapixel PNG header", async () => hugePngHeader(), "tooManyPixels"],
    ["a text file named .jpg", async () => Buffer.from("hello, I am not an image at all".repeat(10)), "notImage"],
    ["a GIF", async () => Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "latin1"), "notImage"],
    [
      "PNG magic bytes in front of junk",
      async () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(500, 1)]),
      "corrupt",
    ],
  ])("refuses %s with its own reason and stores nothing", async (_name, make, reason) => {
    const before = await mediaCount();
    await expectRefused(uploadImage(resident, await make()), reason);
    expect(await mediaCount()).toEqual(before);
  });

  it("processes a 12-megapixel photo off the event loop (other requests are not held up)", async () => {
    const big = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: "#5a8" } })
      .composite([{ input: await transparentPng(1200, 900), top: 400, left: 700 }])
      .jpeg({ quality: 90 })
      .toBuffer();
    let last = performance.now();
    let worst = 0;
    const timer = setInterval(() => {
      const now = performance.now();
      worst = Math.max(worst, now - last);
      last = now;
    }, 5);
    const processed = await processImage(big);
    clearInterval(timer);
    expect(processed.width).toBe(1280);
    // The loop kept ticking: no tick waited for the decode or the encodes (a 12 MP decode and nine encodes take seconds of CPU).
    expect(worst, `longest event-loop stall ${Math.round(worst)} ms`).toBeLessThan(400);
  });

  it("bounds how many images are processed at once", async () => {
    let running = 0;
    let peak = 0;
    await Promise.all(
      Array.from({ length: 6 }, () =>
        withSlot(async () => {
          running++;
          peak = Math.max(peak, running);
          await new Promise((r) => setTimeout(r, 20));
          running--;
        }),
      ),
    );
    expect(peak).toBe(2);
  });
});

describe("the streamed multipart parser", () => {
  it("reads one file", async () => {
    const bytes = await transparentPng(20, 20);
    const body = multipart([
      { field: "purpose", value: "report" },
      { file: "file", filename: "x.png", type: "image/png", bytes },
    ]);
    const parsed = await readUpload(requestOf(body, body.length));
    expect(parsed.file.equals(bytes)).toBe(true);
    expect(parsed.fields.purpose).toBe("report");
  });

  it("refuses a body announced over the limit without reading it", async () => {
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(c) {
        pulled++;
        c.enqueue(new Uint8Array(1024));
      },
    });
    await expectRefused(readUpload(requestOf(stream, 1024 ** 3)), "tooLarge");
    expect(pulled).toBeLessThan(5);
  });

  it("stops reading a 1 GB file at the 10 MB limit (nothing past it is kept)", async () => {
    let sent = 0;
    const head = Buffer.from(
      `--${MULTIPART_TYPE.split("boundary=")[1]}\r\nContent-Disposition: form-data; name="file"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    );
    const chunk = new Uint8Array(64 * 1024).fill(0xff);
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(head);
      },
      pull(c) {
        if (sent >= 1024 ** 3) return c.close();
        sent += chunk.length;
        c.enqueue(chunk);
      },
    });
    const heapBefore = process.memoryUsage().rss;
    await expectRefused(readUpload(requestOf(stream)), "tooLarge");
    expect(sent).toBeLessThan(MEDIA_LIMITS.maxBytes + 4 * 1024 * 1024);
    expect(process.memoryUsage().rss - heapBefore).toBeLessThan(200 * 1024 * 1024);
  });

  it("refuses two files, an oversized field, a wrong field and a body without a file", async () => {
    const bytes = await transparentPng(10, 10);
    const two = multipart([
      { file: "file", filename: "a.png", type: "image/png", bytes },
      { file: "file", filename: "b.png", type: "image/png", bytes },
    ]);
    await expectRefused(readUpload(requestOf(two, two.length)), "tooManyFiles");
    const field = multipart([
      { field: "note", value: "x".repeat(MEDIA_LIMITS.maxFieldBytes + 10) },
      { file: "file", filename: "a.png", type: "image/png", bytes },
    ]);
    await expectRefused(readUpload(requestOf(field, field.length)), "badForm");
    const wrong = multipart([{ file: "photo", filename: "a.png", type: "image/png", bytes }]);
    await expectRefused(readUpload(requestOf(wrong, wrong.length)), "badForm");
    const none = multipart([{ field: "purpose", value: "report" }]);
    await expectRefused(readUpload(requestOf(none, none.length)), "noFile");
    const notMultipart = new Request("http://localhost/media/upload", { method: "POST", body: "a=1" });
    await expectRefused(readUpload(notMultipart), "badForm");
  });
});

describe("attaching and privacy", () => {
  it("makes an upload a promotion's; a replaced image and a deleted promotion leave nothing behind", async () => {
    const first = await uploadImage(merchantA, await transparentPng(200, 100));
    const row = await createPromotion(merchantA, promo({ image_url: first.url }));
    const db = await getDb();
    const [attached] = await db.select().from(media).where(eq(media.hash, first.hash));
    expect(attached.promotionId).toBe(row.id);
    // Public now: anyone may see it.
    expect((await readMedia(null, `${first.hash}-320.webp`))?.public).toBe(true);

    const second = await uploadImage(merchantA, await transparentPng(210, 100));
    await updatePromotion(merchantA, row.id, promo({ image_url: second.url }));
    expect(await db.select().from(media).where(eq(media.hash, first.hash))).toHaveLength(0);
    expect(await readMedia(null, `${first.hash}-320.webp`)).toBeNull();

    await deletePromotion(merchantA, row.id);
    expect(await db.select().from(media).where(eq(media.hash, second.hash))).toHaveLength(0);
    expect(await countOrphans(db)).toBe(0);
  });

  it("refuses another user's upload and an upload already used elsewhere; an administrator may attach", async () => {
    const mine = await uploadImage(merchantA, await transparentPng(60, 60));
    const err = await createPromotion(merchantB, promo({ image_url: mine.url })).catch((e) => e);
    expect(err).toBeInstanceOf(ValidationError);
    expect((err as ValidationError).fieldErrors.image_url).toBe("media.errors.notYours");
    // An unknown hash is refused the same way.
    const unknown = await createPromotion(
      merchantA,
      promo({ image_url: mediaUrl("0".repeat(32), 1280, "jpeg") }),
    ).catch((e) => e);
    expect(unknown).toBeInstanceOf(ValidationError);

    const used = await createEvent(
      merchantA,
      merchantEventSchema.parse({
        title: "Market",
        start_date: "2099-06-01",
        venue: "Square",
        category: "Music",
        image_url: mine.url,
      }),
    );
    const again = await createPromotion(merchantA, promo({ image_url: mine.url })).catch((e) => e);
    expect(again).toBeInstanceOf(ValidationError);

    // The event owns it, and deleting the event deletes it.
    await deleteEvent(merchantA, used.id);
    expect(await readMedia(admin, `${mine.hash}-320.jpg`)).toBeNull();
  });

  it("refuses someone else's picture whatever the spelling of its address, and takes one's own in any", async () => {
    // A resident's report photo, pending and then public once the report is approved.
    const photo = await uploadImage(resident, await transparentPng(90, 60));
    const report = await fileReport(
      resident,
      town,
      reportSchema.parse({ description: "Broken light", type: "informative", image_url: photo.url }),
    );
    const path = `/media/${photo.hash}-1280.jpg`;
    const spellings = [
      `${path}?a`,
      `${path}#x`,
      `http://127.0.0.1:3000${path}`,
      `http://localhost${path}?x=1`,
      `HTTP://LOCALHOST:3000${path.toUpperCase()}`,
      `/MEDIA/${photo.hash}-1280.jpg`,
      `/%6Dedia/${photo.hash}-640.webp`,
      `/images/%2e%2e${path}`,
      `/images/..${path}`,
      `\\media\\${photo.hash}-1280.jpg`,
      `//127.0.0.1:3000${path}`,
      `http://[::1]:3000/media/${photo.hash}-320.avif`,
    ];
    const refusedEverywhere = async () => {
      for (const url of spellings) {
        const err = await createPromotion(merchantB, { ...promo(), image_url: url }).catch((e) => e);
        expect(err, url).toBeInstanceOf(ValidationError);
        expect((err as ValidationError).fieldErrors.image_url, url).toBe("media.errors.notYours");
      }
    };
    // Some spellings never pass the form's own rule; the module refuses them too, whatever reaches it.
    await refusedEverywhere();
    await moderateReport(admin, report.id, "approved");
    await refusedEverywhere();
    const db = await getDb();
    const [still] = await db.select().from(media).where(eq(media.hash, photo.hash));
    expect(still.reportId).toBe(report.id);
    expect(still.promotionId).toBeNull();

    // An address under this site's /media/ that names no upload is nobody's.
    for (const url of ["/media/upload", "http://127.0.0.1:3000/media/whatever.jpg"]) {
      const err = await createPromotion(merchantB, { ...promo(), image_url: url }).catch((e) => e);
      expect(err, url).toBeInstanceOf(ValidationError);
    }
    // One's own upload in another spelling is one's own: attached as usual.
    const mine = await uploadImage(merchantB, await transparentPng(70, 70));
    const row = await createPromotion(
      merchantB,
      promo({ image_url: `http://127.0.0.1:3000/media/${mine.hash}-1280.jpg?v=2` }),
    );
    const [attached] = await db.select().from(media).where(eq(media.hash, mine.hash));
    expect(attached.promotionId).toBe(row.id);
    // Another site's /media/ is an outside image like any other.
    const outside = await createPromotion(merchantB, promo({ image_url: "https://cdn.example.org/media/photo.jpg" }));
    expect(outside.imageUrl).toBe("https://cdn.example.org/media/photo.jpg");
    // An administrator may still attach a free upload of someone else's, in any spelling.
    const free = await uploadImage(merchantA, await transparentPng(80, 80));
    const byAdmin = await createPromotion(
      admin,
      adminPromotionSchema.parse({
        title: "Admin deal",
        valid_until: "2099-12-31",
        price: "€1",
        merchant_id: merchantA.id,
        category: "Shopping",
        image_url: `/media/${free.hash}-1280.jpg#top`,
      }),
    );
    const [adminAttached] = await db.select().from(media).where(eq(media.hash, free.hash));
    expect(adminAttached.promotionId).toBe(byAdmin.id);
  });

  it("a merchant's logo upload is the merchant's and goes with a replaced logo", async () => {
    const logo = await uploadImage(merchantA, await transparentPng(128, 128));
    const input = merchantProfileSchema.parse({
      business_name: "Bakery A",
      business_email: "a@bakery.test",
      municipality_id: town,
      logo_url: logo.url,
    });
    await updateOwnMerchantProfile(merchantA, input);
    const db = await getDb();
    const [row] = await db.select().from(media).where(eq(media.hash, logo.hash));
    expect(row.merchantId).toBe(merchantA.id);
    await updateOwnMerchantProfile(merchantA, { ...input, logo_url: "https://example.org/logo.png" });
    expect(await db.select().from(media).where(eq(media.hash, logo.hash))).toHaveLength(0);
  });

  it("an administrator sets a merchant's logo from the admin panel: it becomes the merchant's", async () => {
    const logo = await uploadImage(admin, await transparentPng(120, 120));
    const [current] = await (await getDb()).select().from(merchants).where(eq(merchants.id, merchantB.id));
    await updateMerchant(
      admin,
      merchantB.id,
      adminMerchantUpdateSchema.parse({
        business_name: current.businessName,
        business_email: current.businessEmail,
        municipality_id: current.municipalityId ?? "",
        logo_url: logo.url,
      }),
    );
    const db = await getDb();
    const [row] = await db.select().from(media).where(eq(media.hash, logo.hash));
    expect(row.merchantId).toBe(merchantB.id);
    // The merchant owns it now (deleted with the merchant's account), and it is public.
    expect(row.ownerId).toBe(merchantB.id);
    expect((await readMedia(null, `${logo.hash}-320.webp`))?.public).toBe(true);
  });

  it("a pending report's photo is a 404 to everyone but the reporter and administrators, public once approved", async () => {
    const photo = await uploadImage(resident, await phoneJpeg());
    const file = `${photo.hash}-640.webp`;
    // Before the report is filed, only its owner sees the upload.
    expect(await readMedia(null, file)).toBeNull();
    expect(await readMedia(other, file)).toBeNull();
    const report = await fileReport(
      resident,
      town,
      reportSchema.parse({ type: "infrastructure_issue", description: "Fallen tree", image_url: photo.url }),
    );
    expect(await readMedia(null, file)).toBeNull();
    expect(await readMedia(other, file)).toBeNull();
    expect(await readMedia(merchantA, file)).toBeNull();
    expect((await readMedia(resident, file))?.public).toBe(false);
    expect((await readMedia(admin, file))?.public).toBe(false);

    await moderateReport(admin, report.id, "approved");
    const served = await readMedia(null, file);
    expect(served?.public).toBe(true);
    expect((await sharp(served?.bytes).metadata()).exif).toBeUndefined();

    await deleteReport(admin, report.id);
    expect(await readMedia(admin, file)).toBeNull();
  });

  it("a rejected report's photo stays private", async () => {
    const photo = await uploadImage(resident, await transparentPng(90, 90));
    const report = await fileReport(
      resident,
      town,
      reportSchema.parse({ type: "informative", description: "Graffiti", image_url: photo.url }),
    );
    await moderateReport(admin, report.id, "rejected");
    expect(await readMedia(null, `${photo.hash}-320.jpg`)).toBeNull();
    expect(await readMedia(resident, `${photo.hash}-320.jpg`)).not.toBeNull();
  });

  it("another user cannot file a report with someone else's upload", async () => {
    const photo = await uploadImage(resident, await transparentPng(70, 70));
    const err = await fileReport(
      other,
      town,
      reportSchema.parse({ type: "informative", description: "Mine?", image_url: photo.url }),
    ).catch((e) => e);
    expect(err).toBeInstanceOf(ValidationError);
    const db = await getDb();
    const [row] = await db.select().from(media).where(eq(media.hash, photo.hash));
    expect(row.reportId).toBeNull();
  });

  it("deleting an account deletes its images, attached or not; nothing is orphaned", async () => {
    const leaving = await actorFor(await makeUser("merchant", { municipalityId: town }));
    const loose = await uploadImage(leaving, await transparentPng(30, 30));
    const used = await uploadImage(leaving, await transparentPng(31, 30));
    await createPromotion(leaving, promo({ image_url: used.url }));
    const reportPhoto = await uploadImage(leaving, await transparentPng(32, 30));
    await fileReport(
      leaving,
      town,
      reportSchema.parse({ type: "informative", description: "Bench", image_url: reportPhoto.url }),
    );
    const db = await getDb();
    expect(await db.select().from(media).where(eq(media.ownerId, leaving.id))).toHaveLength(3);
    await deleteUser(admin, leaving.id);
    expect(await db.select().from(media).where(eq(media.ownerId, leaving.id))).toHaveLength(0);
    for (const h of [loose.hash, used.hash, reportPhoto.hash]) {
      expect(await readMedia(admin, `${h}-320.jpg`)).toBeNull();
    }
    expect(await countOrphans(db)).toBe(0);
    // The deleted reporter's report stays (reporter set to null) without its photo.
    const left = await db.select().from(reports).where(eq(reports.imageUrl, reportPhoto.url));
    expect(left.every((r) => r.reporterId === null)).toBe(true);
  });

  it("sweeps uploads never saved with a form after a day", async () => {
    const fresh = await uploadImage(other, await transparentPng(33, 33));
    const db = await getDb();
    await sweepMedia();
    expect(await db.select().from(media).where(eq(media.hash, fresh.hash))).toHaveLength(1);
    await sweepMedia(new Date(Date.now() + UNATTACHED_TTL_MS + 60_000));
    expect(await db.select().from(media).where(eq(media.hash, fresh.hash))).toHaveLength(0);
  });

  it("a stored image_url names its upload", () => {
    expect(mediaHashOf(mediaUrl("a".repeat(32), 640, "webp"))).toBe("a".repeat(32));
    expect(mediaHashOf("https://evil.example/media/aaaa-640.webp")).toBeNull();
    expect(mediaHashOf(`/media/${"a".repeat(32)}-641.webp`)).toBeNull();
  });
});

describe("the directory driver", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), "h14-media-"));
    useMediaStore(directoryStore(dir));
  });
  afterAll(async () => {
    useMediaStore(undefined);
    await fs.rm(dir, { recursive: true, force: true });
  });

  it("writes files named like their addresses, serves them, and sweeps those whose row is gone", async () => {
    const up = await uploadImage(merchantB, await transparentPng(150, 100));
    const files = (await fs.readdir(dir)).filter((f) => f.startsWith(up.hash));
    expect(files).toHaveLength(MEDIA_WIDTHS.length * MEDIA_FORMATS.length);
    const db = await getDb();
    const [variant] = await db
      .select({ bytes: mediaVariants.bytes })
      .from(mediaVariants)
      .innerJoin(media, eq(media.id, mediaVariants.mediaId))
      .where(eq(media.hash, up.hash))
      .limit(1);
    expect(variant.bytes).toBeNull();

    const row = await createPromotion(merchantB, promo({ image_url: up.url }));
    expect((await readMedia(null, `${up.hash}-640.avif`))?.contentType).toBe("image/avif");
    await deletePromotion(merchantB, row.id);
    await sweepMedia();
    expect((await fs.readdir(dir)).filter((f) => f.startsWith(up.hash))).toHaveLength(0);
    expect(await countOrphans(db)).toBe(0);
  });
});
