import { messageKey } from "~/lib/i18n/keys";
import { useTranslation } from "~/lib/i18n/react";
import { Form, data, redirect, useActionData, useNavigation } from "react-router";
import { FormMessage, SelectField, TextField } from "~/components/form";
import { runInBackground } from "~/lib/jobs/background.server";
import { errorResponse, failFor, invalidFor, parseWith, readForm } from "~/lib/forms/form.server";
import { requireActor } from "~/lib/auth/guards.server";
import { metaTags } from "~/lib/http/meta";
import { listAllMunicipalities } from "~/modules/municipality/index.server";
import { hasMerchantRecord, profileSchema } from "~/modules/user";
import { notifyPasswordChanged } from "~/modules/user/index.server";
import { getProfile, updateProfile } from "~/modules/user/index.server";
import { listFollows } from "~/modules/notification/index.server";
import { env } from "~/lib/env.server";
import { deleteAccountSchema } from "~/modules/privacy";
import { deleteOwnAccount, listExports, requestExport } from "~/modules/privacy/index.server";
import { type PrivacyResult, PrivacySection } from "~/components/account/privacy-section";
import { MyReportsSection, NotificationsSection } from "~/components/account/profile-sections";
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

      <MyReportsSection />

      <NotificationsSection follows={follows} homeMunicipality={homeMunicipality} />

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
