import { describe, expect, it } from "vitest";
import { daysLeft, formatClock, formatDateLong, formatEuro, formatPriceText, formatRelative } from "~/lib/i18n/format";

describe("formatRelative", () => {
  const now = new Date("2026-03-10T12:00:00Z");
  const ago = (s: number) => new Date(now.getTime() - s * 1000);
  it("uses seconds, minutes, hours, days, then a date", () => {
    expect(formatRelative(ago(30), "en", now)).toBe("30 seconds ago");
    expect(formatRelative(ago(5 * 60), "en", now)).toBe("5 minutes ago");
    expect(formatRelative(ago(3 * 3600), "en", now)).toBe("3 hours ago");
    expect(formatRelative(ago(2 * 86400), "en", now)).toBe("2 days ago");
    expect(formatRelative(ago(8 * 86400), "en", now)).toBe("2 Mar 2026");
    expect(formatRelative(ago(5 * 60), "nl", now)).toBe("5 minuten geleden");
    expect(formatRelative(ago(5 * 60), "fr", now)).toBe("il y a 5 minutes");
  });
});

describe("dates and prices", () => {
  it("formats in the active language", () => {
    expect(formatDateLong("2026-03-14", "en")).toMatch(/^Saturday,? 14 March 2026$/);
    expect(formatDateLong("2026-03-14", "nl")).toBe("zaterdag 14 maart 2026");
    expect(formatDateLong("2026-03-14", "fr")).toBe("samedi 14 mars 2026");
    expect(formatEuro(12.5, "nl")).toMatch(/€\s?12,50/);
  });
  it("rounds the days left up and marks the past as negative", () => {
    const now = new Date("2026-03-10T12:00:00Z");
    expect(daysLeft("2026-03-12", now)).toBe(2);
    expect(daysLeft("2026-03-11", now)).toBe(1);
    expect(daysLeft("2026-03-10", now)).toBe(0);
    expect(daysLeft("2026-03-09", now)).toBeLessThan(0);
  });
});

describe("times of day and typed prices", () => {
  it("shows an event's HH:MM in the reader's style and leaves other text alone", () => {
    expect(formatClock("19:30", "en")).toBe("19:30");
    expect(formatClock("09:05", "nl")).toMatch(/^0?9:05$/);
    expect(formatClock("evening", "fr")).toBe("evening");
  });

  it("reads a plain euro amount in the reader's number format; anything else as typed", () => {
    expect(formatPriceText("€24,50", "en")).toBe("€24.50");
    expect(formatPriceText("24.50", "fr")).toBe("24,50\u00a0€");
    expect(formatPriceText("12 euro", "nl")).toBe("€\u00a012,00");
    expect(formatPriceText("Free", "en")).toBe("Free");
    expect(formatPriceText("from €5", "en")).toBe("from €5");
  });
});
