/**
 * The merchant's business fields, one set for the admin's merchant dialog and the merchant's own profile.
 * What the actor may set comes from the merchant policy: an administrator also sets the VAT number and the
 * premium flag; a merchant sees them read-only. The profile adds the contact details and opening hours.
 */
import { messageKey } from "~/lib/i18n/keys";
import { MERCHANT_CATEGORIES } from "@db/schema/enums";
import { Clock } from "~/components/icons";
import { Required, SelectField, TextField, ToggleField } from "~/components/form";
import { ImageField } from "~/components/image-field";
import { useTranslation } from "~/lib/i18n/react";
import { useRootData } from "~/lib/use-root-data";
import { WEEK_DAYS, type WeekDay, hoursFieldName } from "~/modules/merchant";
import { can } from "~/modules/merchant";
import { MunicipalitySelect } from "./municipality-select";
import { BusinessDescriptionFields } from "./merchant-description";
import type { Translations } from "~/lib/i18n/localized";
import type { ReactNode } from "react";

type BusinessRow = {
  id: string;
  businessName: string;
  businessEmail: string;
  vatNumber: string | null;
  municipalityId: string | null;
  category: string | null;
  isPremium: boolean;
  description?: string | null;
  originalLocale?: string;
  translations?: Translations;
};
type Errors = Record<string, string>;

export function BusinessFields({
  row,
  municipalities,
  fieldErrors,
}: {
  row?: BusinessRow;
  municipalities: { id: string; name: string }[];
  fieldErrors: Errors;
}) {
  const { t } = useTranslation("merchant");
  const actor = useRootData().user;
  const managesAll = can(actor, "set-vat");
  // A merchant's profile needs its municipality; an administrator may leave a merchant without one.
  const municipalityLabel = t("profile.fields.municipality");
  return (
    <>
      <TextField
        label={<Required>{t("profile.fields.businessName")}</Required>}
        name="business_name"
        required
        aria-required="true"
        autoComplete="organization"
        defaultValue={row?.businessName}
        hint={managesAll && row ? t("admin:merchants.renameHint") : undefined}
        error={fieldErrors.business_name}
      />
      <TextField
        label={<Required>{t("profile.fields.businessEmail")}</Required>}
        name="business_email"
        type="email"
        required
        aria-required="true"
        autoComplete="email"
        defaultValue={row?.businessEmail}
        error={fieldErrors.business_email}
      />
      <TextField
        label={t("profile.fields.vatNumber")}
        name={managesAll ? "vat_number" : "vat_number_display"}
        defaultValue={row?.vatNumber ?? ""}
        placeholder={managesAll ? t("admin:users.vatPlaceholder") : undefined}
        disabled={!managesAll}
        readOnly={!managesAll}
        error={fieldErrors.vat_number}
      />
      <MunicipalitySelect
        label={managesAll ? municipalityLabel : <Required>{municipalityLabel}</Required>}
        none={managesAll ? t("admin:common.noMunicipality") : t("profile.fields.chooseMunicipality")}
        municipalities={municipalities}
        value={row?.municipalityId}
        error={fieldErrors.municipality_id}
        required={!managesAll}
      />
      <SelectField
        label={t("profile.fields.category")}
        name="category"
        defaultValue={row?.category ?? ""}
        error={fieldErrors.category}
      >
        <option value="">{t("profile.fields.noCategory")}</option>
        {MERCHANT_CATEGORIES.map((c) => (
          <option key={c} value={c}>
            {t(`categories.${c}`)}
          </option>
        ))}
      </SelectField>
      {row && can(actor, "set-premium") ? (
        <ToggleField name="is_premium" label={t("profile.fields.premium")} defaultChecked={row.isPremium} />
      ) : row ? (
        <ReadOnlyPremium value={row.isPremium} />
      ) : null}
      {row && <BusinessDescriptionFields row={row} fieldErrors={fieldErrors} />}
    </>
  );
}

function ReadOnlyPremium({ value }: { value: boolean }) {
  const { t } = useTranslation("merchant");
  return (
    <div>
      <div className="flex items-center gap-2">
        <input
          id="f-is_premium"
          type="checkbox"
          checked={value}
          disabled
          readOnly
          aria-describedby="f-is_premium-hint"
          className="size-4 accent-brand-600"
        />
        <label htmlFor="f-is_premium" className="text-sm font-medium text-slate-800">
          {t("profile.fields.premium")}
        </label>
      </div>
      <p id="f-is_premium-hint" className="mt-1 text-xs text-slate-600">
        {t("profile.fields.premiumHint")}
      </p>
    </div>
  );
}

type ContactRow = {
  address: string | null;
  phoneNumber: string | null;
  websiteUrl: string | null;
  facebookUrl: string | null;
  instagramUrl: string | null;
  logoUrl: string | null;
  week: Record<WeekDay, string>;
};

/** The merchant's contact details, its place on the map (`place`), links and weekly opening hours (its own profile). */
export function ContactFields({
  row,
  fieldErrors,
  place,
}: {
  row: ContactRow;
  fieldErrors: Errors;
  place?: ReactNode;
}) {
  const { t } = useTranslation("merchant");
  const links = [
    ["website_url", "website", row.websiteUrl],
    ["facebook_url", "facebook", row.facebookUrl],
    ["instagram_url", "instagram", row.instagramUrl],
  ] as const;
  return (
    <>
      <TextField
        label={t("profile.fields.address")}
        name="address"
        autoComplete="street-address"
        defaultValue={row.address ?? ""}
        error={fieldErrors.address}
      />
      {place}
      <TextField
        label={t("profile.fields.phone")}
        name="phone_number"
        type="tel"
        autoComplete="tel"
        defaultValue={row.phoneNumber ?? ""}
        error={fieldErrors.phone_number}
      />
      {links.map(([name, label, value]) => (
        <TextField
          key={name}
          label={t(`profile.fields.${label}`)}
          name={name}
          type="url"
          inputMode="url"
          placeholder="https://"
          defaultValue={value ?? ""}
          error={fieldErrors[name]}
        />
      ))}
      <ImageField
        label={t("common:media.logo")}
        name="logo_url"
        urlLabel={t("profile.fields.logoUrl")}
        defaultValue={row.logoUrl}
        error={fieldErrors.logo_url}
        previewSize={{ width: 160, height: 160 }}
      />
      <fieldset className="rounded-lg border border-slate-200 p-4" aria-describedby="hours-hint">
        <legend className="flex items-center gap-2 px-1 text-sm font-semibold text-slate-800">
          <Clock aria-hidden="true" className="size-4" />
          {t("profile.openingHours")}
        </legend>
        <p id="hours-hint" className="mb-3 text-xs text-slate-600">
          {t("profile.openingHoursHint")}
        </p>
        {fieldErrors.opening_hours && <p className="field-error mb-2">{t(messageKey(fieldErrors.opening_hours))}</p>}
        <div className="space-y-2">
          {WEEK_DAYS.map((day) => (
            <div key={day} className="grid grid-cols-[7rem_1fr] items-center gap-3">
              <label htmlFor={`f-${hoursFieldName(day)}`} className="text-sm font-medium text-slate-800">
                {t(`profile.days.${day}`)}
              </label>
              <input
                id={`f-${hoursFieldName(day)}`}
                name={hoursFieldName(day)}
                className="input"
                maxLength={100}
                placeholder={t("profile.hoursPlaceholder")}
                defaultValue={row.week[day]}
              />
            </div>
          ))}
        </div>
      </fieldset>
    </>
  );
}
