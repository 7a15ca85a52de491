/**
 * Turning an upload into the images we serve, with sharp: the original is decoded (up to
 * MEDIA_LIMITS.maxPixels: a decompression bomb is refused from its header), turned upright from its EXIF
 * orientation, converted to sRGB, and re-encoded at each width in AVIF, WebP and JPEG. Nothing of the
 * original's metadata survives (sharp writes none unless asked: no EXIF, GPS, XMP, IPTC or ICC profile).
 *
 * Uploads never hold up other requests: sharp works off the event loop with one thread per image, and at
 * most PROCESS_SLOTS images are processed at once (the rest wait in a short queue; a full queue is "busy").
 */
import sharp from "sharp";
import { MEDIA_LIMITS, type UploadError } from "./media.limits";
import { sniff } from "./media.sniff";
import { MEDIA_FORMATS, MEDIA_WIDTHS, type MediaFormat, type MediaWidth } from "./media.url";

sharp.concurrency(1);
sharp.cache({ memory: 32, files: 0, items: 20 });

const PROCESS_SLOTS = 2;
const MAX_WAITING = 16;

/** An upload refused for a reason the user can act on: a 4xx with its translated message. */
export class UploadRefused extends Error {
  constructor(
    readonly reason: UploadError,
    readonly status: number = reason === "tooLarge" ? 413 : reason === "busy" ? 503 : 400,
  ) {
    super(reason);
    this.name = "UploadRefused";
  }
}

export type Variant = { width: MediaWidth; format: MediaFormat; bytes: Buffer };
export type Processed = { width: number; height: number; variants: Variant[] };

let running = 0;
const waiting: (() => void)[] = [];

/** Runs `work` when one of the PROCESS_SLOTS is free. */
export async function withSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= PROCESS_SLOTS) {
    if (waiting.length >= MAX_WAITING) throw new UploadRefused("busy");
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    running++;
  }
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

function encode(image: sharp.Sharp, format: MediaFormat): Promise<Buffer> {
  switch (format) {
    case "avif":
      return image.avif({ quality: 50, effort: 2 }).toBuffer();
    case "webp":
      return image.webp({ quality: 76, effort: 3 }).toBuffer();
    default:
      return image.flatten({ background: "#ffffff" }).jpeg({ quality: 80, mozjpeg: true }).toBuffer();
  }
}

/** Decodes, checks and re-encodes one upload; a file that is not a usable image is an UploadRefused. */
export async function processImage(input: Buffer): Promise<Processed> {
  const kind = sniff(input.subarray(0, 32));
  if (kind === "heic") throw new UploadRefused("heic");
  if (!kind) throw new UploadRefused("notImage");
  const options: sharp.SharpOptions = { limitInputPixels: MEDIA_LIMITS.maxPixels, failOn: "truncated" };

  let meta: sharp.Metadata;
  try {
    meta = await sharp(input, options).metadata();
  } catch (err) {
    throw refusalOf(err);
  }
  if (!meta.width || !meta.height) throw new UploadRefused("corrupt");
  if (meta.width * meta.height > MEDIA_LIMITS.maxPixels) throw new UploadRefused("tooManyPixels");
  // sharp's own format must agree with the bytes we sniffed (a PNG header on something else is corrupt).
  const decodedAs = meta.format === "jpg" ? "jpeg" : meta.format === "heif" ? "avif" : meta.format;
  if (decodedAs !== kind) throw new UploadRefused("corrupt");

  return withSlot(async () => {
    // One full decode (a truncated or corrupt file fails here), upright, sRGB, at the largest width.
    let largest: { data: Buffer; info: sharp.OutputInfo };
    try {
      largest = await sharp(input, options)
        .rotate()
        .resize({ width: MEDIA_WIDTHS[MEDIA_WIDTHS.length - 1], withoutEnlargement: true })
        .toColourspace("srgb")
        .raw()
        .toBuffer({ resolveWithObject: true });
    } catch (err) {
      throw refusalOf(err);
    }
    const { width, height, channels } = largest.info;
    const raw = { raw: { width, height, channels } } as const;
    const variants: Variant[] = [];
    for (const w of MEDIA_WIDTHS) {
      for (const format of MEDIA_FORMATS) {
        const image = sharp(largest.data, raw).resize({ width: w, withoutEnlargement: true });
        variants.push({ width: w, format, bytes: await encode(image, format) });
      }
    }
    return { width, height, variants };
  });
}

function refusalOf(err: unknown): UploadRefused {
  if (err instanceof UploadRefused) return err;
  const message = err instanceof Error ? err.message : String(err);
  if (/pixel limit/i.test(message)) return new UploadRefused("tooManyPixels");
  return new UploadRefused("corrupt");
}
