/**
 * The translator against i18next (kept as a dev dependency for this comparison only): for every message of
 * every namespace in every language, with and without plural counts, variables given, missing or empty, both
 * must return the same text. Plus the behaviours the app relies on that the messages alone do not exercise.
 */
import { messageKey } from "~/lib/i18n/keys";
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { DEFAULT_LOCALE, LOCALES, type Locale, type Messages, NAMESPACES } from "~/lib/i18n";
import { MESSAGES } from "~/lib/i18n/locale.server";
import { createI18n } from "~/lib/i18n/translator";

function reference(locale: Locale, messages: Messages, fallback?: Messages) {
  const resources: Record<string, Messages> = { [locale]: messages };
  if (fallback && locale !== DEFAULT_LOCALE) resources[DEFAULT_LOCALE] = fallback;
  const instance = i18next.createInstance();
  instance.init({
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    ns: [...NAMESPACES],
    defaultNS: "common",
    resources,
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}

function keys(tree: Record<string, unknown>, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([k, v]) =>
    v && typeof v === "object" ? keys(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

describe("translator", () => {
  for (const lng of LOCALES) {
    it(`matches i18next on every ${lng} message`, () => {
      const ours = createI18n(lng, MESSAGES[lng], MESSAGES.en);
      const theirs = reference(lng, MESSAGES[lng], MESSAGES.en);
      let compared = 0;
      for (const ns of NAMESPACES) {
        const base = new Set(
          keys(MESSAGES[lng][ns] as Record<string, unknown>).map((k) => k.replace(/_(one|other)$/, "")),
        );
        for (const key of base) {
          const full = `${ns}:${key}`;
          const text = JSON.stringify(MESSAGES[lng][ns]);
          const vars = Object.fromEntries([...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => [m[1], `<${m[1]}>`]));
          const variants: (Record<string, unknown> | undefined)[] = [
            undefined,
            vars,
            { ...vars, count: 0 },
            { ...vars, count: 1 },
            { ...vars, count: 2 },
            { ...vars, count: 21 },
            { ...vars, count: "1 234" },
            { name: undefined, city: null },
          ];
          for (const options of variants) {
            expect(ours.t(messageKey(full), options as never), `${lng} ${full} ${JSON.stringify(options)}`).toBe(
              theirs.t(full, options as never),
            );
            compared++;
          }
          // The same key through a fixed namespace and through the ns option.
          expect(ours.getFixedT(lng, ns)(messageKey(key), vars)).toBe(theirs.getFixedT(lng, ns)(key, vars));
          expect(ours.t(messageKey(key), { ...vars, ns: [ns, "common"] })).toBe(
            theirs.t(key, { ...vars, ns: [ns, "common"] }),
          );
        }
      }
      expect(compared).toBeGreaterThan(1000);
    });
  }

  it("falls back to English, then the default value, then the key without its namespace", () => {
    const nl = createI18n("nl", { ...MESSAGES.nl, site: {} } as Messages, MESSAGES.en);
    expect(nl.t("site:municipalityHome.title", { city: "Genk" })).toBe(
      createI18n("en", MESSAGES.en).t("site:municipalityHome.title", { city: "Genk" }),
    );
    expect(nl.t(messageKey("common:no.such.key"), { defaultValue: "Plan B {{x}}", x: 1 })).toBe("Plan B 1");
    expect(nl.t(messageKey("common:no.such.key"), "Plan C")).toBe("Plan C");
    expect(nl.t(messageKey("common:no.such.key"))).toBe("no.such.key");
  });

  it("translates into another language with lng and uses French plural rules", () => {
    const en = createI18n("en", MESSAGES.en);
    en.addResourceBundle("fr", "common", { n_one: "{{count}} fois", n_other: "{{count}} fois (plusieurs)" });
    expect(en.t(messageKey("n"), { count: 0, lng: "fr" })).toBe("0 fois");
    expect(en.t(messageKey("n"), { count: 2, lng: "fr" })).toBe("2 fois (plusieurs)");
  });

  it("memoised lookups see resources added later and language changes", () => {
    const tr = createI18n("en", { common: {} } as unknown as Messages);
    const t = () => tr.getFixedT(tr.language, "common")(messageKey("hello"));
    expect(t()).toBe("hello");
    tr.addResourceBundle("en", "common", { hello: "Hello" });
    expect(t()).toBe("Hello");
    tr.addResourceBundle("nl", "common", { hello: "Hallo" });
    let changes = 0;
    const stop = tr.onLanguageChanged(() => changes++);
    tr.changeLanguage("nl");
    stop();
    expect(changes).toBe(1);
    expect(t()).toBe("Hallo");
  });
});
