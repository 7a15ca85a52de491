/** The committed icon sprite is what scripts/icons.js makes from lucide-react for the icons we declare. */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildSprite, declaredIcons } from "../../scripts/icons.js";

const ROOT = path.resolve(import.meta.dirname, "../..");

describe("icon sprite", () => {
  it("holds every declared icon, drawn as lucide draws it", async () => {
    const names: string[] = declaredIcons();
    expect(names.length).toBeGreaterThan(30);
    const committed = fs.readFileSync(path.join(ROOT, "app/assets/icons.svg"), "utf8");
    for (const name of names) expect(committed).toContain(`<symbol id="${name}" viewBox="0 0 24 24">`);
    expect(committed, "run npm run icons").toBe(await buildSprite(names));
  });

  it("no component imports lucide-react directly", () => {
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (/\.(tsx?|jsx?)$/.test(e.name) && fs.readFileSync(p, "utf8").includes('from "lucide-react"')) {
          offenders.push(path.relative(ROOT, p));
        }
      }
    };
    walk(path.join(ROOT, "app"));
    expect(offenders).toEqual([]);
  });
});
