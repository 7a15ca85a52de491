/**
 * List plumbing shared by every panel list: the URL's ?q= and ?page=, the bounded page a query reads, a
 * case-insensitive search over columns, and loading a list with the docs/product.md "Failed to fetch ..." banner.
 */
import { type QualifiedKey, messageKey } from "~/lib/i18n/keys";
import { type AnyColumn, type SQL, ilike, or } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { HttpError } from "~/lib/http/errors";
import { log } from "~/lib/log.server";
import { likePattern } from "~/lib/db/query";

const PAGE_SIZE = 20;

/** What a list query may be given: a search and a page (or an offset). */
export type ListQuery = { q?: string; page?: number; pageSize?: number; offset?: number };
export type Page<Row> = { rows: Row[]; total: number };

/** ?q= and ?page= from the URL, bounded. */
export function listParams(request: Request, pageSize = PAGE_SIZE) {
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const pageRaw = Number.parseInt(url.searchParams.get("page") ?? "1", 10);
  const page = Number.isFinite(pageRaw) && pageRaw > 0 ? Math.min(pageRaw, 10_000) : 1;
  return { q, page, pageSize, offset: (page - 1) * pageSize };
}

/** LIMIT and OFFSET of a list query: at most 100 rows a page. */
export function paging(query: ListQuery) {
  const pageSize = Math.min(Math.max(query.pageSize ?? PAGE_SIZE, 1), 100);
  const offset = Math.max(query.offset ?? ((query.page ?? 1) - 1) * pageSize, 0);
  return { limit: pageSize, offset };
}

/** A case-insensitive "contains" over several columns, or undefined when there is no search. */
export function searchWhere(q: string | undefined, columns: AnyColumn[]): SQL | undefined {
  const text = q?.trim();
  if (!text) return undefined;
  const pattern = likePattern(text.slice(0, 100));
  return or(...columns.map((c) => ilike(c, pattern)));
}

/**
 * Loads what a panel screen lists. A failure is logged and becomes the screen's banner: with `failKey`, the
 * docs/product.md "Failed to fetch ...: {message}"; without, the module's own message.
 */
export async function loadList<T>(
  context: AppLoadContext,
  failKey: QualifiedKey | null,
  fn: () => Promise<T>,
  empty: T,
): Promise<{ value: T; error: string | null }> {
  try {
    return { value: await fn(), error: null };
  } catch (err) {
    log("error", "panel list failed", { err, failKey });
    const message = err instanceof HttpError ? context.t(messageKey(err.message)) : context.t("errors.generic");
    return { value: empty, error: failKey ? context.t(failKey, { message }) : message };
  }
}

/**
 * One page of a paged panel list from the URL's ?q= and ?page=, as the screen's DataTable takes it: the rows,
 * the total, the page and its size, and the documented banner when loading failed.
 */
export async function loadPage<Row>(
  request: Request,
  context: AppLoadContext,
  failKey: QualifiedKey,
  fn: (query: ListQuery & { pageSize: number; offset: number }) => Promise<Page<Row>>,
  pageSize = PAGE_SIZE,
) {
  const params = listParams(request, pageSize);
  const list = await loadList(context, failKey, () => fn(params), { rows: [] as Row[], total: 0 });
  return { ...list.value, error: list.error, page: params.page, pageSize: params.pageSize };
}
