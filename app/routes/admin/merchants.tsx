/** Admin panel: merchants with their accounts (SPEC §2 Merchants). */
import { MERCHANT_CATEGORIES } from "@db/schema/enums";
import { CrudScreen, useCrudTexts } from "~/components/crud";
import { FieldGroup, SelectField, TextField, ToggleField } from "~/components/form";
import { YesNo } from "~/components/ui/badge";
import { panelAction, panelMessages } from "~/lib/crud.server";
import { formatDate } from "~/lib/format";
import { requireAdmin } from "~/lib/guards.server";
import { useTranslation } from "~/lib/i18n-react";
import { listParams, loadList } from "~/lib/list.server";
import { metaTags } from "~/lib/meta";
import { type AdminMerchantRow, listMerchants, merchantCommands } from "~/modules/merchant/merchant.admin.server";
import { listAllMunicipalities } from "~/modules/municipality/municipality.server";
import type { Route } from "./+types/merchants";

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireAdmin(request, context);
  const params = listParams(request);
  const [list, municipalities] = await Promise.all([
    loadList(context, "admin:merchants.fetchFailed", () => listMerchants(actor, params), { rows: [], total: 0 }),
    listAllMunicipalities().catch(() => []),
  ]);
  return {
    ...list.value,
    error: list.error,
    page: params.page,
    pageSize: params.pageSize,
    municipalities,
    meta: { title: context.t("admin:merchants.title"), noindex: true },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireAdmin(request, context);
  return panelAction(request, context, merchantCommands(actor), panelMessages("admin", "merchants"));
}

export const meta: Route.MetaFunction = ({ data, matches }) => metaTags(data?.meta, matches);

type Errors = Record<string, string>;
type Municipality = { id: string; name: string };

/** The business: on add under the new account's fields, on edit with the premium flag. */
function MerchantFields({
  row,
  municipalities,
  fieldErrors,
}: {
  row?: AdminMerchantRow;
  municipalities: Municipality[];
  fieldErrors: Errors;
}) {
  const { t } = useTranslation();
  const account = (name: string, type: string, autoComplete: string) => (
    <TextField
      label={t(`admin:merchants.${name}`)}
      name={name}
      type={type}
      required
      autoComplete={autoComplete}
      error={fieldErrors[name]}
    />
  );
  const business = (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        label={t("admin:merchants.businessName")}
        name="business_name"
        required
        defaultValue={row?.businessName}
        error={fieldErrors.business_name}
        hint={row ? t("admin:merchants.renameHint") : undefined}
      />
      <TextField
        label={t("admin:merchants.businessEmail")}
        name="business_email"
        type="email"
        required
        defaultValue={row?.businessEmail}
        error={fieldErrors.business_email}
      />
      <TextField
        label={`${t("admin:merchants.vatNumber")} (${t("admin:common.optional")})`}
        name="vat_number"
        defaultValue={row?.vatNumber ?? ""}
        placeholder={t("admin:users.vatPlaceholder")}
        error={fieldErrors.vat_number}
      />
      <SelectField
        label={t("admin:merchants.category")}
        name="category"
        defaultValue={row?.category ?? ""}
        error={fieldErrors.category}
      >
        <option value="">{t("admin:common.noCategory")}</option>
        {MERCHANT_CATEGORIES.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t("admin:merchants.municipality")}
        name="municipality_id"
        defaultValue={row?.municipalityId ?? ""}
        error={fieldErrors.municipality_id}
      >
        <option value="">{t("admin:common.noMunicipality")}</option>
        {municipalities.map((m) => (
          <option key={m.id} value={m.id}>
            {m.name}
          </option>
        ))}
      </SelectField>
    </div>
  );
  if (row) {
    return (
      <>
        {business}
        <ToggleField name="is_premium" label={t("admin:merchants.premium")} defaultChecked={row.isPremium} />
      </>
    );
  }
  return (
    <>
      <FieldGroup legend={t("admin:merchants.accountSection")}>
        <div className="grid gap-4 sm:grid-cols-2">
          {account("name", "text", "off")}
          {account("email", "email", "off")}
          {account("password", "password", "new-password")}
          {account("confirmPassword", "password", "new-password")}
        </div>
      </FieldGroup>
      <FieldGroup legend={t("admin:merchants.businessSection")}>{business}</FieldGroup>
    </>
  );
}

export default function MerchantsPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { rows, total, page, pageSize, error, municipalities } = loaderData;
  const twoLines = (first: string, second: string) => (
    <div className="min-w-32">
      <div>{first}</div>
      <div className="break-all text-slate-600">{second}</div>
    </div>
  );
  return (
    <CrudScreen
      texts={useCrudTexts("admin:merchants")}
      searchable
      rows={rows}
      total={total}
      page={page}
      pageSize={pageSize}
      error={error}
      columns={[
        {
          key: "business",
          header: t("admin:merchants.business"),
          cell: (r) => twoLines(r.businessName, r.businessEmail),
        },
        {
          key: "account",
          header: t("admin:merchants.account"),
          cell: (r) => twoLines(r.userName, r.userEmail),
          className: "hidden md:table-cell",
        },
        {
          key: "municipality",
          header: t("admin:merchants.municipality"),
          cell: (r) => r.municipalityName ?? t("admin:common.none"),
          className: "hidden xl:table-cell",
        },
        {
          key: "premium",
          header: t("admin:promotions.premium"),
          cell: (r) => <YesNo value={r.isPremium} />,
          className: "hidden sm:table-cell",
        },
        {
          key: "created",
          header: t("admin:common.createdAt"),
          cell: (r) => formatDate(r.createdAt, i18n.language),
          className: "hidden 2xl:table-cell whitespace-nowrap",
        },
      ]}
      rowLabel={(r) => r.businessName}
      deleteConfirm={(r) => t("admin:merchants.deleteConfirm", { name: r.businessName })}
      fields={(p) => <MerchantFields {...p} municipalities={municipalities} />}
      size="max-w-2xl"
    />
  );
}
