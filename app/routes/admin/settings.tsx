import { Loader2 } from "~/components/icons";
import { useEffect, useRef } from "react";
import { useTranslation } from "~/lib/i18n/react";
import { useFetcher } from "react-router";
import { FieldGroup, FormMessage, type FormResult, TextField, ToggleField, useFormResult } from "~/components/form";
import { PanelHeader } from "~/components/crud";
import { type Intent, formAction } from "~/lib/forms/crud.server";
import { requireAdmin } from "~/lib/auth/guards.server";
import { loadList } from "~/lib/forms/list.server";
import { metaTags } from "~/lib/http/meta";
import { settingsSchema } from "~/modules/settings";
import { getSettingsForAdmin, saveSettings } from "~/modules/settings/index.server";
import type { SettingsInput } from "~/modules/settings";
import { DEFAULT_ATTRIBUTION, DEFAULT_TILE_URL } from "~/lib/geo/tiles";
import type { Route } from "./+types/settings";

/** Only masked keys ever leave the server. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireAdmin(request, context);
  const settings = await loadList(context, "admin:settings.loadFailed", () => getSettingsForAdmin(actor), null);
  return {
    settings: settings.value,
    error: settings.error,
    meta: { title: context.t("admin:settings.title"), noindex: true },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireAdmin(request, context);
  const save: Intent = {
    success: "admin:settings.saved",
    failure: "admin:settings.saveFailed",
    row: false,
    schema: settingsSchema,
    run: (input: unknown) => saveSettings(actor, input as SettingsInput),
  };
  return formAction(request, context, { save }, { invalid: "admin:common.fixErrors" });
}

export const meta: Route.MetaFunction = ({ data, matches }) => metaTags(data?.meta, matches);

/** A stored key: shown masked only; an empty input keeps it, the box removes it. */
function KeyField({
  name,
  label,
  masked,
  error,
  extraHint,
}: {
  name: "payment_api_key" | "maps_api_key";
  label: "paymentApiKey" | "mapsApiKey";
  masked: string;
  error: Record<string, string | undefined>;
  extraHint?: string;
}) {
  const { t } = useTranslation();
  const stored = masked ? t("admin:settings.stored", { masked }) : t("admin:settings.notSet");
  return (
    <div className="space-y-2">
      <TextField
        label={t(`admin:settings.${label}`)}
        name={name}
        type="password"
        autoComplete="off"
        defaultValue=""
        hint={extraHint ? `${extraHint} ${stored}` : stored}
        error={error[name]}
      />
      {masked && <ToggleField name={`clear_${name}`} label={t("admin:settings.clear")} />}
    </div>
  );
}

export default function SettingsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { settings, error } = loaderData;
  const fetcher = useFetcher<FormResult>();
  const busy = fetcher.state !== "idle";
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const { fieldErrors, error: formError, success } = useFormResult(result);
  const formRef = useRef<HTMLFormElement>(null);
  // After a save the key inputs are emptied again (the stored keys are shown masked only).
  useEffect(() => {
    if (result?.ok) formRef.current?.reset();
  }, [result]);

  return (
    <div className="max-w-3xl space-y-6">
      <PanelHeader title={t("admin:settings.title")} intro={t("admin:settings.intro")} />
      {error && (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {error}
        </div>
      )}
      {settings && (
        <fetcher.Form ref={formRef} method="post" noValidate className="card space-y-6 p-4 sm:p-6">
          <input type="hidden" name="intent" value="save" />
          <FormMessage error={formError} success={success} />
          <FieldGroup legend={t("admin:settings.general")}>
            <TextField
              label={t("admin:settings.siteName")}
              name="site_name"
              required
              defaultValue={settings.siteName}
              error={fieldErrors.site_name}
            />
            <TextField
              label={t("admin:settings.contactEmail")}
              name="contact_email"
              type="email"
              required
              defaultValue={settings.contactEmail}
              error={fieldErrors.contact_email}
            />
            <TextField
              label={`${t("admin:settings.postalAddress")} (${t("admin:common.optional")})`}
              name="postal_address"
              defaultValue={settings.postalAddress}
              hint={t("admin:settings.postalAddressHint")}
              error={fieldErrors.postal_address}
            />
            <TextField
              label={`${t("admin:settings.dataController")} (${t("admin:common.optional")})`}
              name="data_controller"
              defaultValue={settings.dataController}
              hint={t("admin:settings.dataControllerHint")}
              error={fieldErrors.data_controller}
            />
          </FieldGroup>
          <FieldGroup legend={t("admin:settings.keys")} hint={t("admin:settings.keysHint")}>
            <KeyField
              name="payment_api_key"
              label="paymentApiKey"
              masked={settings.paymentApiKeyMasked}
              error={fieldErrors}
            />
          </FieldGroup>
          <FieldGroup legend={t("admin:settings.maps")} hint={t("admin:settings.mapsHint")}>
            <TextField
              label={`${t("admin:settings.mapsTileUrl")} (${t("admin:common.optional")})`}
              name="maps_tile_url"
              type="url"
              defaultValue={settings.mapsTileUrl}
              placeholder={DEFAULT_TILE_URL}
              hint={t("admin:settings.mapsTileUrlHint")}
              error={fieldErrors.maps_tile_url}
            />
            <KeyField
              name="maps_api_key"
              label="mapsApiKey"
              masked={settings.mapsApiKeyMasked}
              error={fieldErrors}
              extraHint={t("admin:settings.mapsApiKeyHint")}
            />
            <TextField
              label={`${t("admin:settings.mapsAttribution")} (${t("admin:common.optional")})`}
              name="maps_attribution"
              defaultValue={settings.mapsAttribution}
              placeholder={DEFAULT_ATTRIBUTION}
              hint={t("admin:settings.mapsAttributionHint")}
              error={fieldErrors.maps_attribution}
            />
          </FieldGroup>
          <div className="flex justify-end">
            <button type="submit" className="btn-primary" disabled={busy}>
              {busy && <Loader2 aria-hidden="true" className="size-4 animate-spin" />}
              {busy ? t("admin:settings.saving") : t("admin:settings.save")}
            </button>
          </div>
        </fetcher.Form>
      )}
    </div>
  );
}
