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

/** The names of the fields that differ between a row before and after a change (audit metadata). */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  return Object.keys(after).filter((k) => String(before[k] ?? "") !== String(after[k] ?? ""));
}
