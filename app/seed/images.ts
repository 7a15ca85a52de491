/**
 * Demo pictures: a handful of images drawn with sharp at seed time and put through the real
 * upload pipeline (decode, strip, resize, AVIF/WebP/JPEG), so the demo site serves uploaded images, not
 * placeholder SVGs, and its Lighthouse numbers are real. Each row gets its own media row (its own address,
 * deleted with it); the few distinct pictures are processed once and their variants shared as bytes.
 */
import crypto from "node:crypto";
import { eq, isNotNull } from "drizzle-orm";
import sharp from "sharp";
import { events, media, merchants, promotions, reports } from "@db/schema";
import type { DbOrTx } from "~/lib/db/db.server";
import { type Processed, processImage } from "~/modules/media/index.server";
import { mediaStore } from "~/modules/media/index.server";
import { storedMediaUrl } from "~/modules/media";
import { seedDemoGalleries } from "./gallery";

/** Hues of the demo pictures: a handful, so seeding stays quick. */
const HUES = [12, 42, 150, 200, 262, 330];
/** What each hue looks like, for the alt text of the demo gallery pictures. */
const COLOURS = ["red and orange", "yellow and brown", "green", "blue", "purple", "pink"];

function demoSvg(hue: number, seed: number): Buffer {
  const h2 = (hue + 40) % 360;
  const h3 = (hue + 180) % 360;
  const cx = 700 + ((seed * 97) % 400);
  const cy = 200 + ((seed * 53) % 250);
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900">
      <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="hsl(${hue},65%,58%)"/><stop offset="1" stop-color="hsl(${h2},55%,32%)"/>
      </linearGradient></defs>
      <rect width="1600" height="900" fill="url(#g)"/>
      <circle cx="${cx}" cy="${cy}" r="210" fill="hsl(${h3},80%,72%)" opacity="0.55"/>
      <circle cx="${cx - 380}" cy="${cy + 330}" r="120" fill="white" opacity="0.18"/>
      <rect x="140" y="560" width="640" height="200" rx="28" fill="white" opacity="0.22"/>
      <rect x="180" y="600" width="380" height="36" rx="18" fill="white" opacity="0.5"/>
      <rect x="180" y="660" width="260" height="28" rx="14" fill="white" opacity="0.35"/>
    </svg>`,
  );
}

type Picture = { source: Buffer; processed: Processed };

/**
 * The demo pictures drawn and processed in a short-lived child process when the server runs from a build
 * (server.js names it in BP_SERVER_BUILD): image codecs leave a few hundred MB of native memory behind in the
 * process that ran them, which the server would otherwise carry for its whole life. Elsewhere (development,
 * tests) or when the child fails, they are made here.
 */
async function demoPictures(): Promise<Picture[]> {
  const build = process.env.BP_SERVER_BUILD;
  if (build && !process.env.BP_DEMO_PICTURES_CHILD) {
    const made = await picturesInChild(build).catch(() => null);
    if (made) return made;
  }
  return drawDemoPictures();
}

/** The child's program: load the build, make the pictures, write them to stdout (v8 serialization). */
const CHILD_PROGRAM = `
const v8 = await import("node:v8");
const build = await import(process.env.BP_SERVER_BUILD);
const pictures = await build.entry.module.drawDemoPictures();
process.stdout.write(v8.serialize(pictures), () => process.exit(0));
`;

async function picturesInChild(build: string): Promise<Picture[]> {
  const { spawn } = await import("node:child_process");
  const v8 = await import("node:v8");
  const child = spawn(process.execPath, ["--input-type=module", "-e", CHILD_PROGRAM], {
    env: { ...process.env, BP_SERVER_BUILD: build, BP_DEMO_PICTURES_CHILD: "1", LOG_LEVEL: "error" },
    stdio: ["ignore", "pipe", "ignore"],
  });
  const chunks: Buffer[] = [];
  child.stdout.on("data", (c: Buffer) => chunks.push(c));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", resolve);
  });
  if (code !== 0) throw new Error(`demo pictures child exited with ${code}`);
  const pictures = v8.deserialize(Buffer.concat(chunks)) as Picture[];
  // v8 serialization gives Uint8Arrays back: the rest of the seed hashes and stores Buffers.
  return pictures.map(({ source, processed }) => ({
    source: Buffer.from(source),
    processed: {
      ...processed,
      variants: processed.variants.map((v) => ({ ...v, bytes: Buffer.from(v.bytes) })),
    },
  }));
}

/** The demo pictures, as a phone would upload them (JPEG), processed like any upload. */
export async function drawDemoPictures(): Promise<Picture[]> {
  return Promise.all(
    HUES.map(async (hue, i) => {
      const source = await sharp(demoSvg(hue, i + 1))
        .jpeg({ quality: 85 })
        .toBuffer();
      return { source, processed: await processImage(source) };
    }),
  );
}

const pick = (key: string) => crypto.createHash("sha1").update(key).digest()[0] % HUES.length;

/**
 * Gives every seeded promotion, event, merchant logo and report photo an uploaded image of its own, owned
 * like a real upload (the merchant; the reporter). Runs inside the seed's transaction.
 */
export async function seedDemoImages(tx: DbOrTx): Promise<number> {
  const pictures = await demoPictures();
  const store = mediaStore();
  const promotionRows = await tx
    .select({ id: promotions.id, merchantId: promotions.merchantId, category: promotions.category })
    .from(promotions);
  const eventRows = await tx
    .select({ id: events.id, merchantId: events.merchantId, category: events.category })
    .from(events);
  const merchantRows = await tx.select({ id: merchants.id, category: merchants.category }).from(merchants);
  const reportRows = await tx
    .select({ id: reports.id, reporterId: reports.reporterId, type: reports.type })
    .from(reports)
    .where(isNotNull(reports.imageUrl));

  type Job = {
    /** The kind and category (which picture) and the row (its own address). */
    key: string;
    ownerId: string;
    link: Partial<typeof media.$inferInsert>;
    apply: (url: string) => Promise<unknown>;
  };
  const jobs: Job[] = [
    ...promotionRows.map((r) => ({
      key: `promotion:${r.category}:${r.id}`,
      ownerId: r.merchantId,
      link: { promotionId: r.id },
      apply: (url: string) => tx.update(promotions).set({ imageUrl: url }).where(eq(promotions.id, r.id)),
    })),
    ...eventRows.map((r) => ({
      key: `event:${r.category}:${r.id}`,
      ownerId: r.merchantId,
      link: { eventId: r.id },
      apply: (url: string) => tx.update(events).set({ imageUrl: url }).where(eq(events.id, r.id)),
    })),
    ...merchantRows.map((r) => ({
      key: `merchant:${r.category}:${r.id}`,
      ownerId: r.id,
      link: { merchantId: r.id },
      apply: (url: string) => tx.update(merchants).set({ logoUrl: url }).where(eq(merchants.id, r.id)),
    })),
    ...reportRows
      .filter((r) => r.reporterId)
      .map((r) => ({
        key: `report:${r.type}:${r.id}`,
        ownerId: r.reporterId as string,
        link: { reportId: r.id },
        apply: (url: string) => tx.update(reports).set({ imageUrl: url }).where(eq(reports.id, r.id)),
      })),
  ];
  const upload = async (key: string, ownerId: string, link: Partial<typeof media.$inferInsert>, which: number) => {
    const picture = pictures[which];
    const h = crypto.createHash("sha256").update(picture.source).update(key).digest("hex").slice(0, 32);
    const [row] = await tx
      .insert(media)
      .values({
        hash: h,
        ownerId,
        width: picture.processed.width,
        height: picture.processed.height,
        storage: store.kind,
        ...link,
      })
      .returning({ id: media.id });
    await store.put(tx, row.id, h, picture.processed.variants);
    return storedMediaUrl(h);
  };
  for (const job of jobs) {
    const which = pick(job.key.split(":").slice(0, 2).join(":"));
    await job.apply(await upload(job.key, job.ownerId, job.link, which));
  }
  // Demo galleries: seed/gallery.ts, with the same pictures.
  const gallery = await seedDemoGalleries(tx, async (key, ownerId, link) => {
    const which = pick(key);
    return { url: await upload(key, ownerId, link, which), colour: COLOURS[which] };
  });
  return jobs.length + gallery;
}
