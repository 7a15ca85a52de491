import { messageKey } from "~/lib/i18n/keys";
import { useTranslation } from "~/lib/i18n/react";
import { Form, data, redirect, useActionData, useNavigation } from "react-router";
import { FormMessage, SelectField, TextField, ToggleField } from "~/components/form";
import { runInBackground } from "~/lib/jobs/background.server";
import { errorResponse, failFor, invalidFor, parseWith, readForm } from "~/lib/forms/form.server";
import { requireActor } from "~/lib/auth/guards.server";
import { metaTags } from "~/lib/http/meta";
import { listAllMunicipalities } from "~/modules/municipality/index.server";
import { hasMerchantRecord, profileSchema } from "~/modules/user";
import { notifyPasswordChanged } from "~/modules/user/index.server";
import { getProfile, updateProfile } from "~/modules/user/index.server";
import { listFollows } from "~/modules/notification/index.server";
import { Bell, ClipboardList } from "~/components/icons";
import { env } from "~/lib/env.server";
import { formatDate } from "~/lib/i18n/format";
import { deleteAccountSchema } from "~/modules/privacy";
import { type ExportSummary, deleteOwnAccount, listExports, requestExport } from "~/modules/privacy/index.server";
import { Link } from "~/components/link";
import { FollowForm } from "~/components/site/follow-form";
import { PushDevice } from "~/components/site/push-device";
import { UnverifiedNotice } from "~/components/site/unverified-notice";
import type { Route } from "./+types/profile";

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireActor(request, context);
  const [profile, municipalities, follows, exports] = await Promise.all([
    getProfile(actor),
    listAllMunicipalities(context.locale),
    listFollows(actor),
    listExports(actor, actor.id, "self"),
  ]);
  const home = municipalities.find((m) => m.id === profile.municipalityId && m.isActive);
  return {
    profile,
    municipalities,
    follows,
    homeMunicipality: home ? { name: home.name, slug: home.slug } : null,
    exports,
    exportDays: env().EXPORT_TTL_DAYS,
    meta: { title: context.t("account:profile.title"), noindex: true },
  };
}

export const meta: Route.MetaFunction = ({ data, matches }) => metaTags(data?.meta, matches);

/** The session cookies are cleared when the account is gone (its sessions were deleted with it). */
const CLEAR_SESSION = ["bp.session_token", "__Secure-bp.session_token"].map(
  (name) => `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`,
);

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireActor(request, context);
  const form = await readForm(request);
  if (form.intent === "export") {
    try {
      await requestExport(actor, actor.id, "self");
      return { ok: true as const, intent: "export" as const };
    } catch (err) {
      return failFor("export", errorResponse(err, "account:privacy.export.requestFailed", { message: "" }));
    }
  }
  if (form.intent === "delete") {
    const input = parseWith(deleteAccountSchema, form);
    if (!input.ok) return invalidFor("delete", input);
    try {
      await deleteOwnAccount(actor, input.data);
    } catch (err) {
      return failFor("delete", errorResponse(err, "account:privacy.delete.failed", { message: "" }));
    }
    const headers = new Headers();
    for (const cookie of CLEAR_SESSION) headers.append("Set-Cookie", cookie);
    throw redirect("/account-deleted", { headers });
  }
  const parsed = parseWith(profileSchema, form);
  if (!parsed.ok) {
    const formError = Object.values(parsed.fieldErrors)[0] ?? "validation.invalid";
    return data({ ok: false as const, formError, fieldErrors: parsed.fieldErrors, params: {} }, { status: 400 });
  }
  try {
    await updateProfile(actor, parsed.data, (user) =>
      runInBackground("password-changed-mail", () => notifyPasswordChanged(user, context.locale)),
    );
    return { ok: true as const };
  } catch (err) {
    return errorResponse(err, "account:profile.errors.failed", { message: "" });
  }
}

export default function Profile({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const { profile, municipalities, follows, homeMunicipality } = loaderData;
  const intent = actionData && "intent" in actionData ? actionData.intent : "profile";
  const failure = actionData && !actionData.ok && intent === "profile" ? actionData : null;
  const saved = !!actionData?.ok && intent === "profile";
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-12">
      <div className="card p-6 sm:p-8">
        <h1 className="text-2xl font-bold">{t("profile.title")}</h1>
        <p className="mt-1 text-sm text-slate-600">{t("profile.subtitle")}</p>
        <Form method="post" className="mt-6 space-y-4" noValidate key={saved ? "saved" : "form"}>
          <FormMessage
            error={
              failure?.formError
                ? t(messageKey(failure.formError), { ...failure.params, ns: ["account", "common"] })
                : null
            }
            success={saved ? t("profile.success") : null}
          />
          <TextField label={t("profile.email")} name="email-display" value={profile.email} disabled readOnly />
          {!profile.emailVerified && <UnverifiedNotice />}
          <TextField
            label={t("profile.name")}
            name="name"
            autoComplete="name"
            required
            defaultValue={profile.name}
            error={failure?.fieldErrors?.name}
          />
          <SelectField
            label={t("profile.municipality")}
            name="municipalityId"
            defaultValue={profile.municipalityId ?? ""}
            error={failure?.fieldErrors?.municipalityId}
          >
            <option value="">{t("profile.noMunicipality")}</option>
            {/* Only active municipalities can be chosen; an inactive one already set is kept (and marked). */}
            {municipalities
              .filter((m) => m.isActive || m.id === profile.municipalityId)
              .map((m) => (
                <option key={m.id} value={m.id}>
                  {m.isActive ? m.name : t("profile.inactiveMunicipality", { name: m.name })}
                </option>
              ))}
          </SelectField>
          <fieldset className="space-y-4 rounded-lg border border-slate-200 p-4">
            <legend className="px-1 text-sm font-semibold">{t("profile.changePassword")}</legend>
            <p className="text-sm text-slate-600">{t("profile.passwordHint")}</p>
            <TextField
              label={t("profile.currentPassword")}
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              error={failure?.fieldErrors?.currentPassword}
            />
            <TextField
              label={t("profile.newPassword")}
              name="password"
              type="password"
              autoComplete="new-password"
              error={failure?.fieldErrors?.password}
              hint={t("common:validation.passwordRule")}
            />
            <TextField
              label={t("profile.confirmPassword")}
              name="confirmPassword"
              type="password"
              autoComplete="new-password"
              error={failure?.fieldErrors?.confirmPassword}
            />
          </fieldset>
          <button type="submit" className="btn-primary w-full" disabled={submitting}>
            {submitting ? t("profile.saving") : t("profile.save")}
          </button>
        </Form>
      </div>

      <section aria-labelledby="my-reports-title" className="card mt-6 p-6 sm:p-8">
        <h2 id="my-reports-title" className="flex items-center gap-2 text-xl font-bold">
          <ClipboardList aria-hidden="true" className="size-5 text-brand-700" />
          {t("myReports.title")}
        </h2>
        <p className="mt-1 text-sm text-slate-700">{t("profile.myReportsIntro")}</p>
        <Link to="/my-reports" className="btn-secondary mt-4">
          {t("profile.myReportsLink")}
        </Link>
      </section>

      <section id="notifications" aria-labelledby="notifications-title" className="card mt-6 p-6 sm:p-8">
        <h2 id="notifications-title" className="flex items-center gap-2 text-xl font-bold">
          <Bell aria-hidden="true" className="size-5 text-brand-700" />
          {t("notifications.title")}
        </h2>
        <p className="mt-1 text-sm text-slate-700">{t("notifications.intro")}</p>
        {follows.length === 0 ? (
          <p className="mt-4 text-slate-800">
            {t("notifications.empty")}{" "}
            {homeMunicipality && (
              <Link to={`/alerts/${homeMunicipality.slug}`} className="link">
                {t("notifications.followHome", { city: homeMunicipality.name })}
              </Link>
            )}
          </p>
        ) : (
          <ul className="mt-4 divide-y divide-slate-200">
            {follows.map((f) => (
              <li key={f.id} className="py-4 first:pt-0 last:pb-0">
                <FollowForm
                  slug={f.municipalitySlug}
                  name={f.municipalityName}
                  urgentAlerts={f.urgentAlerts}
                  weeklyDigest={f.weeklyDigest}
                  following
                  legendIsName
                />
              </li>
            ))}
          </ul>
        )}
        <PushDevice following={follows.some((f) => f.urgentAlerts)} />
      </section>

      <PrivacySection
        exports={loaderData.exports}
        exportDays={loaderData.exportDays}
        isMerchant={hasMerchantRecord(profile.role)}
        result={actionData && "intent" in actionData && actionData.intent ? (actionData as PrivacyResult) : null}
        busy={submitting ? (navigation.formData?.get("intent") as string | null) : null}
      />
    </main>
  );
}

type PrivacyResult = {
  ok: boolean;
  intent: "export" | "delete";
  formError?: string;
  fieldErrors?: Record<string, string>;
  params?: Record<string, string>;
};

/** Download my data, delete my account. */
function PrivacySection({
  exports,
  exportDays,
  isMerchant,
  result,
  busy,
}: {
  exports: ExportSummary[];
  exportDays: number;
  isMerchant: boolean;
  result: PrivacyResult | null;
  busy: string | null;
}) {
  const { t, i18n } = useTranslation("account");
  const date = (d: Date | string | null) => (d ? formatDate(d, i18n.language) : "");
  const exportResult = result?.intent === "export" ? result : null;
  const deleteResult = result?.intent === "delete" ? result : null;
  const deleteError = deleteResult && !deleteResult.ok ? deleteResult : null;
  return (
    <section id="privacy" aria-labelledby="privacy-title" className="card mt-6 p-6 sm:p-8">
      <h2 id="privacy-title" className="text-xl font-bold">
        {t("privacy.title")}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t("privacy.intro")}</p>

      <h3 className="mt-6 text-lg font-semibold">{t("privacy.export.title")}</h3>
      <p className="mt-1 text-sm text-slate-700">{t("privacy.export.intro", { days: exportDays })}</p>
      <FormMessage
        error={
          exportResult && !exportResult.ok
            ? t(messageKey(exportResult.formError ?? "errors.generic"), {
                ...exportResult.params,
                ns: ["account", "common"],
              })
            : null
        }
        success={exportResult?.ok ? t("privacy.export.requested") : null}
      />
      {exports.length > 0 && (
        <ul className="mt-3 space-y-2" aria-label={t("privacy.export.title")}>
          {exports.map((e) => (
            <li key={e.id} className="rounded-lg border border-slate-200 p-3 text-sm">
              {e.status === "ready" ? (
                <>
                  <p>{t("privacy.export.ready", { date: date(e.readyAt), expires: date(e.expiresAt) })}</p>
                  <p className="mt-2 flex flex-wrap gap-3">
                    <a className="link" href={`/profile/export/${e.id}/json`} download>
                      {t("privacy.export.json")}
                    </a>
                    <a className="link" href={`/profile/export/${e.id}/html`} download>
                      {t("privacy.export.html")}
                    </a>
                  </p>
                </>
              ) : (
                <p>
                  {t(e.status === "failed" ? "privacy.export.failed" : "privacy.export.pending", {
                    date: date(e.createdAt),
                  })}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
      <Form method="post" className="mt-3">
        <input type="hidden" name="intent" value="export" />
        <button type="submit" className="btn-secondary" disabled={busy === "export"}>
          {t("privacy.export.button")}
        </button>
      </Form>

      <h3 className="mt-8 text-lg font-semibold text-red-800">{t("privacy.delete.title")}</h3>
      <p className="mt-1 text-sm text-slate-700">{t("privacy.delete.intro")}</p>
      <p className="mt-1 text-sm text-slate-700">{t("privacy.delete.reportsNote")}</p>
      {isMerchant && <p className="mt-1 text-sm font-medium text-slate-800">{t("privacy.delete.merchantNote")}</p>}
      <Form method="post" className="mt-4 space-y-4" noValidate>
        <input type="hidden" name="intent" value="delete" />
        <FormMessage
          error={
            deleteError
              ? t(messageKey(deleteError.formError ?? "errors.generic"), {
                  ...deleteError.params,
                  ns: ["account", "common"],
                })
              : null
          }
        />
        <TextField
          id="delete-password"
          label={t("privacy.delete.password")}
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          required
          error={deleteError?.fieldErrors?.currentPassword}
        />
        <ToggleField name="deleteReports" label={t("privacy.delete.deleteReports")} />
        <ToggleField name="confirm" label={t("privacy.delete.confirm")} />
        <button type="submit" className="btn-danger" disabled={busy === "delete"}>
          {busy === "delete" ? t("privacy.delete.deleting") : t("privacy.delete.button")}
        </button>
      </Form>
    </section>
  );
}
