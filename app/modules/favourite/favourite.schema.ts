/**
 * A favourite names a promotion or an event as "promotion:<id>" or "event:<id>": the same key the heart keeps in
 * a guest's browser, so a guest's list joins the account unchanged at sign-in.
 */
import { z } from "zod";

const FAVOURITE_KINDS = ["promotion", "event"] as const;
type FavouriteKind = (typeof FAVOURITE_KINDS)[number];
export type FavouriteRef = { kind: FavouriteKind; id: string };

/** How many hearts one merge takes (a browser's list is small; anything longer is cut). */
const MERGE_MAX = 200;

const KEY = /^(promotion|event):([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** "promotion:<uuid>" -> { kind, id }; anything else -> null. */
function parseFavouriteKey(key: unknown): FavouriteRef | null {
  if (typeof key !== "string") return null;
  const m = KEY.exec(key.trim());
  return m ? { kind: m[1] as FavouriteKind, id: m[2].toLowerCase() } : null;
}

export const favouriteKey = (ref: FavouriteRef) => `${ref.kind}:${ref.id}`;

/** The heart's toggle: which item, and whether it is now on. */
export const toggleSchema = z.object({
  item: z.string({ error: "validation.invalid" }).transform((s, ctx) => {
    const ref = parseFavouriteKey(s);
    if (!ref) {
      ctx.addIssue({ code: "custom", message: "validation.invalid" });
      return z.NEVER;
    }
    return ref;
  }),
  on: z.enum(["true", "false"], { error: "validation.invalid" }).transform((v) => v === "true"),
});

/** A guest's hearts posted at sign-in: a JSON list of keys; unknown or malformed keys are skipped. */
export const mergeSchema = z.object({
  items: z.string({ error: "validation.invalid" }).transform((s, ctx) => {
    let raw: unknown;
    try {
      raw = JSON.parse(s);
    } catch {
      ctx.addIssue({ code: "custom", message: "validation.invalid" });
      return z.NEVER;
    }
    if (!Array.isArray(raw)) {
      ctx.addIssue({ code: "custom", message: "validation.invalid" });
      return z.NEVER;
    }
    return raw
      .slice(0, MERGE_MAX)
      .map(parseFavouriteKey)
      .filter((r): r is FavouriteRef => r !== null);
  }),
});
