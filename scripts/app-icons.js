// `npm run app-icons`: the installed app's icons (web app manifest), drawn from public/favicon.svg with sharp.
// The maskable one keeps the house inside the central safe zone (80 %) on a full-bleed background.
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { ROOT } from "./lib/cli.js";

const svg = fs.readFileSync(path.join(ROOT, "public/favicon.svg"));
const out = path.join(ROOT, "public/icons");
fs.mkdirSync(out, { recursive: true });
for (const size of [192, 512]) {
  await sharp(svg, { density: (72 * size) / 32 })
    .resize(size, size)
    .png()
    .toFile(path.join(out, `icon-${size}.png`));
}
// Maskable: the same house, smaller, on the brand colour to the edges.
const house = await sharp(svg, { density: (72 * 360) / 32 })
  .resize(360, 360)
  .png()
  .toBuffer();
await sharp({ create: { width: 512, height: 512, channels: 4, background: "#0e6b4c" } })
  .composite([{ input: house, gravity: "centre" }])
  .png()
  .toFile(path.join(out, "icon-maskable-512.png"));
console.log("public/icons: icon-192.png, icon-512.png, icon-maskable-512.png");
