/**
 * What an upload really is, from its first bytes (never its name or declared type). Only JPEG, PNG, WebP
 * and AVIF are accepted; HEIC/HEIF is recognised so that it gets its own message ("send it as JPEG"): the
 * prebuilt sharp binaries cannot decode it.
 */
type Sniffed = "jpeg" | "png" | "webp" | "avif" | "heic" | null;

const HEIC_BRANDS = new Set(["heic", "heix", "heim", "heis", "hevc", "hevx", "hevm", "hevs", "mif1", "msf1"]);
const AVIF_BRANDS = new Set(["avif", "avis"]);

export function sniff(head: Uint8Array): Sniffed {
  const b = head;
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "jpeg";
  if (b.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((v, i) => b[i] === v)) return "png";
  const ascii = (from: number, to: number) => String.fromCharCode(...b.subarray(from, to));
  if (b.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  // ISO base media (AVIF, HEIC): a box of type "ftyp" with a major brand and compatible brands.
  if (b.length >= 12 && ascii(4, 8) === "ftyp") {
    const size = Math.min(((b[0] << 24) | (b[1] << 16) | (b[2] << 8) | b[3]) >>> 0, b.length);
    const brands = [ascii(8, 12)];
    for (let at = 16; at + 4 <= size; at += 4) brands.push(ascii(at, at + 4));
    // AVIF files also list mif1 (the generic HEIF brand): the AVIF brand decides.
    if (brands.some((x) => AVIF_BRANDS.has(x))) return "avif";
    if (brands.some((x) => HEIC_BRANDS.has(x))) return "heic";
  }
  return null;
}
