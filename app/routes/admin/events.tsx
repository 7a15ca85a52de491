import { useTranslation } from "~/lib/i18n-react";
import { AdminHeader, ToggleField, YesNo } from "~/components/admin/admin-ui";
import { CrudDialog, DataTable, RowActions, useCrud } from "~/components/crud";
import { SelectField, TextArea, TextField } from "~/components/form";
import { EVENT_CATEGORIES } from "@db/schema/enums";
import { listParams } from "~/lib/crud.server";
import { formatDate, todayIso } from "~/lib/format";
import { parseWith, readForm } from "~/lib/form.server";
import { requireAdmin } from "~/lib/guards.server";
import { metaTags } from "~/lib/meta";
import { attempt, invalid, loadList, notFound, postedUuid, unknownIntent } from "~/modules/admin/action.server";
import { adminEventSchema } from "~/modules/event/event.schema";
import { type EventListRow, createEvent, deleteEvent, listAllEvents, updateEvent } from "~/modules/event/event.server";
import { listMerchantOptions } from "~/modules/merchant/merchant.admin.server";
import type { Route } from "./+types/events";

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireAdmin(request, context);
  const params = listParams(request);
  const [list, merchants] = await Promise.all([
    loadList(context, "admin:events.fetchFailed", () => listAllEvents(actor, params), { rows: [], total: 0 }),
    listMerchantOptions(actor).catch(() => []),
  ]);
  return {
    ...list.value,
    error: list.error,
    page: params.page,
    pageSize: params.pageSize,
    merchants,
    today: todayIso(),
    meta: { title: context.t("admin:events.title"), noindex: true },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireAdmin(request, context);
  const form = await readForm(request);
  switch (form.intent) {
    case "create": {
      const parsed = parseWith(adminEventSchema, form);
      if (!parsed.ok) return invalid(parsed);
      return attempt(context, "admin:events.added", "admin:events.addFailed", () => createEvent(actor, parsed.data));
    }
    case "update": {
      const id = postedUuid(form);
      if (!id) return notFound("admin:events.updateFailed", context);
      const parsed = parseWith(adminEventSchema, form);
      if (!parsed.ok) return invalid(parsed);
      return attempt(context, "admin:events.updated", "admin:events.updateFailed", () =>
        updateEvent(actor, id, parsed.data),
      );
    }
    case "delete": {
      const id = postedUuid(form);
      if (!id) return notFound("admin:events.deleteFailed", context);
      return attempt(context, "admin:events.deleted", "admin:events.deleteFailed", () => deleteEvent(actor, id));
    }
    default:
      return unknownIntent();
  }
}

export const meta: Route.MetaFunction = ({ data, matches }) => metaTags(data?.meta, matches);

function EventFields({
  row,
  merchants,
  today,
  fieldErrors,
}: {
  row?: EventListRow;
  merchants: { id: string; businessName: string }[];
  today: string;
  fieldErrors: Record<string, string>;
}) {
  const { t } = useTranslation();
  const opt = ` (${t("admin:common.optional")})`;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        label={t("admin:events.eventTitle")}
        name="title"
        required
        defaultValue={row?.title}
        error={fieldErrors.title}
        className="sm:col-span-2"
      />
      <SelectField
        label={t("admin:events.merchant")}
        name="merchant_id"
        required
        defaultValue={row?.merchantId ?? ""}
        error={fieldErrors.merchant_id}
      >
        <option value="">{t("admin:common.choose")}</option>
        {merchants.map((m) => (
          <option key={m.id} value={m.id}>
            {m.businessName}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t("admin:events.category")}
        name="category"
        required
        defaultValue={row?.category ?? ""}
        error={fieldErrors.category}
      >
        <option value="">{t("admin:common.choose")}</option>
        {EVENT_CATEGORIES.map((c) => (
          <option key={c} value={c}>
            {t(`merchant:categories.${c}`, { defaultValue: c })}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t("admin:events.venue")}
        name="venue"
        required
        defaultValue={row?.venue}
        error={fieldErrors.venue}
        className="sm:col-span-2"
      />
      <TextField
        label={t("admin:events.startDate")}
        name="start_date"
        type="date"
        required
        defaultValue={row?.startDate ?? today}
        error={fieldErrors.start_date}
      />
      <TextField
        label={t("admin:events.time") + opt}
        name="time"
        type="time"
        defaultValue={row?.time ?? ""}
        error={fieldErrors.time}
      />
      <TextField
        label={t("admin:events.price") + opt}
        name="price"
        defaultValue={row?.price ?? ""}
        error={fieldErrors.price}
      />
      <TextField
        label={t("admin:events.attendees")}
        name="attendees"
        type="number"
        min={0}
        inputMode="numeric"
        defaultValue={row?.attendees ?? 0}
        error={fieldErrors.attendees}
      />
      <TextArea
        label={t("admin:events.description") + opt}
        name="description"
        defaultValue={row?.description ?? ""}
        error={fieldErrors.description}
        className="sm:col-span-2"
      />
      <TextField
        label={t("admin:events.imageUrl") + opt}
        name="image_url"
        type="url"
        defaultValue={row?.imageUrl ?? ""}
        error={fieldErrors.image_url}
        className="sm:col-span-2"
      />
      <ToggleField name="is_featured" label={t("admin:events.featuredToggle")} defaultChecked={row?.isFeatured} />
    </div>
  );
}

export default function EventsPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { rows, total, page, pageSize, error, merchants, today } = loaderData;
  const crud = useCrud<EventListRow>();
  const { mode } = crud;
  const row = mode.kind !== "closed" && "row" in mode ? mode.row : undefined;

  return (
    <div className="space-y-6">
      <AdminHeader
        title={t("admin:events.title")}
        intro={t("admin:events.intro")}
        addLabel={t("admin:events.add")}
        onAdd={() => crud.open({ kind: "create" })}
      />
      <DataTable
        caption={t("admin:events.caption")}
        searchable
        rows={rows}
        total={total}
        page={page}
        pageSize={pageSize}
        error={error}
        emptyMessage={t("admin:events.empty")}
        rowKey={(r) => r.id}
        columns={[
          {
            key: "title",
            header: t("admin:events.eventTitle"),
            cell: (r) => (
              <div>
                <div className="font-medium text-slate-900">{r.title}</div>
                <div className="text-slate-600 md:hidden">{r.businessName ?? t("admin:common.none")}</div>
              </div>
            ),
          },
          {
            key: "merchant",
            header: t("admin:events.merchant"),
            cell: (r) => r.businessName ?? t("admin:common.none"),
            className: "hidden md:table-cell",
          },
          {
            key: "category",
            header: t("admin:events.category"),
            cell: (r) => t(`merchant:categories.${r.category}`, { defaultValue: r.category }),
            className: "hidden lg:table-cell",
          },
          {
            key: "venue",
            header: t("admin:events.venue"),
            cell: (r) => r.venue,
            className: "hidden lg:table-cell",
          },
          {
            key: "start",
            header: t("admin:events.startDate"),
            cell: (r) => formatDate(r.startDate, i18n.language),
            className: "whitespace-nowrap",
          },
          {
            key: "featured",
            header: t("admin:events.featured"),
            cell: (r) => <YesNo value={r.isFeatured} />,
            className: "hidden sm:table-cell",
          },
          {
            key: "actions",
            header: t("crud.actions"),
            cell: (r) => (
              <RowActions
                label={r.title}
                onEdit={() => crud.open({ kind: "update", row: r })}
                onDelete={() => crud.open({ kind: "delete", row: r })}
              />
            ),
          },
        ]}
      />
      <CrudDialog
        open={mode.kind === "create"}
        onClose={crud.close}
        title={t("admin:events.addTitle")}
        intent="create"
        kind="create"
        fetcher={crud.fetcher}
        size="max-w-2xl"
      >
        {({ fieldErrors }) => <EventFields merchants={merchants} today={today} fieldErrors={fieldErrors} />}
      </CrudDialog>
      <CrudDialog
        open={mode.kind === "update"}
        onClose={crud.close}
        title={t("admin:events.editTitle")}
        intent="update"
        kind="update"
        fetcher={crud.fetcher}
        size="max-w-2xl"
        hidden={row ? { id: row.id } : {}}
      >
        {({ fieldErrors }) =>
          row ? <EventFields row={row} merchants={merchants} today={today} fieldErrors={fieldErrors} /> : null
        }
      </CrudDialog>
      <CrudDialog
        open={mode.kind === "delete"}
        onClose={crud.close}
        title={t("admin:events.deleteTitle")}
        description={row ? t("admin:events.deleteConfirm", { title: row.title }) : undefined}
        intent="delete"
        kind="delete"
        fetcher={crud.fetcher}
        hidden={row ? { id: row.id } : {}}
      />
    </div>
  );
}
