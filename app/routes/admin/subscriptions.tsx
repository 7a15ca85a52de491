/** Admin panel: subscriptions. */
import { SUBSCRIPTION_STATUSES, SUBSCRIPTION_TIERS } from "@db/schema/enums";
import { CrudScreen, useCrudTexts } from "~/components/crud";
import { SelectField, TextField } from "~/components/form";
import { Badge, type Tone } from "~/components/ui/badge";
import { LookupCombobox } from "~/components/ui/lookup-combobox";
import { panelAction, panelMessages } from "~/lib/forms/crud.server";
import { formatDate, formatEuro, todayIso } from "~/lib/i18n/format";
import { requireAdmin } from "~/lib/auth/guards.server";
import { useTranslation } from "~/lib/i18n/react";
import { loadPage } from "~/lib/forms/list.server";
import { metaTags } from "~/lib/http/meta";
import { type SubscriptionRow, listSubscriptions, subscriptionCommands } from "~/modules/subscription/index.server";
import type { Route } from "./+types/subscriptions";

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireAdmin(request, context);
  const list = await loadPage(
    request,
    context,
    "admin:subscriptions.fetchFailed",
    (query) => listSubscriptions(actor, query),
    50,
  );
  return {
    ...list,
    today: todayIso(),
    meta: { title: context.t("admin:subscriptions.title"), noindex: true },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireAdmin(request, context);
  return panelAction(request, context, subscriptionCommands(actor), panelMessages("admin", "subscriptions"));
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
  today,
  fieldErrors,
}: {
  row?: SubscriptionRow;
  today: string;
  fieldErrors: Record<string, string>;
}) {
  const { t } = useTranslation();
  const opt = ` (${t("admin:common.optional")})`;
  const select = (name: "tier" | "status", options: { value: string; label: string }[], fallback: string) => (
    <SelectField
      label={t(`admin:subscriptions.${name}`)}
      name={name}
      required
      defaultValue={row?.[name] ?? fallback}
      error={fieldErrors[name]}
    >
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </SelectField>
  );
  const tiers = SUBSCRIPTION_TIERS.map((v) => ({ value: v, label: t(`admin:subscriptions.tiers.${v}`) }));
  const statuses = SUBSCRIPTION_STATUSES.map((v) => ({ value: v, label: t(`admin:subscriptions.statuses.${v}`) }));
  const text = (name: string, label: string, value: string | null | undefined, type = "text") => (
    <TextField label={label} name={name} type={type} defaultValue={value ?? ""} error={fieldErrors[name]} />
  );
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <LookupCombobox
        label={t("admin:subscriptions.user")}
        name="user_id"
        source="/admin/lookup/users"
        initial={row ? { id: row.userId, label: row.userEmail ?? row.userId, detail: null } : null}
        required
        error={fieldErrors.user_id}
        className="sm:col-span-2"
      />
      {select("tier", tiers, "Free")}
      {select("status", statuses, "active")}
      <TextField
        label={t("admin:subscriptions.startDate")}
        name="start_date"
        type="date"
        required
        defaultValue={row?.startDate ?? today}
        error={fieldErrors.start_date}
      />
      {text("end_date", t("admin:subscriptions.endDate") + opt, row?.endDate, "date")}
      <TextField
        label={t("admin:subscriptions.monthlyPrice")}
        name="monthly_price"
        inputMode="decimal"
        defaultValue={row ? (row.monthlyPriceCents / 100).toFixed(2) : ""}
        hint={t("admin:subscriptions.monthlyPriceHint")}
        error={fieldErrors.monthly_price}
      />
      {text("payment_customer_id", t("admin:subscriptions.customerId") + opt, row?.paymentCustomerId)}
      {text("payment_subscription_id", t("admin:subscriptions.subscriptionId") + opt, row?.paymentSubscriptionId)}
    </div>
  );
}

export default function SubscriptionsPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { today } = loaderData;
  const status = (r: SubscriptionRow) => (
    <Badge tone={STATUS_TONE[r.status] ?? "slate"}>{t(`admin:subscriptions.statuses.${r.status}`)}</Badge>
  );
  const date = (d: string | null) => (d ? formatDate(d, i18n.language) : t("admin:common.none"));
  return (
    <CrudScreen
      texts={useCrudTexts("admin:subscriptions")}
      {...loaderData}
      searchable
      columns={[
        {
          key: "user",
          header: t("admin:subscriptions.user"),
          cell: (r) => (
            <div className="min-w-32">
              <div className="break-all">{r.userEmail ?? t("admin:subscriptions.unknownUser")}</div>
              <div className="mt-1 flex flex-wrap items-center gap-2 sm:hidden">
                <span>{t(`admin:subscriptions.tiers.${r.tier}`)}</span>
                {status(r)}
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
        { key: "status", header: t("admin:subscriptions.status"), cell: status, className: "hidden sm:table-cell" },
        {
          key: "price",
          header: t("admin:subscriptions.monthlyPriceColumn"),
          cell: (r) => formatEuro(r.monthlyPriceCents / 100, i18n.language),
          className: "whitespace-nowrap",
        },
        {
          key: "dates",
          header: `${t("admin:subscriptions.startDate")} – ${t("admin:subscriptions.endDate")}`,
          cell: (r) => `${date(r.startDate)} – ${date(r.endDate)}`,
          className: "hidden md:table-cell whitespace-nowrap",
        },
      ]}
      rowLabel={(r) => `${r.userEmail ?? ""} ${r.tier}`}
      deleteConfirm={(r) =>
        t("admin:subscriptions.deleteConfirm", {
          tier: t(`admin:subscriptions.tiers.${r.tier}`),
          email: r.userEmail ?? t("admin:subscriptions.unknownUser"),
        })
      }
      fields={(p) => <SubscriptionFields {...p} today={today} />}
      size="max-w-2xl"
    />
  );
}
