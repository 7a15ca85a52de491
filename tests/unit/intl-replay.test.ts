import { afterEach, describe, expect, it } from "vitest";
import { messageKey } from "~/lib/i18n/keys";
import { formatDate, formatEuro, formatNumber, formatRelative, relativeParts, sameRelative } from "~/lib/i18n/format";
import {
  INTL_REPLAY_ID,
  intlReplayScript,
  intlValue,
  recordIntlWith,
  replayIntl,
  replayIntlFromDocument,
} from "~/lib/i18n/intl-replay";
import { createI18n } from "~/lib/i18n/translator";

afterEach(() => {
  recordIntlWith(() => undefined);
  replayIntl({});
});

describe("Intl values recorded on the server, replayed while hydrating", () => {
  it("records every formatted value of a render with its input", () => {
    const store = new Map<string, string>();
    recordIntlWith(() => store);
    const now = new Date("2026-03-10T12:00:00Z");
    const values = [
      formatDate("2026-03-14", "nl"),
      formatNumber(1234, "fr"),
      formatEuro(12.5, "en"),
      formatRelative(new Date(now.getTime() - 300_000), "en", now),
    ];
    expect(values[3]).toBe("5 minutes ago");
    expect([...store.values()].sort()).toEqual([...values].sort());
    expect(store.get("date|nl-BE|2026-03-14")).toBe(values[0]);
    expect(store.get(`relative|en-GB|${now.getTime() - 300_000}|${now.getTime()}`)).toBe("5 minutes ago");
  });

  it("answers exactly the recorded inputs from the replay and computes the others", () => {
    replayIntl({ "number|en-GB|42": "forty-two (replayed)" });
    expect(formatNumber(42, "en")).toBe("forty-two (replayed)");
    expect(formatNumber(43, "en")).toBe("43");
    expect(formatNumber(42, "nl")).toBe("42");
    let computed = 0;
    expect(
      intlValue("number|en-GB|42", () => {
        computed++;
        return "x";
      }),
    ).toBe("forty-two (replayed)");
    expect(computed).toBe(0);
  });

  it("covers the translator's plural categories", () => {
    const store = new Map<string, string>();
    recordIntlWith(() => store);
    const messages = {
      common: { item_one: "{{count}} élément", item_many: "{{count}} d'éléments", item_other: "{{count}} éléments" },
    } as never;
    expect(createI18n("fr", messages).t(messageKey("item"), { count: 1 })).toBe("1 élément");
    expect(store.get("plural|fr|1")).toBe("one");
    recordIntlWith(() => undefined);
    replayIntl({ "plural|fr|1": "other" });
    // The category now comes from the replay, also for a translator that answered the same call before.
    expect(createI18n("fr", messages).t(messageKey("item"), { count: 1 })).toBe("1 éléments");
    replayIntl({});
    // A translator that has answered once still records the category for the next render.
    const i18n = createI18n("fr", messages);
    i18n.t(messageKey("item"), { count: 2 });
    const next = new Map<string, string>();
    recordIntlWith(() => next);
    expect(i18n.t(messageKey("item"), { count: 2 })).toBe("2 éléments");
    expect(next.get("plural|fr|2")).toBe("other");
  });

  it("puts the values in a data block that markup inside them cannot close", () => {
    expect(intlReplayScript(new Map())).toBe("");
    const script = intlReplayScript(new Map([["k", "</script><script>alert(1)</script>"]]));
    expect(script.startsWith(`<script type="application/json" id="${INTL_REPLAY_ID}">`)).toBe(true);
    expect(script.match(/<\/script>/g)).toHaveLength(1);
    const json = script.slice(script.indexOf(">") + 1, script.lastIndexOf("</script>"));
    expect(JSON.parse(json)).toEqual({ k: "</script><script>alert(1)</script>" });
  });

  it("reads the block from a document and ignores a malformed one", () => {
    const doc = (text: string | null) =>
      ({
        getElementById: (id: string) => (id === INTL_REPLAY_ID && text !== null ? { textContent: text } : null),
      }) as unknown as Document;
    replayIntlFromDocument(doc('{"number|en-GB|7":"seven"}'));
    expect(formatNumber(7, "en")).toBe("seven");
    replayIntl({});
    replayIntlFromDocument(doc("{not json"));
    replayIntlFromDocument(doc(null));
    expect(formatNumber(7, "en")).toBe("7");
  });
});

describe("relative times without Intl", () => {
  const now = new Date("2026-03-10T12:00:00Z");
  const ago = (s: number) => new Date(now.getTime() - s * 1000);
  it("gives the unit and amount docs/product.md shows, or null for a date", () => {
    expect(relativeParts(ago(30), now)).toEqual({ amount: -30, unit: "second" });
    expect(relativeParts(ago(5 * 60), now)).toEqual({ amount: -5, unit: "minute" });
    expect(relativeParts(ago(3 * 3600), now)).toEqual({ amount: -3, unit: "hour" });
    expect(relativeParts(ago(2 * 86400), now)).toEqual({ amount: -2, unit: "day" });
    expect(relativeParts(ago(8 * 86400), now)).toBeNull();
  });
  it("tells when a label reads the same at two moments", () => {
    const later = (s: number) => new Date(now.getTime() + s * 1000);
    expect(sameRelative(ago(5 * 60 + 10), now, later(20))).toBe(true);
    expect(sameRelative(ago(5 * 60 + 10), now, later(60))).toBe(false);
    expect(sameRelative(ago(10), now, later(1))).toBe(false);
    expect(sameRelative(ago(30 * 86400), now, later(3600))).toBe(true);
  });
});
