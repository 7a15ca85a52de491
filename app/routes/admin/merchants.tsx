import { useTranslation } from "~/lib/i18n-react";
import { AdminHeader, FieldGroup, YesNo } from "~/components/admin/admin-ui";
import { CrudDialog, DataTable, RowActions, useCrud } from "~/components/crud";
import { SelectField, TextField } from "~/components/form";
import { MERCHANT_CATEGORIES } from "@db/schema/enums";
import { listParams } from "~/lib/crud.server";
import { formatDate } from "~/lib/format";
import { parseWith, readForm } from "~/lib/form.server";
import { requireAdmin } from "~/lib/guards.server";
import { metaTags } from "~/lib/meta";
import { ToggleField } from "~/components/admin/admin-ui";
import { attempt, invalid, loadList, notFound, postedId, unknownIntent } from "~/modules/admin/action.server";
import { adminMerchantCreateSchema, adminMerchantUpdateSchema } from "~/modules/admin/admin.schema";
import {
  type AdminMerchantRow,
  createMerchant,
  deleteMerchant,
  listMerchants,
  updateMerchant,
} from "~/modules/merchant/merchant.admin.server";
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
  const form = await readForm(request);
  switch (form.intent) {
    case "create": {
      const parsed = parseWith(adminMerchantCreateSchema, form);
      if (!parsed.ok) return invalid(parsed);
      return attempt(context, "admin:merchants.added", "admin:merchants.addFailed", () =>
        createMerchant(actor, parsed.data),
      );
    }
    case "update": {
      const id = postedId(form);
      if (!id) return notFound("admin:merchants.updateFailed", context);
      const parsed = parseWith(adminMerchantUpdateSchema, form);
      if (!parsed.ok) return invalid(parsed);
      return attempt(context, "admin:merchants.updated", "admin:merchants.updateFailed", () =>
        updateMerchant(actor, id, parsed.data),
      );
    }
    case "delete": {
      const id = postedId(form);
      if (!id) return notFound("admin:merchants.deleteFailed", context);
      return attempt(context, "admin:merchants.deleted", "admin:merchants.deleteFailed", () =>
        deleteMerchant(actor, id),
      );
    }
    default:
      return unknownIntent();
  }
}

export const meta: Route.MetaFunction = ({ data, matches }) => metaTags(data?.meta, matches);

type Municipality = { id: string; name: string };

function BusinessFields({
  row,
  municipalities,
  fieldErrors,
}: {
  row?: AdminMerchantRow;
  municipalities: Municipality[];
  fieldErrors: Record<string, string>;
}) {
  const { t } = useTranslation();
  return (
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
}

export default function MerchantsPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { rows, total, page, pageSize, error, municipalities } = loaderData;
  const crud = useCrud<AdminMerchantRow>();
  const { mode } = crud;

  return (
    <div className="space-y-6">
      <AdminHeader
        title={t("admin:merchants.title")}
        intro={t("admin:merchants.intro")}
        addLabel={t("admin:merchants.add")}
        onAdd={() => crud.open({ kind: "create" })}
      />
      <DataTable
        caption={t("admin:merchants.caption")}
        searchable
        rows={rows}
        total={total}
        page={page}
        pageSize={pageSize}
        error={error}
        emptyMessage={t("admin:merchants.empty")}
        rowKey={(r) => r.id}
        columns={[
          {
            key: "business",
            header: t("admin:merchants.business"),
            cell: (r) => (
              <div className="min-w-32">
                <div className="font-medium text-slate-900">{r.businessName}</div>
                <div className="break-all text-slate-600">{r.businessEmail}</div>
              </div>
            ),
          },
          {
            key: "account",
            header: t("admin:merchants.account"),
            cell: (r) => (
              <div>
                <div>{r.userName}</div>
                <div className="break-all text-slate-600">{r.userEmail}</div>
              </div>
            ),
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
          {
            key: "actions",
            header: t("crud.actions"),
            cell: (r) => (
              <RowActions
                label={r.businessName}
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
        title={t("admin:merchants.addTitle")}
        intent="create"
        kind="create"
        fetcher={crud.fetcher}
        size="max-w-2xl"
      >
        {({ fieldErrors }) => (
          <>
            <FieldGroup legend={t("admin:merchants.accountSection")}>
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField
                  label={t("admin:merchants.name")}
                  name="name"
                  required
                  autoComplete="off"
                  error={fieldErrors.name}
                />
                <TextField
                  label={t("admin:merchants.email")}
                  name="email"
                  type="email"
                  required
                  autoComplete="off"
                  error={fieldErrors.email}
                />
                <TextField
                  label={t("admin:merchants.password")}
                  name="password"
                  type="password"
                  required
                  autoComplete="new-password"
                  error={fieldErrors.password}
                />
                <TextField
                  label={t("admin:merchants.confirmPassword")}
                  name="confirmPassword"
                  type="password"
                  required
                  autoComplete="new-password"
                  error={fieldErrors.confirmPassword}
                />
              </div>
            </FieldGroup>
            <FieldGroup legend={t("admin:merchants.businessSection")}>
              <BusinessFields municipalities={municipalities} fieldErrors={fieldErrors} />
            </FieldGroup>
          </>
        )}
      </CrudDialog>

      <CrudDialog
        open={mode.kind === "update"}
        onClose={crud.close}
        title={t("admin:merchants.editTitle")}
        intent="update"
        kind="update"
        fetcher={crud.fetcher}
        size="max-w-2xl"
        hidden={mode.kind === "update" && mode.row ? { id: mode.row.id } : {}}
      >
        {({ fieldErrors }) =>
          mode.kind === "update" && mode.row ? (
            <>
              <BusinessFields row={mode.row} municipalities={municipalities} fieldErrors={fieldErrors} />
              <ToggleField name="is_premium" label={t("admin:merchants.premium")} defaultChecked={mode.row.isPremium} />
            </>
          ) : null
        }
      </CrudDialog>

      <CrudDialog
        open={mode.kind === "delete"}
        onClose={crud.close}
        title={t("admin:merchants.deleteTitle")}
        description={
          mode.kind === "delete" && mode.row
            ? t("admin:merchants.deleteConfirm", { name: mode.row.businessName })
            : undefined
        }
        intent="delete"
        kind="delete"
        fetcher={crud.fetcher}
        hidden={mode.kind === "delete" && mode.row ? { id: mode.row.id } : {}}
      />
    </div>
  );
}
