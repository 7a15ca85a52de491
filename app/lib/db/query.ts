/** Small pure helpers shared by the modules' queries and commands. */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Row ids of our own tables are uuids; anything else can never match a row. */
export function isUuid(s: unknown): s is string {
  return typeof s === "string" && UUID.test(s);
}

const TEXT_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Account ids (users, and merchants, which share them) are better-auth's text ids: letters, digits, `-` and
 * `_`. Anything else (a NUL, a slash, a space) can never match an account, so it is a 404 before any query.
 */
export function isTextId(s: unknown): s is string {
  return typeof s === "string" && TEXT_ID.test(s);
}

/** `%text%` for ILIKE with the user's wildcards escaped, so a search for "50%" means the text "50%". */
export function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A value as comparable text: objects with their keys sorted (jsonb hands them back in its own order). */
function comparable(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString();
  if (typeof value !== "object") return String(value);
  const sort = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(sort)
      : v && typeof v === "object" && !(v instanceof Date)
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, sort((v as Record<string, unknown>)[k])]),
          )
        : v;
  return JSON.stringify(sort(value));
}

/** Whether two stored values are the same (null and blank alike; objects by their contents). */
export const sameValue = (a: unknown, b: unknown) => comparable(a) === comparable(b);

/**
 * The names of the fields that differ between a row before and after a change (audit metadata); null and
 * blank are the same, and objects (translations, opening hours) are compared by their contents. The
 * bookkeeping of translations (`translationSources`, derived from the rest) is not a change of its own.
 */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  return Object.keys(after).filter((k) => k !== "translationSources" && !sameValue(before[k], after[k]));
}
