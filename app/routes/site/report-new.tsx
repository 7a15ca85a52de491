import { messageKey } from "~/lib/i18n/keys";
import {
  AlertTriangle,
  Car,
  Droplets,
  Flame,
  Info,
  type LucideIcon,
  Construction,
  ShieldAlert,
  ShieldCheck,
  Siren,
  Zap,
  Briefcase,
} from "~/components/icons";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/lib/i18n/react";
import { data, useActionData, useFetcher, useNavigate } from "react-router";
import { FILEABLE_REPORT_TYPES } from "@db/schema/enums";
import { FormMessage, TextArea } from "~/components/form";
import { ImageField } from "~/components/image-field";
import { BackLink } from "~/components/site/cards";
import { AnonymityChoice, EmergencyNotice, ReportFiled, rememberFiled } from "~/components/site/report-form-parts";
import { errorResponse, parseWith, readForm } from "~/lib/forms/form.server";
import { requireActor } from "~/lib/auth/guards.server";
import { metaTags } from "~/lib/http/meta";
import { limitWait, retryAfter } from "~/lib/http/rate-limit.server";
import { requireActiveMunicipality } from "~/server/municipality-guard.server";
import { DEFAULT_REPORT_TYPE, filedSummary, reportSchema } from "~/modules/report";
import { fileReport } from "~/modules/report/index.server";
import { ReportPlaceFields } from "~/components/map/report-place";
import { mapViewOf } from "~/lib/geo/tiles";
import { mapTiles } from "~/modules/settings/index.server";
import type { Route } from "./+types/report-new";

const REDIRECT_AFTER_MS = 2000;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  // Login first (no session goes to /login), then the municipality (unknown or inactive: /404).
  const actor = await requireActor(request, context);
  const municipality = await requireActiveMunicipality(params.municipality, request);
  return {
    municipality: { name: municipality.name, slug: municipality.slug },
    reporterName: actor.name,
    // Where the place map opens, and its tiles (admin settings).
    map: { view: mapViewOf(municipality), tiles: await mapTiles() },
    meta: {
      title: context.t("site:reportNew.title", { city: municipality.name }),
      description: context.t("site:reportNew.metaDescription", { city: municipality.name }),
      noindex: true,
    },
  };
}

export const meta: Route.MetaFunction = ({ data, matches }) => metaTags(data?.meta, matches);

export async function action({ request, params, context }: Route.ActionArgs) {
  const actor = await requireActor(request, context);
  const municipality = await requireActiveMunicipality(params.municipality, request);
  const wait = await limitWait("report", [`user:${actor.id}`, `ip:${context.ip}`], context.requestId);
  // Over the limit: answer in the form (429) instead of an error page.
  if (wait) return data({ ok: false as const, formError: "errors.tooManyRequests", fieldErrors: {} }, retryAfter(wait));
  const form = await readForm(request);
  const parsed = parseWith(reportSchema, form);
  if (!parsed.ok) return data(parsed, { status: 400 });
  try {
    // The reporter is the session's user and the status is pending: nothing posted can change them.
    const row = await fileReport(actor, municipality.id, parsed.data);
    // What was sent comes back with its reference, for the confirmation.
    return { ok: true as const, filed: filedSummary(row) };
  } catch (err) {
    return errorResponse(err, "site:reportNew.errors.failed");
  }
}

const ICONS: Record<string, LucideIcon> = {
  informative: Info,
  fire: Flame,
  accident: Car,
  theft: Briefcase,
  police_check: ShieldCheck,
  power_outage: Zap,
  water_outage: Droplets,
  infrastructure_issue: Construction,
  public_safety: ShieldAlert,
  other_urgent: Siren,
};

export default function ReportNew({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("site");
  const { municipality } = loaderData;
  const fetcher = useFetcher<typeof action>();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const [type, setType] = useState<string>(DEFAULT_REPORT_TYPE);
  const submitting = fetcher.state !== "idle";
  // Without JavaScript the form posts as a document request: its answer arrives as action data.
  const actionData = useActionData<typeof action>();
  const result = fetcher.data ?? actionData;
  const success = !!result && "ok" in result && result.ok === true;
  const failure =
    result && !success
      ? (result as { formError?: string; fieldErrors?: Record<string, string>; params?: Record<string, string> })
      : null;

  useEffect(() => {
    if (!success) return;
    formRef.current?.reset();
    setType(DEFAULT_REPORT_TYPE);
    // The confirmation travels with the redirect: the town's page shows it until the resident moves on.
    const state = rememberFiled(result, municipality.name);
    const id = window.setTimeout(() => navigate(`/${municipality.slug}`, { state }), REDIRECT_AFTER_MS);
    return () => window.clearTimeout(id);
  }, [success, navigate, municipality.slug, municipality.name, result]);

  const fieldError = (name: string) => failure?.fieldErrors?.[name];

  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-8 sm:py-10">
      <BackLink to={`/${municipality.slug}`}>{t("reportNew.back", { city: municipality.name })}</BackLink>
      <h1 className="mt-3 text-2xl font-bold text-slate-900 sm:text-3xl">
        {t("reportNew.title", { city: municipality.name })}
      </h1>
      <p className="mt-2 text-slate-700">{t("reportNew.intro")}</p>

      <fetcher.Form method="post" ref={formRef} noValidate className="card mt-6 space-y-6 p-5 sm:p-6">
        <FormMessage
          error={
            failure?.formError ? t(messageKey(failure.formError), { ns: ["site", "common"], ...failure.params }) : null
          }
        />
        {success && "filed" in result && <ReportFiled filed={result.filed} city={municipality.name} redirecting />}
        <fieldset>
          <legend className="label">{t("reportNew.type")}</legend>
          <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-5">
            {FILEABLE_REPORT_TYPES.map((value) => {
              const Icon = ICONS[value] ?? AlertTriangle;
              const checked = type === value;
              const informative = value === "informative";
              return (
                <label
                  key={value}
                  className={`flex cursor-pointer flex-col items-center gap-2 rounded-lg border p-3 text-center text-xs font-medium focus-within:outline-3 focus-within:outline-offset-2 focus-within:outline-brand-600 ${
                    checked
                      ? informative
                        ? "border-blue-600 bg-blue-50 text-blue-900"
                        : "border-red-600 bg-red-50 text-red-900"
                      : "border-slate-300 bg-white text-slate-800 hover:bg-slate-50"
                  }`}
                >
                  <input
                    type="radio"
                    name="type"
                    value={value}
                    checked={checked}
                    onChange={() => setType(value)}
                    className="sr-only"
                  />
                  <Icon aria-hidden="true" className="size-6" />
                  {t(`reportTypes.${value}`)}
                </label>
              );
            })}
          </div>
          {fieldError("type") && (
            <p className="field-error">{t(messageKey(fieldError("type") as string), { ns: ["site", "common"] })}</p>
          )}
        </fieldset>
        <EmergencyNotice type={type} />
        <TextArea
          label={t("reportNew.description")}
          name="description"
          required
          rows={5}
          maxLength={5000}
          hint={t("reportNew.descriptionHint")}
          error={fieldError("description")}
        />
        <ReportPlaceFields
          view={loaderData.map.view}
          tiles={loaderData.map.tiles}
          fieldErrors={failure?.fieldErrors ?? {}}
          params={failure?.params}
        />
        <ImageField
          label={t("common:media.photo")}
          name="image_url"
          capture="environment"
          urlLabel={t("reportNew.imageUrl")}
          urlHint={t("reportNew.imageUrlHint")}
          error={fieldError("image_url")}
        />
        <AnonymityChoice name={loaderData.reporterName} />
        <button type="submit" className="btn-danger w-full sm:w-auto" disabled={submitting || success}>
          {submitting ? t("reportNew.submitting") : t("reportNew.submit")}
        </button>
      </fetcher.Form>
    </main>
  );
}
