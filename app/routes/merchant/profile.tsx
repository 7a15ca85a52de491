/** Merchant panel: the business profile with a weekly opening-hours editor (SPEC merchant panel). */
import { Clock, ExternalLink, Loader2 } from "~/components/icons";
import { useTranslation } from "~/lib/i18n-react";
import { Form, useActionData, useNavigation } from "react-router";
import { Link } from "~/components/link";
import { MERCHANT_CATEGORIES } from "@db/schema/enums";
import { FormMessage, Required, SelectField, TextField } from "~/components/form";
import { PageHeading } from "~/components/page-heading";
import { formAction } from "~/lib/crud.server";
import { HttpError } from "~/lib/errors";
import { requireMerchant } from "~/lib/guards.server";
import { metaTags } from "~/lib/meta";
import { WEEK_DAYS, hoursFieldName, listToWeek } from "~/modules/merchant/merchant.hours";
import { type MerchantProfileInput, merchantProfileSchema } from "~/modules/merchant/merchant.schema";
import { getOwnMerchant, updateOwnMerchantProfile } from "~/modules/merchant/merchant.server";
import { listAllMunicipalities } from "~/modules/municipality/municipality.server";
import type { Route } from "./+types/profile";

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireMerchant(request, context);
  const meta = { title: context.t("merchant:profile.title"), noindex: true };
  const municipalities = await listAllMunicipalities();
  try {
    const m = await getOwnMerchant(actor);
    return {
      error: null,
      municipalities,
      merchant: {
        id: m.id,
        businessName: m.businessName,
        businessEmail: m.businessEmail,
        vatNumber: m.vatNumber,
        municipalityId: m.municipalityId,
        address: m.address,
        phoneNumber: m.phoneNumber,
        websiteUrl: m.websiteUrl,
        facebookUrl: m.facebookUrl,
        instagramUrl: m.instagramUrl,
        logoUrl: m.logoUrl,
        category: m.category,
        isPremium: m.isPremium,
        week: listToWeek(m.openingHours),
      },
      meta,
    };
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    return { error: err.message, municipalities, merchant: null, meta };
  }
}

export const meta: Route.MetaFunction = ({ data, matches }) => metaTags(data?.meta, matches);

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireMerchant(request, context);
  const update = {
    success: "merchant:profile.success",
    failure: "merchant:profile.errors.updateFailed",
    row: false,
    schema: merchantProfileSchema,
    run: (input: unknown) => updateOwnMerchantProfile(actor, input as MerchantProfileInput),
  };
  return formAction(request, context, { update }, { invalid: "merchant:errors.checkFields" });
}

export default function MerchantProfile({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("merchant");
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formMethod?.toLowerCase() === "post";
  const { merchant, municipalities } = loaderData;
  const failure = result && !result.ok ? result : null;
  const errors: Record<string, string> = failure?.fieldErrors ?? {};

  if (!merchant) {
    return (
      <>
        <PageHeading title={t("profile.title")} />
        <FormMessage error={t(loaderData.error ?? "errors.merchantIdNotFound")} />
      </>
    );
  }

  return (
    <>
      <PageHeading title={t("profile.title")}>
        <p>{t("profile.subtitle")}</p>
        <Link to={`/merchants/${merchant.id}`} className="link mt-2 inline-flex items-center gap-1 text-sm">
          {t("profile.viewPublic")}
          <ExternalLink aria-hidden="true" className="size-4" />
        </Link>
      </PageHeading>
      <Form method="post" noValidate className="space-y-6">
        <input type="hidden" name="intent" value="update" />
        <FormMessage
          error={failure?.formError ? t(failure.formError, { message: "", ...(failure.params ?? {}) }) : null}
          success={result?.ok ? t(result.message) : null}
        />
        <div className="grid gap-6 xl:grid-cols-2 xl:items-start">
          <section aria-labelledby="business-heading" className="card space-y-4 p-5 sm:p-6">
            <h2 id="business-heading" className="text-lg font-semibold text-slate-900">
              {t("profile.businessInfo")}
            </h2>
            <TextField
              label={<Required>{t("profile.fields.businessName")}</Required>}
              name="business_name"
              required
              aria-required="true"
              autoComplete="organization"
              defaultValue={merchant.businessName}
              error={errors.business_name}
            />
            <TextField
              label={<Required>{t("profile.fields.businessEmail")}</Required>}
              name="business_email"
              type="email"
              required
              aria-required="true"
              autoComplete="email"
              defaultValue={merchant.businessEmail}
              error={errors.business_email}
            />
            <TextField
              label={t("profile.fields.vatNumber")}
              name="vat_number_display"
              defaultValue={merchant.vatNumber ?? ""}
              disabled
              readOnly
            />
            <SelectField
              label={<Required>{t("profile.fields.municipality")}</Required>}
              name="municipality_id"
              required
              aria-required="true"
              defaultValue={merchant.municipalityId ?? ""}
              error={errors.municipality_id}
            >
              <option value="">{t("profile.fields.chooseMunicipality")}</option>
              {municipalities.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.name}
                </option>
              ))}
            </SelectField>
            <SelectField
              label={t("profile.fields.category")}
              name="category"
              defaultValue={merchant.category ?? ""}
              error={errors.category}
            >
              <option value="">{t("profile.fields.noCategory")}</option>
              {MERCHANT_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {t(`categories.${c}`)}
                </option>
              ))}
            </SelectField>
            <div>
              <div className="flex items-center gap-2">
                <input
                  id="f-is_premium"
                  type="checkbox"
                  checked={merchant.isPremium}
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
          </section>

          <section aria-labelledby="contact-heading" className="card space-y-4 p-5 sm:p-6">
            <h2 id="contact-heading" className="text-lg font-semibold text-slate-900">
              {t("profile.contactLocation")}
            </h2>
            <TextField
              label={t("profile.fields.address")}
              name="address"
              autoComplete="street-address"
              defaultValue={merchant.address ?? ""}
              error={errors.address}
            />
            <TextField
              label={t("profile.fields.phone")}
              name="phone_number"
              type="tel"
              autoComplete="tel"
              defaultValue={merchant.phoneNumber ?? ""}
              error={errors.phone_number}
            />
            {(
              [
                ["website_url", "website", merchant.websiteUrl],
                ["facebook_url", "facebook", merchant.facebookUrl],
                ["instagram_url", "instagram", merchant.instagramUrl],
                ["logo_url", "logoUrl", merchant.logoUrl],
              ] as const
            ).map(([name, label, value]) => (
              <TextField
                key={name}
                label={t(`profile.fields.${label}`)}
                name={name}
                type="url"
                inputMode="url"
                placeholder="https://"
                defaultValue={value ?? ""}
                error={errors[name]}
              />
            ))}
            <fieldset className="rounded-lg border border-slate-200 p-4" aria-describedby="hours-hint">
              <legend className="flex items-center gap-2 px-1 text-sm font-semibold text-slate-800">
                <Clock aria-hidden="true" className="size-4" />
                {t("profile.openingHours")}
              </legend>
              <p id="hours-hint" className="mb-3 text-xs text-slate-600">
                {t("profile.openingHoursHint")}
              </p>
              {errors.opening_hours && <p className="field-error mb-2">{t(errors.opening_hours)}</p>}
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
                      defaultValue={merchant.week[day]}
                    />
                  </div>
                ))}
              </div>
            </fieldset>
          </section>
        </div>
        <div className="flex justify-end">
          <button type="submit" className="btn-primary w-full sm:w-auto" disabled={saving}>
            {saving && <Loader2 aria-hidden="true" className="size-4 animate-spin" />}
            {saving ? t("profile.saving") : t("profile.save")}
          </button>
        </div>
      </Form>
    </>
  );
}
