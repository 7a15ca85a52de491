/**
 * The admin pickers' JSON: `GET /admin/lookup/users|merchants?q=&cursor=` answers one page of
 * options, ordered by e-mail (users) or business name (merchants), and the cursor of the next page.
 */
export const LOOKUP_KINDS = ["users", "merchants"] as const;
export type LookupKind = (typeof LOOKUP_KINDS)[number];

/** One option: the id the form posts, the text shown in the field, and a second line (name or e-mail). */
export type LookupOption = { id: string; label: string; detail: string | null };
export type LookupPage = { items: LookupOption[]; next: string | null };

/** Options per page (per keystroke and per "load more"). */
export const LOOKUP_PAGE_SIZE = 20;
/** The longest search text taken into account. */
export const LOOKUP_QUERY_MAX = 100;
