/** Uploads: what an upload is from its bytes, and the media addresses. Pure functions. */
import { describe, expect, it } from "vitest";
import { can, isPublic } from "~/modules/media/media.policy";
import { sniff } from "~/modules/media/media.sniff";
import {
  MEDIA_WIDTHS,
  isOutsideImage,
  mediaHashOf,
  mediaReference,
  mediaSrcSet,
  mediaUrl,
  parseMediaFile,
} from "~/modules/media/media.url";

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? [...Buffer.from(p, "latin1")] : p)));
const ftyp = (major: string, ...compatible: string[]) => {
  const size = 16 + 4 * compatible.length;
  return bytes([0, 0, 0, size], "ftyp", major, [0, 0, 0, 0], compatible.join(""));
};

describe("sniff", () => {
  it("tells the four accepted formats from their first bytes", () => {
    expect(sniff(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe("jpeg");
    expect(sniff(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe("png");
    expect(sniff(bytes("RIFF", [1, 2, 3, 4], "WEBPVP8 "))).toBe("webp");
    expect(sniff(ftyp("avif", "mif1", "miaf"))).toBe("avif");
    // An AVIF file that names the generic HEIF brand first is still AVIF.
    expect(sniff(ftyp("mif1", "avif"))).toBe("avif");
  });

  it("recognises HEIC (for its own message) and refuses everything else", () => {
    expect(sniff(ftyp("heic", "mif1", "heic"))).toBe("heic");
    expect(sniff(ftyp("mif1", "heic"))).toBe("heic");
    expect(sniff(bytes("GIF89a"))).toBeNull();
    expect(sniff(bytes("<svg xmlns"))).toBeNull();
    expect(sniff(bytes("%PDF-1.7"))).toBeNull();
    expect(sniff(bytes([0xff, 0xd8]))).toBeNull();
    expect(sniff(bytes("RIFF", [1, 2, 3, 4], "WAVE"))).toBeNull();
    expect(sniff(ftyp("isom", "mp41"))).toBeNull();
    expect(sniff(new Uint8Array())).toBeNull();
  });
});

describe("media addresses", () => {
  const hash = "0123456789abcdef0123456789abcdef";
  it("round-trips hash, width and format", () => {
    expect(mediaUrl(hash, 640, "jpeg")).toBe(`/media/${hash}-640.jpg`);
    expect(parseMediaFile(`${hash}-1280.avif`)).toEqual({ hash, width: 1280, format: "avif" });
    expect(mediaHashOf(`/media/${hash}-320.webp`)).toBe(hash);
    expect(mediaSrcSet(hash, "webp").split(", ")).toHaveLength(MEDIA_WIDTHS.length);
  });

  it("refuses anything else", () => {
    for (const file of [
      `${hash}-641.jpg`,
      `${hash}-640.jpeg`,
      `${hash}-640.png`,
      `${hash.toUpperCase()}-640.jpg`,
      `${hash}0-640.jpg`,
      `../${hash}-640.jpg`,
      `${hash}-640.jpg.exe`,
    ]) {
      expect(parseMediaFile(file), file).toBeNull();
    }
    expect(mediaHashOf(`https://elsewhere.example/media/${hash}-640.jpg`)).toBeNull();
    expect(mediaHashOf(null)).toBeNull();
  });
});

describe("an image address, however it is spelled", () => {
  const hash = "0123456789abcdef0123456789abcdef";
  const site = (host: string) => host === "127.0.0.1" || host === "buurt.example";

  it("names the upload it resolves to in a browser", () => {
    for (const url of [
      `/media/${hash}-1280.jpg`,
      `/media/${hash}-1280.jpg?a`,
      `/media/${hash}-1280.jpg#x`,
      ` /media/${hash}-640.webp `,
      `/MEDIA/${hash.toUpperCase()}-1280.JPG`,
      `/%6Dedia/${hash}-1280.jpg`,
      `/x/%2e%2e/media/${hash}-1280.jpg`,
      `/x/../media/${hash}-1280.jpg`,
      `\\media\\${hash}-1280.jpg`,
      `/media%2F${hash}-1280.jpg`,
      `http://127.0.0.1:3000/media/${hash}-1280.jpg`,
      `HTTPS://BUURT.EXAMPLE/media/${hash}-320.avif`,
      `//127.0.0.1:3000/media/${hash}-1280.jpg`,
      // Another host's address in an upload's exact shape is checked too: an alias of this site may serve it.
      `https://alias.example/media/${hash}-1280.jpg`,
    ]) {
      expect(mediaReference(url, site), url).toEqual({ hash });
    }
  });

  it("refuses nothing that is elsewhere, and names no upload for other paths of this site's /media/", () => {
    expect(mediaReference("https://cdn.example/media/photo.jpg", site)).toBeNull();
    expect(mediaReference("https://cdn.example/a.png", site)).toBeNull();
    expect(mediaReference("/images/demo/bakery.svg", site)).toBeNull();
    expect(mediaReference(null, site)).toBeNull();
    expect(mediaReference("/media/upload", site)).toEqual({ hash: null });
    expect(mediaReference(`/media/${hash}-1280.gif`, site)).toEqual({ hash: null });
    expect(mediaReference(`http://127.0.0.1:3000/MEDIA/nothing`, site)).toEqual({ hash: null });
  });

  it("tells images of this site from images fetched from another", () => {
    expect(isOutsideImage(`/media/${hash}-1280.jpg`)).toBe(false);
    expect(isOutsideImage("/images/demo/bakery.svg")).toBe(false);
    expect(isOutsideImage("https://tracker.example/pixel.gif")).toBe(true);
    expect(isOutsideImage("//tracker.example/pixel.gif")).toBe(true);
    expect(isOutsideImage("/\\tracker.example/pixel.gif")).toBe(true);
  });
});

describe("media policy", () => {
  const owner = { id: "u1", role: "user" as const };
  const stranger = { id: "u2", role: "user" as const };
  const admin = { id: "a", role: "admin" as const };
  it("keeps fresh uploads and unapproved report photos to their owner and administrators", () => {
    for (const row of [
      { ownerId: "u1", attached: false },
      { ownerId: "u1", attached: true, reportStatus: "pending" },
      { ownerId: "u1", attached: true, reportStatus: "rejected" },
    ]) {
      expect(isPublic(row)).toBe(false);
      expect(can(null, "view", row)).toBe(false);
      expect(can(stranger, "view", row)).toBe(false);
      expect(can(owner, "view", row)).toBe(true);
      expect(can(admin, "view", row)).toBe(true);
    }
    const approved = { ownerId: "u1", attached: true, reportStatus: "approved" };
    expect(can(null, "view", approved)).toBe(true);
    expect(isPublic({ ownerId: "u1", attached: true, reportStatus: null })).toBe(true);
  });

  it("lets only the owner or an administrator attach, and only a signed-in user upload", () => {
    const row = { ownerId: "u1", attached: false };
    expect(can(owner, "attach", row)).toBe(true);
    expect(can(admin, "attach", row)).toBe(true);
    expect(can(stranger, "attach", row)).toBe(false);
    expect(can(null, "upload")).toBe(false);
    expect(can(stranger, "upload")).toBe(true);
  });
});
