import { describe, expect, it } from "vitest";
import {
  WEEK_DAYS,
  daysOfLabel,
  emptyWeek,
  listToWeek,
  parseOpeningHours,
  weekToList,
} from "~/modules/merchant/merchant.hours";

describe("opening hours: week -> stored list", () => {
  it("keeps only the days that have text, in week order, trimmed", () => {
    expect(weekToList({ Sunday: "Closed", Monday: " 9-17 ", Tuesday: "   ", Friday: "9-20" })).toEqual([
      { day: "Monday", hours: "9-17" },
      { day: "Friday", hours: "9-20" },
      { day: "Sunday", hours: "Closed" },
    ]);
  });
  it("is null when no day has text", () => {
    expect(weekToList(emptyWeek())).toBeNull();
    expect(weekToList({})).toBeNull();
  });
  it("ignores non-text values and unknown keys", () => {
    expect(weekToList({ Monday: 5, Holiday: "x", Tuesday: "10-12" })).toEqual([{ day: "Tuesday", hours: "10-12" }]);
  });
});

describe("opening hours: stored list -> week", () => {
  it("fills single days and ranges (also a wrapping range)", () => {
    const week = listToWeek([
      { day: "Monday - Friday", hours: "09:30 - 18:00" },
      { day: "Saturday", hours: "10:00 - 17:00" },
      { day: "Sunday", hours: "Closed" },
    ]);
    expect(week).toEqual({
      Monday: "09:30 - 18:00",
      Tuesday: "09:30 - 18:00",
      Wednesday: "09:30 - 18:00",
      Thursday: "09:30 - 18:00",
      Friday: "09:30 - 18:00",
      Saturday: "10:00 - 17:00",
      Sunday: "Closed",
    });
    expect(daysOfLabel("Sunday - Monday")).toEqual(["Sunday", "Monday"]);
    expect(daysOfLabel("Tuesday - Saturday")).toEqual(["Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]);
    expect(daysOfLabel("Monday - Saturday")).toHaveLength(6);
    expect(daysOfLabel("Holidays")).toEqual([]);
  });
  it("accepts the JSON text form and empty input", () => {
    expect(listToWeek('[{"day":"Sunday","hours":"Closed"}]').Sunday).toBe("Closed");
    expect(listToWeek(null)).toEqual(emptyWeek());
    expect(listToWeek("not json")).toEqual(emptyWeek());
  });
  it("round-trips: week -> list -> week", () => {
    const week = { ...emptyWeek(), Monday: "9-17", Wednesday: "9-12", Sunday: "Closed" };
    expect(listToWeek(weekToList(week))).toEqual(week);
    expect(Object.keys(listToWeek(null))).toEqual([...WEEK_DAYS]);
  });
});

describe("opening hours: parsing input", () => {
  it("accepts a list, a week object, or either as JSON text", () => {
    const list = [{ day: "Monday - Friday", hours: "9-17" }];
    expect(parseOpeningHours(list)).toEqual({ ok: true, value: list });
    expect(parseOpeningHours(JSON.stringify(list))).toEqual({ ok: true, value: list });
    expect(parseOpeningHours('{"Monday":"9-17","Tuesday":""}')).toEqual({
      ok: true,
      value: [{ day: "Monday", hours: "9-17" }],
    });
    expect(parseOpeningHours([{ day: "Sunday", hours: " " }])).toEqual({ ok: true, value: null });
    expect(parseOpeningHours("")).toEqual({ ok: true, value: null });
    expect(parseOpeningHours(null)).toEqual({ ok: true, value: null });
  });
  it("answers the documented message key for malformed JSON or a wrong shape", () => {
    const bad = { ok: false, error: "merchant:profile.errors.invalidJson" };
    expect(parseOpeningHours("[{day: Monday")).toEqual(bad);
    expect(parseOpeningHours("42")).toEqual(bad);
    expect(parseOpeningHours('[{"day":"Monday"}]')).toEqual(bad);
    expect(parseOpeningHours('{"Funday":"9-17"}')).toEqual(bad);
    expect(parseOpeningHours([{ day: "Monday", hours: "x".repeat(500) }])).toEqual(bad);
  });
});
