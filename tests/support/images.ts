/**
 * Image bytes made in the test with sharp, never fixtures of unknown origin: a phone photo with
 * GPS and camera EXIF and a rotated orientation, a PNG with transparency, a truncated file, a HEIC header,
 * a PNG header claiming more than 40 megapixels, and the multipart bodies that carry them.
 */
import zlib from "node:zlib";
import sharp from "sharp";

/** A 900×600 JPEG whose EXIF says "rotate 90°" (so it is shown 600×900), with GPS, camera and serial. */
export async function phoneJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .composite([
      {
        input: await sharp({ create: { width: 300, height: 200, channels: 3, background: "#e33" } })
          .png()
          .toBuffer(),
        top: 0,
        left: 0,
      },
    ])
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: "PhoneMaker", Model: "Phone 15", Software: "Camera 1.0", Copyright: "Resident" },
      IFD2: { BodySerialNumber: "SN-1234567890", LensMake: "PhoneMaker" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "50/1 52/1 3020/100",
        GPSLongitudeRef: "E",
        GPSLongitude: "4/1 21/1 3020/100",
      },
    })
    .toBuffer();
}

export async function transparentPng(width = 400, height = 300): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 0, g: 160, b: 80, alpha: 0.5 } } })
    .png()
    .toBuffer();
}

export async function truncatedJpeg(): Promise<Buffer> {
  const whole = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#123456" } })
    .jpeg()
    .toBuffer();
  return whole.subarray(0, Math.floor(whole.length / 2));
}

/** The start of a HEIC file (an ftyp box with the heic brand) followed by junk: what an iPhone sends. */
export function heicHeader(): Buffer {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write("ftypheic", 4, "latin1");
  ftyp.writeUInt32BE(0, 12);
  ftyp.write("mif1heic", 16, "latin1");
  return Buffer.concat([ftyp, Buffer.alloc(2000, 7)]);
}

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A valid PNG header for a 10000×5000 image (50 MP) with a little compressed data: a decompression bomb. */
export function hugePngHeader(width = 10_000, height = 5_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const row = Buffer.alloc(width + 1);
  const idat = zlib.deflateSync(Buffer.concat(Array.from({ length: 4 }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", idat),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

export const BOUNDARY = "----h14boundary7MA4YWxkTrZu0gW";

/** A multipart body: each part a field or a file (name, bytes, declared type). */
export function multipart(
  parts: ({ field: string; value: string } | { file: string; filename: string; type: string; bytes: Buffer })[],
): Buffer {
  const out: Buffer[] = [];
  for (const p of parts) {
    out.push(Buffer.from(`--${BOUNDARY}\r\n`));
    if ("field" in p) {
      out.push(Buffer.from(`Content-Disposition: form-data; name="${p.field}"\r\n\r\n${p.value}\r\n`));
    } else {
      out.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${p.file}"; filename="${p.filename}"\r\nContent-Type: ${p.type}\r\n\r\n`,
        ),
        p.bytes,
        Buffer.from("\r\n"),
      );
    }
  }
  out.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(out);
}

/** The Content-Type of a `multipart` body. */
export const MULTIPART_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;
