/**
 * The one table + dialog pattern of the merchant and admin panels.
 *
 * - `useCrud()` keeps which dialog is open (add, edit a row, delete a row, or a custom intent) and a fetcher.
 * - `<CrudDialog>` posts its form with an `intent` field to the route's action and walks the documented states:
 *   idle -> submitting (Adding / Saving / Deleting) -> success (message, closes after 1.5 s; the list reloads
 *   because React Router revalidates the loaders after an action) or error (message + the server's).
 * - `<DataTable>` renders rows with a search box, server pagination, an error banner and an empty state.
 *
 * - `<CrudScreen>` is a whole list screen of either panel: header with the add button, the table with an
 *   actions column, one add/edit dialog with the entity's fields, and the delete confirmation.
 *
 * Actions answer `{ ok: true, message }` or `{ ok: false, formError, fieldErrors, params }` (lib/forms/crud.server.ts).
 */
import { ChevronLeft, ChevronRight, Loader2, Plus, Search } from "~/components/icons";
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "~/lib/i18n/react";
import { Form, useFetcher, useLocation, useNavigation, useSearchParams } from "react-router";
import { Link } from "~/components/link";
import { FormMessage, type FormResult, useFormResult } from "./form";
import { PageHeading } from "./page-heading";
import { Dialog } from "./ui/dialog";
import { announce } from "./ui/announcer";
import { messageKey } from "~/lib/i18n/keys";

const DIALOG_CLOSE_MS = 1500;

/** What a panel action answers (lib/forms/crud.server.ts). */
type CrudResult = FormResult;

type CrudMode<Row> =
  | { kind: "closed" }
  | { kind: "create" }
  | { kind: "update"; row: Row }
  | { kind: "delete"; row: Row }
  | { kind: string; row?: Row };

export function useCrud<Row>() {
  const [mode, setMode] = useState<CrudMode<Row>>({ kind: "closed" });
  const fetcher = useFetcher<CrudResult>({ key: "crud" });
  const close = useCallback(() => setMode({ kind: "closed" }), []);
  return { mode, setMode, close, fetcher, open: (m: CrudMode<Row>) => setMode(m) };
}

type CrudDialogProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  intent: string;
  /** Hidden fields (e.g. the row id). */
  hidden?: Record<string, string>;
  fetcher: ReturnType<typeof useFetcher<CrudResult>>;
  /** "create" | "update" | "delete" decide the button texts; others use `submitLabel`/`busyLabel`. */
  kind: "create" | "update" | "delete" | "confirm";
  submitLabel?: string;
  busyLabel?: string;
  danger?: boolean;
  children?: (result: { fieldErrors: Record<string, string> }) => ReactNode;
  size?: "max-w-lg" | "max-w-2xl";
};

export function CrudDialog({
  open,
  onClose,
  title,
  description,
  intent,
  hidden = {},
  fetcher,
  kind,
  submitLabel,
  busyLabel,
  danger,
  children,
  size,
}: CrudDialogProps) {
  const { t } = useTranslation();
  const [result, setResult] = useState<CrudResult | null>(null);
  const submittedRef = useRef(false);
  const busy = fetcher.state !== "idle";

  // Each opening starts clean.
  useEffect(() => {
    if (open) {
      setResult(null);
      submittedRef.current = false;
    }
  }, [open]);

  // Take the answer of our own submission only.
  useEffect(() => {
    if (submittedRef.current && fetcher.state === "idle" && fetcher.data) {
      submittedRef.current = false;
      setResult(fetcher.data);
    }
  }, [fetcher.state, fetcher.data]);

  // docs/product.md: dialogs close 1.5 seconds after success; the result stays announced in the panel's live region.
  useEffect(() => {
    if (!result?.ok) return;
    announce(t(messageKey(result.message), result.params ?? {}));
    const id = setTimeout(onClose, DIALOG_CLOSE_MS);
    return () => clearTimeout(id);
  }, [result, onClose, t]);

  const labels = {
    create: [t("crud.add"), t("crud.adding")],
    update: [t("crud.save"), t("crud.saving")],
    delete: [t("crud.delete"), t("crud.deleting")],
    confirm: [submitLabel ?? t("crud.confirm"), busyLabel ?? t("crud.working")],
  }[kind];
  const { fieldErrors, error, success } = useFormResult(result);

  return (
    <Dialog open={open} onClose={onClose} title={title} description={description} size={size}>
      <fetcher.Form
        method="post"
        noValidate
        className="space-y-4"
        onSubmit={() => {
          submittedRef.current = true;
          setResult(null);
        }}
      >
        <input type="hidden" name="intent" value={intent} />
        {Object.entries(hidden).map(([k, v]) => (
          <input key={k} type="hidden" name={k} value={v} />
        ))}
        <FormMessage error={error} success={success} />
        {children?.({ fieldErrors })}
        <div className="flex justify-end gap-2 pt-2">
          <button type="button" className="btn-secondary" onClick={onClose}>
            {t("cancel")}
          </button>
          <button
            type="submit"
            className={danger || kind === "delete" ? "btn-danger" : "btn-primary"}
            disabled={busy || result?.ok === true}
          >
            {busy && <Loader2 aria-hidden="true" className="size-4 animate-spin" />}
            {busy ? labels[1] : labels[0]}
          </button>
        </div>
      </fetcher.Form>
    </Dialog>
  );
}

export type Column<Row> = { key: string; header: ReactNode; cell: (row: Row) => ReactNode; className?: string };

type DataTableProps<Row> = {
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  /** docs/product.md error banner, already translated. */
  error?: string | null;
  emptyMessage: string;
  /** Server pagination: total rows matching, page size, current page. */
  total?: number;
  page?: number;
  pageSize?: number;
  searchable?: boolean;
  toolbar?: ReactNode;
};

export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  error,
  emptyMessage,
  total,
  page = 1,
  pageSize = 20,
  searchable,
  toolbar,
}: DataTableProps<Row>) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const location = useLocation();
  const [params] = useSearchParams();
  const loading = navigation.state === "loading" && navigation.location?.pathname === location.pathname;
  const pages = total !== undefined ? Math.max(1, Math.ceil(total / pageSize)) : 1;
  const pageHref = (p: number) => {
    const next = new URLSearchParams(params);
    if (p <= 1) next.delete("page");
    else next.set("page", String(p));
    const qs = next.toString();
    return qs ? `?${qs}` : location.pathname;
  };

  return (
    <section aria-label={caption} className="card overflow-hidden">
      {(searchable || toolbar) && (
        <div className="flex flex-col gap-3 border-b border-slate-200 p-4 sm:flex-row sm:items-center sm:justify-between">
          {searchable ? (
            <Form method="get" role="search" className="flex w-full max-w-md gap-2">
              <label htmlFor="table-search" className="sr-only">
                {t("crud.search")}
              </label>
              <input
                id="table-search"
                name="q"
                type="search"
                defaultValue={params.get("q") ?? ""}
                placeholder={t("crud.searchPlaceholder")}
                className="input"
              />
              <button type="submit" className="btn-secondary">
                <Search aria-hidden="true" className="size-4" />
                <span className="sr-only sm:not-sr-only">{t("crud.search")}</span>
              </button>
            </Form>
          ) : (
            <span />
          )}
          {toolbar}
        </div>
      )}
      {error && (
        <div role="alert" className="m-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {error}
        </div>
      )}
      <div className="relative overflow-x-auto" aria-busy={loading || undefined}>
        {loading && (
          <div role="status" className="absolute inset-x-0 top-0 flex items-center gap-2 bg-white/80 px-4 py-2 text-sm">
            <Loader2 aria-hidden="true" className="size-4 animate-spin" />
            {t("loading")}
          </div>
        )}
        <table className="stack-table min-w-full divide-y divide-slate-200 text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-50">
            <tr>
              {columns.map((c) => (
                <th
                  key={c.key}
                  scope="col"
                  className={`px-4 py-3 text-left font-semibold text-slate-700 ${c.className ?? ""}`}
                >
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 bg-white">
            {rows.length === 0 && !error ? (
              <tr>
                <td colSpan={columns.length} className="px-4 py-10 text-center text-slate-600">
                  {emptyMessage}
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr key={rowKey(row)} data-row-key={rowKey(row)} className="hover:bg-slate-50">
                  {columns.map((c) => (
                    <td
                      key={c.key}
                      data-label={typeof c.header === "string" ? c.header : undefined}
                      className={`px-4 py-3 align-top text-slate-800 ${c.className ?? ""}`}
                    >
                      {c.cell(row)}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {total !== undefined && pages > 1 && (
        <nav
          aria-label={t("crud.pagination")}
          className="flex items-center justify-between border-t border-slate-200 px-4 py-3 text-sm"
        >
          <span className="text-slate-700">{t("crud.pageOf", { page, pages, total })}</span>
          <div className="flex gap-2">
            {page > 1 ? (
              <Link to={pageHref(page - 1)} className="btn-secondary" rel="prev">
                <ChevronLeft aria-hidden="true" className="size-4" />
                {t("crud.previous")}
              </Link>
            ) : null}
            {page < pages ? (
              <Link to={pageHref(page + 1)} className="btn-secondary" rel="next">
                {t("crud.next")}
                <ChevronRight aria-hidden="true" className="size-4" />
              </Link>
            ) : null}
          </div>
        </nav>
      )}
    </section>
  );
}

/** Edit and delete buttons for a table row. */
function RowActions({ onEdit, onDelete, label }: { onEdit?: () => void; onDelete?: () => void; label: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap gap-2">
      {onEdit && (
        <button type="button" className="btn-secondary px-3 py-1" onClick={onEdit}>
          {t("crud.edit")}
          <span className="sr-only">: {label}</span>
        </button>
      )}
      {onDelete && (
        <button type="button" className="btn-ghost px-3 py-1 text-red-700 hover:bg-red-50" onClick={onDelete}>
          {t("crud.delete")}
          <span className="sr-only">: {label}</span>
        </button>
      )}
    </div>
  );
}

/** A panel screen's heading with its introduction and, where the screen adds rows, the add button. */
export function PanelHeader({
  title,
  intro,
  onAdd,
  addLabel,
  addDisabled,
}: {
  title: string;
  intro?: string;
  onAdd?: () => void;
  addLabel?: string;
  addDisabled?: boolean;
}) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
      <PageHeading title={title}>{intro}</PageHeading>
      {onAdd && (
        <button type="button" className="btn-primary shrink-0 self-start" onClick={onAdd} disabled={addDisabled}>
          <Plus aria-hidden="true" className="size-4" />
          {addLabel}
        </button>
      )}
    </div>
  );
}

/** The texts of a list screen: `<section>.title`, `.intro`, `.caption`, `.empty`, `.add`, `.addTitle`... */
type CrudTexts = {
  title: string;
  intro: string;
  caption: string;
  empty: string;
  add: string;
  addTitle: string;
  editTitle: string;
  deleteTitle: string;
};

/** The texts of a panel section ("admin:promotions", "merchant:events"...). */
/** The panel sections whose texts follow the CrudTexts layout. */
type CrudSection =
  | "admin:users"
  | "admin:merchants"
  | "admin:promotions"
  | "admin:events"
  | "admin:subscriptions"
  | "admin:features"
  | "admin:municipalities"
  | "merchant:promotions"
  | "merchant:events";

export function useCrudTexts(section: CrudSection): CrudTexts {
  const { t } = useTranslation();
  const k = (name: keyof CrudTexts) => t(`${section}.${name}`);
  return {
    title: k("title"),
    intro: k("intro"),
    caption: k("caption"),
    empty: k("empty"),
    add: k("add"),
    addTitle: k("addTitle"),
    editTitle: k("editTitle"),
    deleteTitle: k("deleteTitle"),
  };
}

type CrudScreenProps<Row extends { id: string }> = {
  texts: CrudTexts;
  rows: Row[];
  columns: Column<Row>[];
  error: string | null;
  /** Server pagination (admin lists). */
  total?: number;
  page?: number;
  pageSize?: number;
  searchable?: boolean;
  /** The row's name for screen readers on its buttons. */
  rowLabel: (row: Row) => string;
  deleteConfirm: (row: Row) => string;
  /** The entity's field component, for adding (no row) and editing. */
  fields: (props: { row?: Row; fieldErrors: Record<string, string> }) => ReactNode;
  canDelete?: (row: Row) => boolean;
  size?: "max-w-lg" | "max-w-2xl";
};

export function CrudScreen<Row extends { id: string }>({
  texts,
  rows,
  columns,
  error,
  total,
  page,
  pageSize,
  searchable,
  rowLabel,
  deleteConfirm,
  fields,
  canDelete = () => true,
  size,
}: CrudScreenProps<Row>) {
  const { t } = useTranslation();
  const crud = useCrud<Row>();
  const { mode } = crud;
  const editing = mode.kind === "update" && "row" in mode ? (mode.row as Row) : undefined;
  const deleting = mode.kind === "delete" && "row" in mode ? (mode.row as Row) : undefined;
  // Each opening of the add/edit dialog starts its fields afresh (pricing mode, chosen role...).
  const [opening, setOpening] = useState(0);
  const open = (m: CrudMode<Row>) => {
    setOpening((n) => n + 1);
    crud.open(m);
  };
  const actions: Column<Row> = {
    key: "actions",
    header: t("crud.actions"),
    cell: (r) => (
      <RowActions
        label={rowLabel(r)}
        onEdit={() => open({ kind: "update", row: r })}
        onDelete={canDelete(r) ? () => open({ kind: "delete", row: r }) : undefined}
      />
    ),
  };

  return (
    <div className="space-y-6">
      <PanelHeader
        title={texts.title}
        intro={texts.intro}
        addLabel={texts.add}
        onAdd={() => open({ kind: "create" })}
        addDisabled={!!error}
      />
      <DataTable
        caption={texts.caption}
        searchable={searchable}
        rows={rows}
        total={total}
        page={page}
        pageSize={pageSize}
        error={error}
        emptyMessage={texts.empty}
        rowKey={(r) => r.id}
        columns={[...columns, actions]}
      />
      <CrudDialog
        open={mode.kind === "create" || !!editing}
        onClose={crud.close}
        title={editing ? texts.editTitle : texts.addTitle}
        intent={editing ? "update" : "create"}
        kind={editing ? "update" : "create"}
        hidden={editing ? { id: editing.id } : {}}
        fetcher={crud.fetcher}
        size={size}
      >
        {({ fieldErrors }) => <div key={opening}>{fields({ row: editing, fieldErrors })}</div>}
      </CrudDialog>
      <CrudDialog
        open={!!deleting}
        onClose={crud.close}
        title={texts.deleteTitle}
        description={deleting ? deleteConfirm(deleting) : undefined}
        intent="delete"
        kind="delete"
        hidden={deleting ? { id: deleting.id } : {}}
        fetcher={crud.fetcher}
      />
    </div>
  );
}
