import { describe, expect, it } from "vitest";
import { parseEnv } from "~/lib/env.server";
import { detectLocale } from "~/lib/i18n/locale.server";
import { safeRedirect } from "~/lib/http/redirect";
import { isReservedSlug, municipalitySlugOr, toSlug } from "~/lib/http/routes-reserved";
import { isRealDate } from "~/lib/forms/validation";
import { changedFields } from "~/lib/db/query";
import { sameWeek } from "~/modules/merchant/merchant.hours";

describe("safeRedirect", () => {
  it("keeps same-site paths and refuses everything else", () => {
    expect(safeRedirect("/profile?x=1")).toBe("/profile?x=1");
    for (const bad of [
      "//evil.test",
      "https://evil.test",
      "/\\evil.test",
      "javascript:alert(1)",
      "",
      null,
      "/%0d%0aX",
    ]) {
      const out = safeRedirect(bad, "/");
      expect(out === "/" || out.startsWith("/%0")).toBe(true);
      expect(out.startsWith("//")).toBe(false);
    }
  });
});

describe("slugs", () => {
  it("lowercases and hyphenates like the landing search", () => {
    expect(toSlug("  Sint Truiden ")).toBe("sint-truiden");
    expect(toSlug("HASSELT")).toBe("hasselt");
  });
  it("knows the fixed routes and the fallback", () => {
    expect(isReservedSlug("merchants")).toBe(true);
    expect(isReservedSlug("hasselt")).toBe(false);
    expect(municipalitySlugOr(null)).toBe("amsterdam");
    expect(municipalitySlugOr("genk")).toBe("genk");
  });
});

describe("locale detection on the server", () => {
  const req = (url: string, headers: Record<string, string> = {}) => new Request(`http://x${url}`, { headers });
  it("follows query, then cookie, then Accept-Language, then English", () => {
    expect(detectLocale(req("/?lng=nl", { cookie: "i18next=fr" })).locale).toBe("nl");
    expect(detectLocale(req("/", { cookie: "a=b; i18next=fr" })).locale).toBe("fr");
    expect(detectLocale(req("/", { "accept-language": "de-DE,fr-BE;q=0.8,nl;q=0.9" })).locale).toBe("nl");
    expect(detectLocale(req("/?lng=de", { "accept-language": "es" })).locale).toBe("en");
  });
});

describe("configuration", () => {
  it("explains each bad variable", () => {
    expect(() => parseEnv({ PORT: "abc", DATABASE_URL: "mysql://x", SMTP_URL: "http://x" })).toThrow(
      /PORT[\s\S]*DATABASE_URL[\s\S]*SMTP_URL/,
    );
    expect(parseEnv({}).PORT).toBe(3000);
    expect(() => parseEnv({ CACHE_TTL: "-1" })).toThrow(/CACHE_TTL/);
    expect(parseEnv({}).CACHE_TTL).toBe(5);
  });
});

describe("dates", () => {
  it("accepts real calendar dates only", () => {
    expect(isRealDate("2026-02-28")).toBe(true);
    expect(isRealDate("2026-02-30")).toBe(false);
    expect(isRealDate("26-2-3")).toBe(false);
  });
});

describe("what an audit row says changed", () => {
  it("compares objects by their contents, whatever the order of their keys, and blank as null", () => {
    const before = {
      title: "Box",
      terms: null,
      translations: { fr: { title: "Boîte" }, nl: { title: "Doos", description: "Vers" } },
    };
    const same = {
      title: "Box",
      terms: "",
      translations: { nl: { description: "Vers", title: "Doos" }, fr: { title: "Boîte" } },
    };
    expect(changedFields(before, same)).toEqual([]);
    expect(changedFields(before, { ...same, translations: { fr: { title: "Boîte" } } })).toEqual(["translations"]);
    expect(changedFields(before, { title: "Box 2" })).toEqual(["title"]);
  });

  it("takes opening hours written as a range or as days as the same week", () => {
    const range = [
      { day: "Tuesday - Saturday", hours: "06:30 - 18:00" },
      { day: "Public holidays", hours: "Closed" },
    ];
    const days = ["Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"].map((day) => ({
      day,
      hours: "06:30 - 18:00",
    }));
    expect(sameWeek(range, days)).toBe(true);
    expect(sameWeek(range, days.slice(1))).toBe(false);
    expect(sameWeek(null, [])).toBe(true);
  });
});
