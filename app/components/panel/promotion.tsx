/**
 * The promotion's fields and columns, one set for both panels. What the actor may set comes from the
 * promotion policy: an administrator also chooses the merchant, the category and the premium flag; a
 * merchant's promotion takes them from its business profile.
 */
import { useDiscountText } from "~/components/discount-text";
import { discountInputText } from "~/modules/promotion";
import { oneOf } from "~/lib/i18n/keys";
import type { TFunction } from "~/lib/i18n/translator";
import { useState } from "react";
import { CATEGORIES, PROMOTION_CATEGORIES } from "@db/schema/enums";
import { ExternalLink } from "~/components/icons";
import { Link } from "~/components/link";
import { TranslationFields } from "~/components/panel/translations";
import { PromotionTagsField } from "~/components/panel/promotion-tags-field";
import { VoucherFields } from "~/components/panel/voucher-fields";
import type { Translations } from "~/lib/i18n/localized";
import { Required, SelectField, TextArea, TextField, ToggleField } from "~/components/form";
import { ImageField } from "~/components/image-field";
import { GalleryFields } from "~/components/panel/gallery-fields";
import type { GalleryItem } from "~/modules/media";
import type { Column } from "~/components/crud";
import { LookupCombobox } from "~/components/ui/lookup-combobox";
import { YesNo } from "~/components/ui/badge";
import { ValidUntilCell } from "~/components/panel/valid-until-cell";
import { useTranslation } from "~/lib/i18n/react";
import { useRootData } from "~/lib/use-root-data";
import { can } from "~/modules/promotion";
import { type PricingMode, initialPricingMode } from "~/modules/promotion";

type PromotionFormRow = {
  id: string;
  title: string;
  description: string | null;
  imageUrl: string | null;
  gallery?: GalleryItem[];
  validUntil: string;
  category: string | null;
  price: string | null;
  originalPrice: string | null;
  discount: string | null;
  discountPercent?: number | null;
  discountAmountCents?: number | null;
  termsAndConditions: string | null;
  tags?: string[];
  isPremium: boolean;
  voucherStock?: number | null;
  voucherLimit?: number;
  originalLocale?: string;
  translations?: Translations;
  merchantId?: string;
  businessName?: string | null;
  publicPath?: string | null;
};

export function PromotionFields({
  row,
  fieldErrors,
  today = "",
}: {
  row?: PromotionFormRow;
  fieldErrors: Record<string, string>;
  today?: string;
}) {
  const { t } = useTranslation("merchant");
  const actor = useRootData().user;
  const [mode, setMode] = useState<PricingMode>(initialPricingMode(row));
  const choosesMerchant = can(actor, "choose-merchant");
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
      {choosesMerchant && (
        <div className="grid gap-4 sm:grid-cols-2">
          <MerchantSelect value={row?.merchantId} label={row?.businessName} error={fieldErrors.merchant_id} />
          <SelectField
            label={<Required>{t("admin:promotions.category")}</Required>}
            name="category"
            required
            aria-required="true"
            defaultValue={row?.category ?? ""}
            error={fieldErrors.category}
          >
            <option value="">{t("admin:common.choose")}</option>
            {PROMOTION_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t(`categories.${c}`)}
              </option>
            ))}
          </SelectField>
        </div>
      )}
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
          defaultValue={row?.validUntil ?? today}
          error={fieldErrors.valid_until}
        />
        <ImageField
          label={t("common:media.image")}
          name="image_url"
          urlLabel={t("promotions.fields.imageUrl")}
          defaultValue={row?.imageUrl}
          error={fieldErrors.image_url}
        />
      </div>
      <GalleryFields items={row?.gallery} fieldErrors={fieldErrors} />
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
            defaultValue={row ? discountInputText(row) : ""}
            hint={t("promotions.fields.discountHint")}
            error={mode === "percentage" ? (fieldErrors.discount ?? fieldErrors.price) : undefined}
          />
        </div>
      </fieldset>
      <VoucherFields row={row} fieldErrors={fieldErrors} />
      <TextArea
        label={t("promotions.fields.terms")}
        name="terms_and_conditions"
        defaultValue={row?.termsAndConditions ?? ""}
        hint={t("promotions.fields.termsHint")}
        error={fieldErrors.terms_and_conditions}
      />
      <PromotionTagsField value={row?.tags} error={fieldErrors.tags} />
      {can(actor, "set-premium") ? (
        <ToggleField name="is_premium" label={t("admin:promotions.premiumToggle")} defaultChecked={row?.isPremium} />
      ) : (
        <p className="text-xs text-slate-600">{t("promotions.premiumHint")}</p>
      )}
      <TranslationFields
        row={row}
        fieldErrors={fieldErrors}
        fields={[
          { name: "title", label: t("promotions.fields.title") },
          { name: "description", label: t("promotions.fields.description"), multiline: true },
          { name: "terms", label: t("promotions.fields.terms"), multiline: true },
        ]}
      />
    </div>
  );
}

/**
 * The merchant a promotion or an event belongs to, for an actor who may choose it: a search over every merchant
 * (a searchable picker), showing the current one (`value` and its business name) from the server.
 */
export function MerchantSelect({ value, label, error }: { value?: string; label?: string | null; error?: string }) {
  const { t } = useTranslation();
  return (
    <LookupCombobox
      label={<Required>{t("admin:promotions.merchant")}</Required>}
      name="merchant_id"
      source="/admin/lookup/merchants"
      initial={value ? { id: value, label: label ?? value, detail: null } : null}
      required
      error={error}
    />
  );
}

/** The title cell of a panel row: its merchant (admin list) and its public page (merchant list). */
export function TitleCell({
  row,
}: {
  row: { title: string; businessName?: string | null; publicPath?: string | null };
}) {
  const { t } = useTranslation("merchant");
  return (
    <div className="min-w-0">
      <span className="font-medium text-slate-900">{row.title}</span>
      {row.businessName !== undefined && (
        <div className="text-slate-600 md:hidden">{row.businessName ?? t("admin:common.none")}</div>
      )}
      {row.publicPath && (
        <Link to={row.publicPath} className="link mt-0.5 flex items-center gap-1 whitespace-nowrap text-xs">
          {t("common.viewPublic")}
          <span className="sr-only">: {row.title}</span>
          <ExternalLink aria-hidden="true" className="size-3" />
        </Link>
      )}
    </div>
  );
}

/** The merchant column, shown to an actor who sees every merchant's rows. */
export function merchantColumn<Row extends { businessName?: string | null }>(t: TFunction<"merchant">): Column<Row> {
  return {
    key: "merchant",
    header: t("admin:promotions.merchant"),
    cell: (r) => r.businessName ?? t("admin:common.none"),
    className: "hidden md:table-cell",
  };
}

/** A category's name, or "Not set". */
export function categoryLabel(t: TFunction<"merchant">, category: string | null): string {
  const known = oneOf(CATEGORIES, category);
  return known ? t(`categories.${known}`) : (category ?? t("common.notSet"));
}

function PriceCell({ row }: { row: PromotionFormRow }) {
  const discount = useDiscountText()(row);
  if (discount) {
    return (
      <span className="inline-flex rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">
        {discount}
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

/** The promotion list's columns in either panel (with the merchant column where rows have one). */
export function usePromotionColumns<Row extends PromotionFormRow>(withMerchant: boolean): Column<Row>[] {
  const { t } = useTranslation("merchant");
  return [
    { key: "title", header: t("promotions.columns.title"), cell: (r) => <TitleCell row={r} /> },
    ...(withMerchant ? [merchantColumn<Row>(t)] : []),
    {
      key: "category",
      header: t("promotions.columns.category"),
      className: "hidden lg:table-cell",
      cell: (r) => categoryLabel(t, r.category),
    },
    { key: "price", header: t("promotions.columns.price"), cell: (r) => <PriceCell row={r} /> },
    {
      key: "validUntil",
      header: t("promotions.columns.validUntil"),
      className: "hidden sm:table-cell whitespace-nowrap",
      cell: (r) => <ValidUntilCell validUntil={r.validUntil} />,
    },
    {
      key: "premium",
      header: t("promotions.columns.premium"),
      className: "hidden lg:table-cell",
      cell: (r) => <YesNo value={r.isPremium} />,
    },
  ];
}
