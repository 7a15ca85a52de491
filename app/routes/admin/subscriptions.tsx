import { useTranslation } from "~/lib/i18n-react";
import { AdminHeader, Badge, type Tone } from "~/components/admin/admin-ui";
import { CrudDialog, DataTable, RowActions, useCrud } from "~/components/crud";
import { SelectField, TextField } from "~/components/form";
import { SUBSCRIPTION_STATUSES, SUBSCRIPTION_TIERS } from "@db/schema/enums";
import { listParams } from "~/lib/crud.server";
import { formatDate, todayIso } from "~/lib/format";
import { parseWith, readForm } from "~/lib/form.server";
import { requireAdmin } from "~/lib/guards.server";
import { metaTags } from "~/lib/meta";
import { attempt, invalid, loadList, notFound, postedUuid, unknownIntent } from "~/modules/admin/action.server";
import { subscriptionSchema } from "~/modules/subscription/subscription.schema";
import {
  type SubscriptionRow,
  createSubscription,
  deleteSubscription,
  listSubscriptions,
  updateSubscription,
} from "~/modules/subscription/subscription.server";
import { listUserOptions } from "~/modules/user/user.admin.server";
import type { Route } from "./+types/subscriptions";

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireAdmin(request, context);
  const params = listParams(request, 50);
  const [list, users] = await Promise.all([
    loadList(context, "admin:subscriptions.fetchFailed", () => listSubscriptions(actor, params), {
      rows: [],
      total: 0,
    }),
    listUserOptions(actor).catch(() => []),
  ]);
  return {
    ...list.value,
    error: list.error,
    page: params.page,
    pageSize: params.pageSize,
    users,
    today: todayIso(),
    meta: { title: context.t("admin:subscriptions.title"), noindex: true },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireAdmin(request, context);
  const form = await readForm(request);
  switch (form.intent) {
    case "create": {
      const parsed = parseWith(subscriptionSchema, form);
      if (!parsed.ok) return invalid(parsed);
      return attempt(context, "admin:subscriptions.added", "admin:subscriptions.addFailed", () =>
        createSubscription(actor, parsed.data),
      );
    }
    case "update": {
      const id = postedUuid(form);
      if (!id) return notFound("admin:subscriptions.updateFailed", context);
      const parsed = parseWith(subscriptionSchema, form);
      if (!parsed.ok) return invalid(parsed);
      return attempt(context, "admin:subscriptions.updated", "admin:subscriptions.updateFailed", () =>
        updateSubscription(actor, id, parsed.data),
      );
    }
    case "delete": {
      const id = postedUuid(form);
      if (!id) return notFound("admin:subscriptions.deleteFailed", context);
      return attempt(context, "admin:subscriptions.deleted", "admin:subscriptions.deleteFailed", () =>
        deleteSubscription(actor, id),
      );
    }
    default:
      return unknownIntent();
  }
}

export const meta: Route.MetaFunction = ({ data, matches }) => metaTags(data?.meta, matches);

const STATUS_TONE: Record<string, Tone> = {
  active: "green",
  trialing: "blue",
  past_due: "amber",
  cancelled: "red",
  inactive: "slate",
};

function SubscriptionFields({
  row,
  users,
  today,
  fieldErrors,
}: {
  row?: SubscriptionRow;
  users: { id: string; email: string }[];
  today: string;
  fieldErrors: Record<string, string>;
}) {
  const { t } = useTranslation();
  const opt = ` (${t("admin:common.optional")})`;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SelectField
        label={t("admin:subscriptions.user")}
        name="user_id"
        required
        defaultValue={row?.userId ?? ""}
        error={fieldErrors.user_id}
        className="sm:col-span-2"
      >
        <option value="">{t("admin:common.choose")}</option>
        {users.map((u) => (
          <option key={u.id} value={u.id}>
            {u.email}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t("admin:subscriptions.tier")}
        name="tier"
        required
        defaultValue={row?.tier ?? "Free"}
        error={fieldErrors.tier}
      >
        {SUBSCRIPTION_TIERS.map((v) => (
          <option key={v} value={v}>
            {t(`admin:subscriptions.tiers.${v}`)}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t("admin:subscriptions.status")}
        name="status"
        required
        defaultValue={row?.status ?? "active"}
        error={fieldErrors.status}
      >
        {SUBSCRIPTION_STATUSES.map((v) => (
          <option key={v} value={v}>
            {t(`admin:subscriptions.statuses.${v}`)}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t("admin:subscriptions.startDate")}
        name="start_date"
        type="date"
        required
        defaultValue={row?.startDate ?? today}
        error={fieldErrors.start_date}
      />
      <TextField
        label={t("admin:subscriptions.endDate") + opt}
        name="end_date"
        type="date"
        defaultValue={row?.endDate ?? ""}
        error={fieldErrors.end_date}
      />
      <TextField
        label={t("admin:subscriptions.customerId") + opt}
        name="payment_customer_id"
        defaultValue={row?.paymentCustomerId ?? ""}
        error={fieldErrors.payment_customer_id}
      />
      <TextField
        label={t("admin:subscriptions.subscriptionId") + opt}
        name="payment_subscription_id"
        defaultValue={row?.paymentSubscriptionId ?? ""}
        error={fieldErrors.payment_subscription_id}
      />
    </div>
  );
}

export default function SubscriptionsPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { rows, total, page, pageSize, error, users, today } = loaderData;
  const crud = useCrud<SubscriptionRow>();
  const { mode } = crud;
  const row = mode.kind !== "closed" && "row" in mode ? mode.row : undefined;

  return (
    <div className="space-y-6">
      <AdminHeader
        title={t("admin:subscriptions.title")}
        intro={t("admin:subscriptions.intro")}
        addLabel={t("admin:subscriptions.add")}
        onAdd={() => crud.open({ kind: "create" })}
      />
      <DataTable
        caption={t("admin:subscriptions.caption")}
        searchable
        rows={rows}
        total={total}
        page={page}
        pageSize={pageSize}
        error={error}
        emptyMessage={t("admin:subscriptions.empty")}
        rowKey={(r) => r.id}
        columns={[
          {
            key: "user",
            header: t("admin:subscriptions.user"),
            cell: (r) => (
              <div className="min-w-32">
                <div className="break-all">{r.userEmail ?? t("admin:subscriptions.unknownUser")}</div>
                <div className="mt-1 flex flex-wrap items-center gap-2 sm:hidden">
                  <span>{t(`admin:subscriptions.tiers.${r.tier}`)}</span>
                  <Badge tone={STATUS_TONE[r.status] ?? "slate"}>{t(`admin:subscriptions.statuses.${r.status}`)}</Badge>
                </div>
              </div>
            ),
          },
          {
            key: "tier",
            header: t("admin:subscriptions.tier"),
            cell: (r) => t(`admin:subscriptions.tiers.${r.tier}`),
            className: "hidden sm:table-cell",
          },
          {
            key: "status",
            header: t("admin:subscriptions.status"),
            cell: (r) => (
              <Badge tone={STATUS_TONE[r.status] ?? "slate"}>{t(`admin:subscriptions.statuses.${r.status}`)}</Badge>
            ),
            className: "hidden sm:table-cell",
          },
          {
            key: "dates",
            header: `${t("admin:subscriptions.startDate")} – ${t("admin:subscriptions.endDate")}`,
            cell: (r) =>
              `${formatDate(r.startDate, i18n.language)} – ${r.endDate ? formatDate(r.endDate, i18n.language) : t("admin:common.none")}`,
            className: "hidden md:table-cell whitespace-nowrap",
          },
          {
            key: "actions",
            header: t("crud.actions"),
            cell: (r) => (
              <RowActions
                label={`${r.userEmail ?? ""} ${r.tier}`}
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
        title={t("admin:subscriptions.addTitle")}
        intent="create"
        kind="create"
        fetcher={crud.fetcher}
        size="max-w-2xl"
      >
        {({ fieldErrors }) => <SubscriptionFields users={users} today={today} fieldErrors={fieldErrors} />}
      </CrudDialog>
      <CrudDialog
        open={mode.kind === "update"}
        onClose={crud.close}
        title={t("admin:subscriptions.editTitle")}
        intent="update"
        kind="update"
        fetcher={crud.fetcher}
        size="max-w-2xl"
        hidden={row ? { id: row.id } : {}}
      >
        {({ fieldErrors }) =>
          row ? <SubscriptionFields row={row} users={users} today={today} fieldErrors={fieldErrors} /> : null
        }
      </CrudDialog>
      <CrudDialog
        open={mode.kind === "delete"}
        onClose={crud.close}
        title={t("admin:subscriptions.deleteTitle")}
        description={
          row
            ? t("admin:subscriptions.deleteConfirm", {
                tier: t(`admin:subscriptions.tiers.${row.tier}`),
                email: row.userEmail ?? t("admin:subscriptions.unknownUser"),
              })
            : undefined
        }
        intent="delete"
        kind="delete"
        fetcher={crud.fetcher}
        hidden={row ? { id: row.id } : {}}
      />
    </div>
  );
}
