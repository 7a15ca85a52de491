/** Merchant panel: the merchant's own events, with add, edit and delete dialogs (SPEC merchant panel). */
import { ExternalLink, Plus } from "~/components/icons";
import { useTranslation } from "~/lib/i18n-react";
import { Link } from "~/components/link";
import { EVENT_CATEGORIES } from "@db/schema/enums";
import { type Column, CrudDialog, DataTable, Required, RowActions, YesNoBadge, useCrud } from "~/components/crud";
import { SelectField, TextArea, TextField } from "~/components/form";
import { PageHeading } from "~/components/page-heading";
import { fail, failFrom, ok } from "~/lib/crud.server";
import { HttpError } from "~/lib/errors";
import { parseWith, readForm } from "~/lib/form.server";
import { formatDate } from "~/lib/format";
import { requireMerchant } from "~/lib/guards.server";
import { metaTags } from "~/lib/meta";
import { merchantEventSchema } from "~/modules/event/event.schema";
import { createEvent, deleteEvent, listOwnEvents, updateEvent } from "~/modules/event/event.server";
import { listAllMunicipalities } from "~/modules/municipality/municipality.server";
import type { Route } from "./+types/events";

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireMerchant(request, context);
  let error: string | null = null;
  let rows: Awaited<ReturnType<typeof listOwnEvents>> = [];
  const slugs = new Map((await listAllMunicipalities()).map((m) => [m.id, m.slug]));
  try {
    rows = await listOwnEvents(actor);
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    error = err.message;
  }
  return {
    error,
    rows: rows.map((r) => ({
      id: r.id,
      title: r.title,
      publicPath:
        r.municipalityId && slugs.has(r.municipalityId) ? `/events/${slugs.get(r.municipalityId)}/${r.id}` : null,
      description: r.description,
      imageUrl: r.imageUrl,
      venue: r.venue,
      time: r.time,
      price: r.price,
      startDate: r.startDate,
      attendees: r.attendees,
      category: r.category,
      isFeatured: r.isFeatured,
    })),
    meta: { title: context.t("merchant:events.title"), noindex: true },
  };
}

export const meta: Route.MetaFunction = ({ data, matches }) => metaTags(data?.meta, matches);

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireMerchant(request, context);
  const form = await readForm(request);
  const translate = (key: string) => context.t(key);
  const intent = form.intent;
  if (intent === "delete") {
    try {
      await deleteEvent(actor, form.id ?? "");
      return ok("merchant:events.success.deleted");
    } catch (err) {
      return failFrom(err, "merchant:events.errors.deleteFailed", translate);
    }
  }
  if (intent !== "create" && intent !== "update") return fail(400, "validation.malformed");
  const failed = intent === "create" ? "merchant:events.errors.addFailed" : "merchant:events.errors.updateFailed";
  const parsed = parseWith(merchantEventSchema, form);
  if (!parsed.ok) return fail(400, parsed.formError ?? "merchant:errors.checkFields", parsed.fieldErrors);
  try {
    if (intent === "create") {
      await createEvent(actor, parsed.data);
      return ok("merchant:events.success.added");
    }
    await updateEvent(actor, form.id ?? "", parsed.data);
    return ok("merchant:events.success.updated");
  } catch (err) {
    return failFrom(err, failed, translate);
  }
}

type Row = Route.ComponentProps["loaderData"]["rows"][number];

function EventFields({ row, fieldErrors }: { row?: Row; fieldErrors: Record<string, string> }) {
  const { t } = useTranslation("merchant");
  return (
    <div className="space-y-4">
      <TextField
        label={<Required>{t("events.fields.title")}</Required>}
        name="title"
        required
        aria-required="true"
        defaultValue={row?.title ?? ""}
        error={fieldErrors.title}
      />
      <TextArea
        label={t("events.fields.description")}
        name="description"
        defaultValue={row?.description ?? ""}
        error={fieldErrors.description}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={<Required>{t("events.fields.venue")}</Required>}
          name="venue"
          required
          aria-required="true"
          defaultValue={row?.venue ?? ""}
          error={fieldErrors.venue}
        />
        <SelectField
          label={<Required>{t("events.fields.category")}</Required>}
          name="category"
          required
          aria-required="true"
          defaultValue={row?.category ?? ""}
          error={fieldErrors.category}
        >
          <option value="">{t("events.chooseCategory")}</option>
          {EVENT_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {t(`categories.${c}`)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={<Required>{t("events.fields.startDate")}</Required>}
          name="start_date"
          type="date"
          required
          aria-required="true"
          defaultValue={row?.startDate ?? ""}
          error={fieldErrors.start_date}
        />
        <TextField
          label={t("events.fields.time")}
          name="time"
          type="time"
          defaultValue={row?.time ?? ""}
          error={fieldErrors.time}
        />
        <TextField
          label={t("events.fields.price")}
          name="price"
          defaultValue={row?.price ?? ""}
          hint={t("events.fields.priceHint")}
          error={fieldErrors.price}
        />
        <TextField
          label={t("events.fields.attendees")}
          name="attendees"
          type="number"
          min={0}
          step={1}
          inputMode="numeric"
          defaultValue={row ? String(row.attendees) : "0"}
          error={fieldErrors.attendees}
        />
      </div>
      <TextField
        label={t("events.fields.imageUrl")}
        name="image_url"
        type="url"
        inputMode="url"
        placeholder="https://"
        defaultValue={row?.imageUrl ?? ""}
        hint={t("events.fields.imageUrlHint")}
        error={fieldErrors.image_url}
      />
    </div>
  );
}

export default function MerchantEvents({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("merchant");
  const crud = useCrud<Row>();
  const { mode } = crud;
  const columns: Column<Row>[] = [
    {
      key: "title",
      header: t("events.columns.title"),
      cell: (r) => (
        <div className="min-w-0">
          <span className="font-medium text-slate-900">{r.title}</span>
          {r.publicPath && (
            <Link to={r.publicPath} className="link mt-0.5 flex items-center gap-1 whitespace-nowrap text-xs">
              {t("common.viewPublic")}
              <span className="sr-only">: {r.title}</span>
              <ExternalLink aria-hidden="true" className="size-3" />
            </Link>
          )}
        </div>
      ),
    },
    {
      key: "category",
      header: t("events.columns.category"),
      className: "hidden md:table-cell",
      cell: (r) => t(`categories.${r.category}`),
    },
    { key: "venue", header: t("events.columns.venue"), className: "hidden lg:table-cell", cell: (r) => r.venue },
    {
      key: "startDate",
      header: t("events.columns.startDate"),
      className: "whitespace-nowrap",
      cell: (r) => (
        <>
          {formatDate(r.startDate, i18n.language)}
          {r.time && <span className="block text-xs text-slate-600">{r.time}</span>}
        </>
      ),
    },
    {
      key: "featured",
      header: t("events.columns.featured"),
      className: "hidden sm:table-cell",
      cell: (r) => <YesNoBadge value={r.isFeatured} />,
    },
    {
      key: "actions",
      header: t("common:crud.actions"),
      cell: (r) => (
        <RowActions
          label={r.title}
          onEdit={() => crud.open({ kind: "update", row: r })}
          onDelete={() => crud.open({ kind: "delete", row: r })}
        />
      ),
    },
  ];
  const editing = mode.kind === "update" && "row" in mode ? (mode.row as Row) : undefined;
  const deleting = mode.kind === "delete" && "row" in mode ? (mode.row as Row) : undefined;

  return (
    <>
      <PageHeading title={t("events.title")}>{t("events.subtitle")}</PageHeading>
      <DataTable
        caption={t("events.caption")}
        columns={columns}
        rows={loaderData.rows}
        rowKey={(r) => r.id}
        error={loaderData.error ? t(loaderData.error) : null}
        emptyMessage={t("events.empty")}
        toolbar={
          <button
            type="button"
            className="btn-primary"
            onClick={() => crud.open({ kind: "create" })}
            disabled={!!loaderData.error}
          >
            <Plus aria-hidden="true" className="size-4" />
            {t("events.add")}
          </button>
        }
      />
      <CrudDialog
        open={mode.kind === "create" || !!editing}
        onClose={crud.close}
        title={editing ? t("events.editTitle") : t("events.addTitle")}
        intent={editing ? "update" : "create"}
        kind={editing ? "update" : "create"}
        hidden={editing ? { id: editing.id } : {}}
        fetcher={crud.fetcher}
      >
        {({ fieldErrors }) => <EventFields key={editing?.id ?? "new"} row={editing} fieldErrors={fieldErrors} />}
      </CrudDialog>
      <CrudDialog
        open={!!deleting}
        onClose={crud.close}
        title={t("events.deleteTitle")}
        description={deleting ? t("events.deleteConfirm", { title: deleting.title }) : undefined}
        intent="delete"
        kind="delete"
        hidden={deleting ? { id: deleting.id } : {}}
        fetcher={crud.fetcher}
      />
    </>
  );
}
