/** Merchant panel: the merchant's own promotions, with add, edit and delete dialogs (SPEC merchant panel). */
import { ExternalLink, Plus } from "~/components/icons";
import { useState } from "react";
import { useTranslation } from "~/lib/i18n-react";
import { Link } from "~/components/link";
import { type Column, CrudDialog, DataTable, Required, RowActions, YesNoBadge, useCrud } from "~/components/crud";
import { TextArea, TextField } from "~/components/form";
import { PageHeading } from "~/components/page-heading";
import { fail, failFrom, ok } from "~/lib/crud.server";
import { HttpError } from "~/lib/errors";
import { formatDate } from "~/lib/format";
import { readForm, parseWith } from "~/lib/form.server";
import { requireMerchant } from "~/lib/guards.server";
import { metaTags } from "~/lib/meta";
import { initialPricingMode, merchantPromotionSchema, type PricingMode } from "~/modules/promotion/promotion.schema";
import {
  createPromotion,
  deletePromotion,
  listOwnPromotions,
  updatePromotion,
} from "~/modules/promotion/promotion.server";
import { listAllMunicipalities } from "~/modules/municipality/municipality.server";
import type { Route } from "./+types/promotions";

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireMerchant(request, context);
  let error: string | null = null;
  let rows: Awaited<ReturnType<typeof listOwnPromotions>> = [];
  const slugs = new Map((await listAllMunicipalities()).map((m) => [m.id, m.slug]));
  try {
    rows = await listOwnPromotions(actor);
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
        r.municipalityId && slugs.has(r.municipalityId) ? `/promotions/${slugs.get(r.municipalityId)}/${r.id}` : null,
      description: r.description,
      imageUrl: r.imageUrl,
      validUntil: r.validUntil,
      category: r.category,
      price: r.price,
      originalPrice: r.originalPrice,
      discount: r.discount,
      termsAndConditions: r.termsAndConditions,
      isPremium: r.isPremium,
    })),
    meta: { title: context.t("merchant:promotions.title"), noindex: true },
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
      await deletePromotion(actor, form.id ?? "");
      return ok("merchant:promotions.success.deleted");
    } catch (err) {
      return failFrom(err, "merchant:promotions.errors.deleteFailed", translate);
    }
  }
  if (intent !== "create" && intent !== "update") return fail(400, "validation.malformed");
  const failed =
    intent === "create" ? "merchant:promotions.errors.addFailed" : "merchant:promotions.errors.updateFailed";
  const parsed = parseWith(merchantPromotionSchema, form);
  if (!parsed.ok) return fail(400, parsed.formError ?? "merchant:errors.checkFields", parsed.fieldErrors);
  try {
    if (intent === "create") {
      await createPromotion(actor, parsed.data);
      return ok("merchant:promotions.success.added");
    }
    await updatePromotion(actor, form.id ?? "", parsed.data);
    return ok("merchant:promotions.success.updated");
  } catch (err) {
    return failFrom(err, failed, translate);
  }
}

type Row = Route.ComponentProps["loaderData"]["rows"][number];

function PriceCell({ row }: { row: Row }) {
  if (row.discount) {
    return (
      <span className="inline-flex rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">
        {row.discount}
      </span>
    );
  }
  return (
    <span className="whitespace-nowrap">
      <span className="font-medium">{row.price}</span>
      {row.originalPrice && <s className="ml-2 text-slate-600">{row.originalPrice}</s>}
    </span>
  );
}

function PromotionFields({ row, fieldErrors }: { row?: Row; fieldErrors: Record<string, string> }) {
  const { t } = useTranslation("merchant");
  const [mode, setMode] = useState<PricingMode>(initialPricingMode(row));
  return (
    <div className="space-y-4">
      <TextField
        label={<Required>{t("promotions.fields.title")}</Required>}
        name="title"
        required
        aria-required="true"
        defaultValue={row?.title ?? ""}
        error={fieldErrors.title}
      />
      <TextArea
        label={t("promotions.fields.description")}
        name="description"
        defaultValue={row?.description ?? ""}
        error={fieldErrors.description}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={<Required>{t("promotions.fields.validUntil")}</Required>}
          name="valid_until"
          type="date"
          required
          aria-required="true"
          defaultValue={row?.validUntil ?? ""}
          error={fieldErrors.valid_until}
        />
        <TextField
          label={t("promotions.fields.imageUrl")}
          name="image_url"
          type="url"
          inputMode="url"
          placeholder="https://"
          defaultValue={row?.imageUrl ?? ""}
          error={fieldErrors.image_url}
        />
      </div>
      <fieldset className="rounded-lg border border-slate-200 p-4">
        <legend className="px-1 text-sm font-semibold text-slate-800">{t("promotions.fields.pricing")}</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
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
              {m === "price" ? t("promotions.fields.modePrice") : t("promotions.fields.modePercentage")}
            </label>
          ))}
        </div>
        <div className="mt-4 grid gap-4 sm:grid-cols-2" hidden={mode !== "price"}>
          <TextField
            label={t("promotions.fields.price")}
            name="price"
            defaultValue={row?.price ?? ""}
            hint={t("promotions.fields.priceHint")}
            error={mode === "price" ? fieldErrors.price : undefined}
          />
          <TextField
            label={t("promotions.fields.originalPrice")}
            name="original_price"
            defaultValue={row?.originalPrice ?? ""}
            hint={t("promotions.fields.originalPriceHint")}
            error={fieldErrors.original_price}
          />
        </div>
        <div className="mt-4" hidden={mode !== "percentage"}>
          <TextField
            label={t("promotions.fields.discount")}
            name="discount"
            defaultValue={row?.discount ?? ""}
            hint={t("promotions.fields.discountHint")}
            error={mode === "percentage" ? fieldErrors.discount : undefined}
          />
        </div>
      </fieldset>
      <TextArea
        label={t("promotions.fields.terms")}
        name="terms_and_conditions"
        defaultValue={row?.termsAndConditions ?? ""}
        hint={t("promotions.fields.termsHint")}
        error={fieldErrors.terms_and_conditions}
      />
      <p className="text-xs text-slate-600">{t("promotions.premiumHint")}</p>
    </div>
  );
}

export default function MerchantPromotions({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("merchant");
  const crud = useCrud<Row>();
  const { mode } = crud;
  const columns: Column<Row>[] = [
    {
      key: "title",
      header: t("promotions.columns.title"),
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
      header: t("promotions.columns.category"),
      className: "hidden md:table-cell",
      cell: (r) => (r.category ? t(`categories.${r.category}`) : t("common.notSet")),
    },
    { key: "price", header: t("promotions.columns.price"), cell: (r) => <PriceCell row={r} /> },
    {
      key: "validUntil",
      header: t("promotions.columns.validUntil"),
      className: "hidden sm:table-cell whitespace-nowrap",
      cell: (r) => formatDate(r.validUntil, i18n.language),
    },
    {
      key: "premium",
      header: t("promotions.columns.premium"),
      className: "hidden lg:table-cell",
      cell: (r) => <YesNoBadge value={r.isPremium} />,
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
      <PageHeading title={t("promotions.title")}>{t("promotions.subtitle")}</PageHeading>
      <DataTable
        caption={t("promotions.caption")}
        columns={columns}
        rows={loaderData.rows}
        rowKey={(r) => r.id}
        error={loaderData.error ? t(loaderData.error) : null}
        emptyMessage={t("promotions.empty")}
        toolbar={
          <button
            type="button"
            className="btn-primary"
            onClick={() => crud.open({ kind: "create" })}
            disabled={!!loaderData.error}
          >
            <Plus aria-hidden="true" className="size-4" />
            {t("promotions.add")}
          </button>
        }
      />
      <CrudDialog
        open={mode.kind === "create" || !!editing}
        onClose={crud.close}
        title={editing ? t("promotions.editTitle") : t("promotions.addTitle")}
        intent={editing ? "update" : "create"}
        kind={editing ? "update" : "create"}
        hidden={editing ? { id: editing.id } : {}}
        fetcher={crud.fetcher}
      >
        {({ fieldErrors }) => <PromotionFields key={editing?.id ?? "new"} row={editing} fieldErrors={fieldErrors} />}
      </CrudDialog>
      <CrudDialog
        open={!!deleting}
        onClose={crud.close}
        title={t("promotions.deleteTitle")}
        description={deleting ? t("promotions.deleteConfirm", { title: deleting.title }) : undefined}
        intent="delete"
        kind="delete"
        hidden={deleting ? { id: deleting.id } : {}}
        fetcher={crud.fetcher}
      />
    </>
  );
}
