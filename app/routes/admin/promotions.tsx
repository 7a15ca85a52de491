import { useState } from "react";
import { useTranslation } from "~/lib/i18n-react";
import { AdminHeader, ToggleField, YesNo } from "~/components/admin/admin-ui";
import { CrudDialog, DataTable, RowActions, useCrud } from "~/components/crud";
import { SelectField, TextArea, TextField } from "~/components/form";
import { PROMOTION_CATEGORIES } from "@db/schema/enums";
import { listParams } from "~/lib/crud.server";
import { formatDate, todayIso } from "~/lib/format";
import { parseWith, readForm } from "~/lib/form.server";
import { requireAdmin } from "~/lib/guards.server";
import { metaTags } from "~/lib/meta";
import { attempt, invalid, loadList, notFound, postedUuid, unknownIntent } from "~/modules/admin/action.server";
import { listMerchantOptions } from "~/modules/merchant/merchant.admin.server";
import { type PricingMode, adminPromotionSchema, initialPricingMode } from "~/modules/promotion/promotion.schema";
import {
  type PromotionListRow,
  createPromotion,
  deletePromotion,
  listAllPromotions,
  updatePromotion,
} from "~/modules/promotion/promotion.server";
import type { Route } from "./+types/promotions";

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireAdmin(request, context);
  const params = listParams(request);
  const [list, merchants] = await Promise.all([
    loadList(context, "admin:promotions.fetchFailed", () => listAllPromotions(actor, params), {
      rows: [],
      total: 0,
    }),
    listMerchantOptions(actor).catch(() => []),
  ]);
  return {
    ...list.value,
    error: list.error,
    page: params.page,
    pageSize: params.pageSize,
    merchants,
    today: todayIso(),
    meta: { title: context.t("admin:promotions.title"), noindex: true },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireAdmin(request, context);
  const form = await readForm(request);
  switch (form.intent) {
    case "create": {
      const parsed = parseWith(adminPromotionSchema, form);
      if (!parsed.ok) return invalid(parsed);
      return attempt(context, "admin:promotions.added", "admin:promotions.addFailed", () =>
        createPromotion(actor, parsed.data),
      );
    }
    case "update": {
      const id = postedUuid(form);
      if (!id) return notFound("admin:promotions.updateFailed", context);
      const parsed = parseWith(adminPromotionSchema, form);
      if (!parsed.ok) return invalid(parsed);
      return attempt(context, "admin:promotions.updated", "admin:promotions.updateFailed", () =>
        updatePromotion(actor, id, parsed.data),
      );
    }
    case "delete": {
      const id = postedUuid(form);
      if (!id) return notFound("admin:promotions.deleteFailed", context);
      return attempt(context, "admin:promotions.deleted", "admin:promotions.deleteFailed", () =>
        deletePromotion(actor, id),
      );
    }
    default:
      return unknownIntent();
  }
}

export const meta: Route.MetaFunction = ({ data, matches }) => metaTags(data?.meta, matches);

function PromotionFields({
  row,
  merchants,
  today,
  fieldErrors,
}: {
  row?: PromotionListRow;
  merchants: { id: string; businessName: string }[];
  today: string;
  fieldErrors: Record<string, string>;
}) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<PricingMode>(initialPricingMode(row));
  const opt = ` (${t("admin:common.optional")})`;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        label={t("admin:promotions.promotionTitle")}
        name="title"
        required
        defaultValue={row?.title}
        error={fieldErrors.title}
        className="sm:col-span-2"
      />
      <SelectField
        label={t("admin:promotions.merchant")}
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
        label={t("admin:promotions.category")}
        name="category"
        required
        defaultValue={row?.category ?? ""}
        error={fieldErrors.category}
      >
        <option value="">{t("admin:common.choose")}</option>
        {PROMOTION_CATEGORIES.map((c) => (
          <option key={c} value={c}>
            {t(`merchant:categories.${c}`, { defaultValue: c })}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t("admin:promotions.validUntil")}
        name="valid_until"
        type="date"
        required
        defaultValue={row?.validUntil ?? today}
        error={fieldErrors.valid_until}
      />
      <fieldset className="sm:col-span-2">
        <legend className="label">{t("admin:promotions.pricing")}</legend>
        <div className="flex flex-wrap gap-4">
          {(["price", "percentage"] as const).map((m) => (
            <label key={m} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="pricing_mode"
                value={m}
                checked={mode === m}
                onChange={() => setMode(m)}
                className="size-4 accent-brand-600"
              />
              {t(m === "price" ? "admin:promotions.modePrice" : "admin:promotions.modePercentage")}
            </label>
          ))}
        </div>
      </fieldset>
      {mode === "price" ? (
        <>
          <TextField
            label={t("admin:promotions.price")}
            name="price"
            required
            defaultValue={row?.price ?? ""}
            placeholder="€9.95"
            error={fieldErrors.price}
          />
          <TextField
            label={t("admin:promotions.originalPrice") + opt}
            name="original_price"
            defaultValue={row?.originalPrice ?? ""}
            error={fieldErrors.original_price}
          />
        </>
      ) : (
        <TextField
          label={t("admin:promotions.discount")}
          name="discount"
          required
          defaultValue={row?.discount ?? ""}
          placeholder="20% Off"
          error={fieldErrors.discount ?? fieldErrors.price}
        />
      )}
      <TextArea
        label={t("admin:promotions.description") + opt}
        name="description"
        defaultValue={row?.description ?? ""}
        error={fieldErrors.description}
        className="sm:col-span-2"
      />
      <TextField
        label={t("admin:promotions.imageUrl") + opt}
        name="image_url"
        type="url"
        defaultValue={row?.imageUrl ?? ""}
        error={fieldErrors.image_url}
        className="sm:col-span-2"
      />
      <TextArea
        label={t("admin:promotions.terms") + opt}
        name="terms_and_conditions"
        defaultValue={row?.termsAndConditions ?? ""}
        hint={t("admin:promotions.termsHint")}
        error={fieldErrors.terms_and_conditions}
        className="sm:col-span-2"
      />
      <ToggleField name="is_premium" label={t("admin:promotions.premiumToggle")} defaultChecked={row?.isPremium} />
    </div>
  );
}

export default function PromotionsPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { rows, total, page, pageSize, error, merchants, today } = loaderData;
  const crud = useCrud<PromotionListRow>();
  const { mode } = crud;
  const row = mode.kind !== "closed" && "row" in mode ? mode.row : undefined;

  return (
    <div className="space-y-6">
      <AdminHeader
        title={t("admin:promotions.title")}
        intro={t("admin:promotions.intro")}
        addLabel={t("admin:promotions.add")}
        onAdd={() => crud.open({ kind: "create" })}
      />
      <DataTable
        caption={t("admin:promotions.caption")}
        searchable
        rows={rows}
        total={total}
        page={page}
        pageSize={pageSize}
        error={error}
        emptyMessage={t("admin:promotions.empty")}
        rowKey={(r) => r.id}
        columns={[
          {
            key: "title",
            header: t("admin:promotions.promotionTitle"),
            cell: (r) => (
              <div>
                <div className="font-medium text-slate-900">{r.title}</div>
                <div className="text-slate-600 md:hidden">{r.businessName ?? t("admin:common.none")}</div>
              </div>
            ),
          },
          {
            key: "merchant",
            header: t("admin:promotions.merchant"),
            cell: (r) => r.businessName ?? t("admin:common.none"),
            className: "hidden md:table-cell",
          },
          {
            key: "category",
            header: t("admin:promotions.category"),
            cell: (r) => (r.category ? t(`merchant:categories.${r.category}`, { defaultValue: r.category }) : "—"),
            className: "hidden lg:table-cell",
          },
          {
            key: "price",
            header: t("admin:promotions.price"),
            cell: (r) => r.price ?? r.discount ?? t("admin:common.none"),
            className: "hidden sm:table-cell",
          },
          {
            key: "valid",
            header: t("admin:promotions.validUntil"),
            cell: (r) => formatDate(r.validUntil, i18n.language),
            className: "whitespace-nowrap",
          },
          {
            key: "premium",
            header: t("admin:promotions.premium"),
            cell: (r) => <YesNo value={r.isPremium} />,
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
        title={t("admin:promotions.addTitle")}
        intent="create"
        kind="create"
        fetcher={crud.fetcher}
        size="max-w-2xl"
      >
        {({ fieldErrors }) => <PromotionFields merchants={merchants} today={today} fieldErrors={fieldErrors} />}
      </CrudDialog>
      <CrudDialog
        open={mode.kind === "update"}
        onClose={crud.close}
        title={t("admin:promotions.editTitle")}
        intent="update"
        kind="update"
        fetcher={crud.fetcher}
        size="max-w-2xl"
        hidden={row ? { id: row.id } : {}}
      >
        {({ fieldErrors }) =>
          row ? <PromotionFields row={row} merchants={merchants} today={today} fieldErrors={fieldErrors} /> : null
        }
      </CrudDialog>
      <CrudDialog
        open={mode.kind === "delete"}
        onClose={crud.close}
        title={t("admin:promotions.deleteTitle")}
        description={row ? t("admin:promotions.deleteConfirm", { title: row.title }) : undefined}
        intent="delete"
        kind="delete"
        fetcher={crud.fetcher}
        hidden={row ? { id: row.id } : {}}
      />
    </div>
  );
}
