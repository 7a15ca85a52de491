/**
 * The admin panel's municipality fields: name, slug, logo (the upload field every picture uses), the footer's
 * contact details, where the town's maps open, whether it is live, and the name in the other languages.
 */
import { FieldGroup, TextField, ToggleField } from "~/components/form";
import { ImageField } from "~/components/image-field";
import { TranslationFields } from "~/components/panel/translations";
import { useTranslation } from "~/lib/i18n/react";
import type { Translations } from "~/lib/i18n/localized";

type MunicipalityFormRow = {
  name: string;
  slug: string;
  isActive: boolean;
  logoUrl: string | null;
  contactEmail: string | null;
  postalAddress: string | null;
  centerLat: number | null;
  centerLng: number | null;
  mapZoom: number | null;
  originalLocale?: string;
  translations?: Translations;
  translationSources?: Translations;
};

export function MunicipalityFields({
  row,
  fieldErrors,
}: {
  row?: MunicipalityFormRow;
  fieldErrors: Record<string, string>;
}) {
  const { t } = useTranslation();
  const optional = (label: string) => `${label} (${t("admin:common.optional")})`;
  return (
    <>
      <TextField
        label={t("admin:municipalities.name")}
        name="name"
        required
        defaultValue={row?.name}
        error={fieldErrors.name}
      />
      <TextField
        label={t("admin:municipalities.slug")}
        name="slug"
        required
        defaultValue={row?.slug}
        pattern="[a-z0-9]+(-[a-z0-9]+)*"
        autoCapitalize="none"
        spellCheck={false}
        hint={t("admin:municipalities.slugHint")}
        error={fieldErrors.slug}
      />
      <ImageField
        label={optional(t("common:media.logo"))}
        name="logo_url"
        urlLabel={t("admin:municipalities.logoUrl")}
        defaultValue={row?.logoUrl}
        error={fieldErrors.logo_url}
        previewSize={{ width: 160, height: 160 }}
      />
      <TextField
        label={optional(t("admin:municipalities.contactEmail"))}
        name="contact_email"
        type="email"
        defaultValue={row?.contactEmail ?? ""}
        hint={t("admin:municipalities.contactEmailHint")}
        error={fieldErrors.contact_email}
      />
      <TextField
        label={optional(t("admin:municipalities.postalAddress"))}
        name="postal_address"
        defaultValue={row?.postalAddress ?? ""}
        hint={t("admin:municipalities.postalAddressHint")}
        error={fieldErrors.postal_address}
      />
      <FieldGroup legend={t("admin:municipalities.map")} hint={t("admin:municipalities.mapHint")}>
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            label={optional(t("admin:municipalities.centerLat"))}
            name="center_lat"
            type="number"
            step="any"
            min={-90}
            max={90}
            inputMode="decimal"
            defaultValue={row?.centerLat ?? ""}
            error={fieldErrors.center_lat}
          />
          <TextField
            label={optional(t("admin:municipalities.centerLng"))}
            name="center_lng"
            type="number"
            step="any"
            min={-180}
            max={180}
            inputMode="decimal"
            defaultValue={row?.centerLng ?? ""}
            error={fieldErrors.center_lng}
          />
          <TextField
            label={optional(t("admin:municipalities.mapZoom"))}
            name="map_zoom"
            type="number"
            step={1}
            min={1}
            max={19}
            inputMode="numeric"
            defaultValue={row?.mapZoom ?? ""}
            hint={t("admin:municipalities.mapZoomHint")}
            error={fieldErrors.map_zoom}
          />
        </div>
      </FieldGroup>
      {/* docs/product.md: is_active is a toggle, true by default on add. */}
      <ToggleField
        name="is_active"
        label={t("admin:municipalities.activeToggle")}
        defaultChecked={row ? row.isActive : true}
      />
      {/* The name in the other languages; each also reaches the municipality as a slug (/bruxelles). */}
      <TranslationFields
        row={row}
        fieldErrors={fieldErrors}
        fields={[{ name: "name", label: t("admin:municipalities.name") }]}
      />
    </>
  );
}
