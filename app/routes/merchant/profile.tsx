/** Merchant panel: the business profile with a weekly opening-hours editor. */
import { loadList } from "~/lib/forms/list.server";
import { ExternalLink, Loader2 } from "~/components/icons";
import { useTranslation } from "~/lib/i18n/react";
import { Form, useActionData, useNavigation } from "react-router";
import { Link } from "~/components/link";
import { FormMessage, useFormResult } from "~/components/form";
import { BusinessFields, ContactFields } from "~/components/panel/merchant";
import { PageHeading } from "~/components/page-heading";
import { type Intent, formAction } from "~/lib/forms/crud.server";
import { requireMerchant } from "~/lib/auth/guards.server";
import { metaTags } from "~/lib/http/meta";
import { listToWeek } from "~/modules/merchant";
import { type MerchantProfileInput, merchantProfileSchema } from "~/modules/merchant";
import { getOwnMerchant, updateOwnMerchantProfile } from "~/modules/merchant/index.server";
import { listAllMunicipalities, municipalityMapView } from "~/modules/municipality/index.server";
import { mapTiles } from "~/modules/settings/index.server";
import { MerchantPlaceField } from "~/components/panel/merchant-place";
import type { Route } from "./+types/profile";

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireMerchant(request, context);
  const [own, municipalities] = await Promise.all([
    loadList(context, null, () => getOwnMerchant(actor), null),
    listAllMunicipalities(context.locale),
  ]);
  const m = own.value;
  // The whole record, so every field the form posts back starts from its stored value (a field the form shows
  // empty would be saved empty: the business description and its translations once were).
  const merchant = m && { ...m, week: listToWeek(m.openingHours) };
  // The place map opens on the business's municipality (its pin, once set, close up).
  const [view, tiles] = m ? await Promise.all([municipalityMapView(m.municipalityId), mapTiles()]) : [null, null];
  return {
    error: own.error,
    municipalities,
    merchant,
    map: view && tiles ? { view, tiles } : null,
    meta: { title: context.t("merchant:profile.title"), noindex: true },
  };
}

export const meta: Route.MetaFunction = ({ data, matches }) => metaTags(data?.meta, matches);

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireMerchant(request, context);
  const update: Intent = {
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
  const { fieldErrors: errors, error, success } = useFormResult(result);
  const map = loaderData.map;

  if (!merchant) {
    return (
      <>
        <PageHeading title={t("profile.title")} />
        <FormMessage error={loaderData.error ?? t("errors.merchantIdNotFound")} />
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
        <FormMessage error={error} success={success} />
        <div className="grid gap-6 xl:grid-cols-2 xl:items-start">
          <section aria-labelledby="business-heading" className="card space-y-4 p-5 sm:p-6">
            <h2 id="business-heading" className="text-lg font-semibold text-slate-900">
              {t("profile.businessInfo")}
            </h2>
            <BusinessFields row={merchant} municipalities={municipalities} fieldErrors={errors} />
          </section>
          <section aria-labelledby="contact-heading" className="card space-y-4 p-5 sm:p-6">
            <h2 id="contact-heading" className="text-lg font-semibold text-slate-900">
              {t("profile.contactLocation")}
            </h2>
            <ContactFields
              row={merchant}
              fieldErrors={errors}
              place={
                map && (
                  <MerchantPlaceField
                    pin={merchant}
                    view={map.view}
                    tiles={map.tiles}
                    fieldErrors={errors}
                    params={result && !result.ok ? result.params : undefined}
                  />
                )
              }
            />
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
