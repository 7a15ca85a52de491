/**
 * Opening hours: stored as a list of { day, hours } pairs containing only the days that have
 * text; edited as a week, Monday to Sunday, with free-text hours per day. Pure functions, shared by the
 * profile form (client) and the schema (server).
 */
export const WEEK_DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;
export type WeekDay = (typeof WEEK_DAYS)[number];
export type OpeningHours = { day: string; hours: string }[];
type Week = Record<WeekDay, string>;

const HOURS_MAX_LENGTH = 100;
const DAY_LABEL_MAX_LENGTH = 40;
const MAX_ENTRIES = 14;
const INVALID_HOURS_JSON = "merchant:profile.errors.invalidJson";

export const emptyWeek = (): Week => Object.fromEntries(WEEK_DAYS.map((d) => [d, ""])) as Week;

/** The form field name of a day in the weekly editor. */
export const hoursFieldName = (day: WeekDay) => `hours_${day}`;

/** Week -> stored list: the days that have text, in week order, trimmed. Null when no day has text. */
export function weekToList(week: Partial<Record<string, unknown>>): OpeningHours | null {
  const list: OpeningHours = [];
  for (const day of WEEK_DAYS) {
    const raw = week[day];
    const hours = typeof raw === "string" ? raw.trim() : "";
    if (hours) list.push({ day, hours: hours.slice(0, HOURS_MAX_LENGTH) });
  }
  return list.length ? list : null;
}

function dayIndex(label: string): number {
  const l = label.trim().toLowerCase();
  return WEEK_DAYS.findIndex((d) => d.toLowerCase() === l);
}

/**
 * The days a stored label covers: "Saturday" -> [Saturday]; a range "Monday - Friday" -> Monday..Friday;
 * a wrapping range "Sunday - Monday" -> Sunday, Monday. Unknown labels cover no day.
 */
export function daysOfLabel(label: string): WeekDay[] {
  const single = dayIndex(label);
  if (single >= 0) return [WEEK_DAYS[single]];
  const parts = label.split(/\s*[-–]\s*/);
  if (parts.length !== 2) return [];
  const from = dayIndex(parts[0]);
  const to = dayIndex(parts[1]);
  if (from < 0 || to < 0) return [];
  const days: WeekDay[] = [];
  for (let i = from; ; i = (i + 1) % 7) {
    days.push(WEEK_DAYS[i]);
    if (i === to) break;
  }
  return days;
}

/** Stored list (or its JSON text) -> week for the editor; ranges fill each day they cover. */
export function listToWeek(list: OpeningHours | string | null | undefined): Week {
  const week = emptyWeek();
  const parsed = typeof list === "string" ? parseOpeningHours(list) : { ok: true as const, value: list ?? null };
  if (!parsed.ok || !parsed.value) return week;
  for (const { day, hours } of parsed.value) {
    for (const d of daysOfLabel(day)) week[d] = hours;
  }
  return week;
}

/**
 * Whether two stored lists give every day the same hours. The weekly editor writes one entry per day, so a
 * stored range ("Tuesday - Saturday") saved unchanged comes back as five days: the same hours, kept as stored.
 */
export function sameWeek(a: OpeningHours | null | undefined, b: OpeningHours | null | undefined): boolean {
  const x = listToWeek(a);
  const y = listToWeek(b);
  return WEEK_DAYS.every((d) => x[d] === y[d]);
}

type HoursResult = { ok: true; value: OpeningHours | null } | { ok: false; error: string };

/**
 * Any accepted input -> the stored list. Accepts the list itself, a week object ({ Monday: "9-17" }),
 * or either as a JSON string; blank text and null mean "no opening hours" (null). Malformed JSON or an
 * unexpected shape gives the documented message key ('Invalid JSON format for opening hours.').
 */
export function parseOpeningHours(input: unknown): HoursResult {
  let value = input;
  if (value == null) return { ok: true, value: null };
  if (typeof value === "string") {
    const text = value.trim();
    if (!text) return { ok: true, value: null };
    try {
      value = JSON.parse(text);
    } catch {
      return { ok: false, error: INVALID_HOURS_JSON };
    }
    if (value == null) return { ok: true, value: null };
  }
  if (Array.isArray(value)) {
    if (value.length > MAX_ENTRIES) return { ok: false, error: INVALID_HOURS_JSON };
    const list: OpeningHours = [];
    for (const item of value) {
      if (!item || typeof item !== "object") return { ok: false, error: INVALID_HOURS_JSON };
      const { day, hours } = item as Record<string, unknown>;
      if (typeof day !== "string" || typeof hours !== "string") return { ok: false, error: INVALID_HOURS_JSON };
      const d = day.trim();
      const h = hours.trim();
      if (!d || d.length > DAY_LABEL_MAX_LENGTH || h.length > HOURS_MAX_LENGTH) {
        return { ok: false, error: INVALID_HOURS_JSON };
      }
      if (h) list.push({ day: d, hours: h });
    }
    return { ok: true, value: list.length ? list : null };
  }
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>);
    const known = new Set<string>(WEEK_DAYS);
    for (const [k, v] of entries) {
      if (!known.has(k) || (v != null && typeof v !== "string")) return { ok: false, error: INVALID_HOURS_JSON };
      if (typeof v === "string" && v.trim().length > HOURS_MAX_LENGTH) return { ok: false, error: INVALID_HOURS_JSON };
    }
    return { ok: true, value: weekToList(value as Record<string, unknown>) };
  }
  return { ok: false, error: INVALID_HOURS_JSON };
}
