/**
 * The event's fields and columns, one set for both panels. What the actor may set comes from the event
 * policy: an administrator also chooses the merchant and features the event.
 */
import { EVENT_CATEGORIES } from "@db/schema/enums";
import { TranslationFields } from "~/components/panel/translations";
import type { Translations } from "~/lib/i18n/localized";
import { Required, SelectField, TextArea, TextField, ToggleField } from "~/components/form";
import { ImageField } from "~/components/image-field";
import { GalleryFields } from "~/components/panel/gallery-fields";
import type { GalleryItem } from "~/modules/media";
import type { Column } from "~/components/crud";
import { YesNo } from "~/components/ui/badge";
import { formatDate } from "~/lib/i18n/format";
import { useTranslation } from "~/lib/i18n/react";
import { useRootData } from "~/lib/use-root-data";
import { can } from "~/modules/event";
import { MerchantSelect, TitleCell, categoryLabel, merchantColumn } from "./promotion";

type EventFormRow = {
  id: string;
  title: string;
  description: string | null;
  practicalInfo?: string | null;
  imageUrl: string | null;
  gallery?: GalleryItem[];
  venue: string;
  time: string | null;
  price: string | null;
  startDate: string;
  attendees: number;
  category: string;
  isFeatured: boolean;
  originalLocale?: string;
  translations?: Translations;
  merchantId?: string;
  businessName?: string | null;
  publicPath?: string | null;
};

export function EventFields({
  row,
  fieldErrors,
  today = "",
}: {
  row?: EventFormRow;
  fieldErrors: Record<string, string>;
  today?: string;
}) {
  const { t } = useTranslation("merchant");
  const actor = useRootData().user;
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
      {can(actor, "choose-merchant") && (
        <MerchantSelect value={row?.merchantId} label={row?.businessName} error={fieldErrors.merchant_id} />
      )}
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
          defaultValue={row?.startDate ?? today}
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
      <TextArea
        label={t("events.fields.practicalInfo")}
        name="practical_info"
        defaultValue={row?.practicalInfo ?? ""}
        hint={t("events.fields.practicalInfoHint")}
        error={fieldErrors.practical_info}
      />
      <ImageField
        label={t("common:media.image")}
        name="image_url"
        urlLabel={t("events.fields.imageUrl")}
        urlHint={t("events.fields.imageUrlHint")}
        defaultValue={row?.imageUrl}
        error={fieldErrors.image_url}
      />
      <GalleryFields items={row?.gallery} fieldErrors={fieldErrors} />
      {can(actor, "set-featured") && (
        <ToggleField name="is_featured" label={t("admin:events.featuredToggle")} defaultChecked={row?.isFeatured} />
      )}
      <TranslationFields
        row={row}
        fieldErrors={fieldErrors}
        fields={[
          { name: "title", label: t("events.fields.title") },
          { name: "description", label: t("events.fields.description"), multiline: true },
          { name: "practicalInfo", label: t("events.fields.practicalInfo"), multiline: true },
        ]}
      />
    </div>
  );
}

/** The event list's columns in either panel (with the merchant column where rows have one). */
export function useEventColumns<Row extends EventFormRow>(withMerchant: boolean): Column<Row>[] {
  const { t, i18n } = useTranslation("merchant");
  return [
    { key: "title", header: t("events.columns.title"), cell: (r) => <TitleCell row={r} /> },
    ...(withMerchant ? [merchantColumn<Row>(t)] : []),
    {
      key: "category",
      header: t("events.columns.category"),
      className: "hidden lg:table-cell",
      cell: (r) => categoryLabel(t, r.category),
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
      cell: (r) => <YesNo value={r.isFeatured} />,
    },
  ];
}
