import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LOCALES, NAMESPACES } from "~/lib/i18n";

const dir = path.resolve(__dirname, "../../app/locales");
const load = (lng: string, ns: string) => JSON.parse(fs.readFileSync(path.join(dir, lng, `${ns}.json`), "utf8"));
const keys = (o: Record<string, unknown>, prefix = ""): string[] =>
  Object.entries(o).flatMap(([k, v]) =>
    v && typeof v === "object" ? keys(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
const placeholders = (s: string) => [...s.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
const get = (o: Record<string, unknown>, key: string) =>
  key.split(".").reduce<unknown>((acc, k) => (acc as Record<string, unknown>)?.[k], o);

describe("translations", () => {
  for (const ns of NAMESPACES) {
    const en = load("en", ns);
    for (const lng of LOCALES.filter((l) => l !== "en")) {
      it(`${lng}/${ns}.json has every key of en with the same placeholders`, () => {
        const other = load(lng, ns);
        const missing = keys(en).filter((k) => get(other, k) === undefined);
        expect(missing).toEqual([]);
        const extra = keys(other).filter((k) => get(en, k) === undefined);
        expect(extra).toEqual([]);
        for (const k of keys(en)) {
          const a = String(get(en, k));
          const b = String(get(other, k));
          expect(placeholders(b), `${lng}:${ns}:${k}`).toEqual(placeholders(a));
          if (b.trim() === "") throw new Error(`${lng}:${ns}:${k} is empty`);
        }
      });
    }
  }
});
