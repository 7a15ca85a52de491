// `npm run icons`: writes app/assets/icons.svg, one <symbol> per icon that app/components/icons.tsx declares,
// from lucide-react's own icon data. Pages then draw an icon as <svg><use href="sprite#name"/></svg>: a few
// dozen bytes of HTML instead of the icon's paths, and no icon code in the browser.
//   node scripts/icons.js           write the sprite
//   node scripts/icons.js --check   exit 1 when the committed sprite differs from what would be written
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const ROOT = path.resolve(import.meta.dirname, "..");
const DECLARATIONS = path.join(ROOT, "app/components/icons.tsx");
const SPRITE = path.join(ROOT, "app/assets/icons.svg");
const ICONS_DIR = path.join(ROOT, "node_modules/lucide-react/dist/esm/icons");

const escapeAttr = (v) => String(v).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

export function declaredIcons(source = fs.readFileSync(DECLARATIONS, "utf8")) {
  return [...new Set([...source.matchAll(/\bicon\("([a-z0-9-]+)"\)/g)].map((m) => m[1]))].sort();
}

export async function buildSprite(names = declaredIcons()) {
  const symbols = [];
  for (const name of names) {
    const file = path.join(ICONS_DIR, `${name}.mjs`);
    if (!fs.existsSync(file)) throw new Error(`lucide-react has no icon "${name}" (${file})`);
    const { __iconData } = await import(pathToFileURL(file).href);
    const children = __iconData.node
      .map(([tag, attrs]) => {
        const list = Object.entries(attrs)
          .filter(([k]) => k !== "key")
          .map(([k, v]) => `${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}="${escapeAttr(v)}"`)
          .join(" ");
        return `<${tag} ${list}/>`;
      })
      .join("");
    symbols.push(`<symbol id="${name}" viewBox="0 0 24 24">${children}</symbol>`);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join("\n")}\n</svg>\n`;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const sprite = await buildSprite();
  if (process.argv.includes("--check")) {
    const current = fs.existsSync(SPRITE) ? fs.readFileSync(SPRITE, "utf8") : "";
    if (current !== sprite) {
      console.error("app/assets/icons.svg is out of date: run npm run icons");
      process.exit(1);
    }
    console.log("icons: sprite up to date");
  } else {
    fs.writeFileSync(SPRITE, sprite);
    console.log(
      `icons: wrote ${path.relative(ROOT, SPRITE)} (${declaredIcons().length} icons, ${sprite.length} bytes)`,
    );
  }
}
