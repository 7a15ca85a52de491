/**
 * Typed translation keys. The `@ts-expect-error` lines are checked by `npm run typecheck`:
 * if a misspelt key stopped being an error, the typecheck would fail on the unused directive. The second test
 * covers the keys that travel as data (module errors, form results), which the compiler cannot see.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EVENT_CATEGORIES, type PromotionCategory } from "@db/schema/enums";
import { MESSAGES } from "~/lib/i18n/locale.server";
import { messageKey, oneOf } from "~/lib/i18n/keys";
import { createI18n } from "~/lib/i18n/translator";

const i18n = createI18n("en", MESSAGES.en);

describe("typed translation keys", () => {
  it("accepts the keys of the English files, bare in the t's namespace or with their namespace", () => {
    const t = i18n.getFixedT("en", "admin");
    expect(t("users.title")).toBe("Users");
    expect(t("merchant:promotions.fields.title")).toBe("Title");
    expect(t("common:crud.save")).toBe("Save");
    const category: PromotionCategory = "Food & Drink";
    expect(t(`merchant:categories.${category}`)).toBe("Food & drink");
    const known = oneOf(EVENT_CATEGORIES, "Music");
    expect(known && t(`merchant:categories.${known}`)).toBe("Music");
    expect(oneOf(EVENT_CATEGORIES, "Pottery")).toBeNull();
  });

  it("refuses keys that are not in the English files", () => {
    const t = i18n.getFixedT("en", "admin");
    // @ts-expect-error: no such key
    expect(t("no.such.key")).toBe("no.such.key");
    // @ts-expect-error: a merchant key without its namespace in an admin t
    expect(t("promotions.fields.title")).toBe("promotions.fields.title");
    // @ts-expect-error: a misspelt namespace
    expect(t("admn:users.title")).toBe("admn:users.title");
    // A key that arrives as data goes through messageKey, on purpose.
    expect(t(messageKey("admin:users.title"))).toBe("Users");
  });
});

describe("keys used as data", () => {
  const en = MESSAGES.en as Record<string, Record<string, unknown>>;
  const lookup = (ns: string, key: string) =>
    key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en[ns]);
  /** A message, or a section of messages ("admin:events"); a bare key may belong to any t's namespace. */
  const exists = (key: string) => {
    const [ns, rest] = key.includes(":") ? key.split(":") : [null, key];
    return (ns ? [ns] : Object.keys(en)).some((n) => lookup(n, rest) !== undefined);
  };
  const files = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      const p = path.join(dir, e.name);
      return e.isDirectory() ? files(p) : /\.tsx?$/.test(e.name) ? [p] : [];
    });

  it("every message key written in the modules, lib and routes exists in English", () => {
    const root = path.resolve(__dirname, "../../app");
    const literal =
      /["'`]((?:common|site|account|merchant|admin):[A-Za-z0-9_.]+|(?:validation|errors)\.[A-Za-z0-9_]+)["'`]/g;
    const missing: string[] = [];
    let seen = 0;
    for (const dir of ["modules", "lib", "routes", "server"]) {
      for (const file of files(path.join(root, dir))) {
        for (const [, key] of fs.readFileSync(file, "utf8").matchAll(literal)) {
          seen++;
          if (!exists(key)) missing.push(`${path.relative(root, file)}: ${key}`);
        }
      }
    }
    expect(seen).toBeGreaterThan(50);
    expect(missing).toEqual([]);
  });
});
