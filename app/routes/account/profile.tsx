import { messageKey } from "~/lib/i18n-keys";
import { useTranslation } from "~/lib/i18n-react";
import { Form, data, useActionData, useNavigation } from "react-router";
import { FormMessage, SelectField, TextField } from "~/components/form";
import { runInBackground } from "~/lib/background.server";
import { errorResponse, parseWith, readForm } from "~/lib/form.server";
import { requireActor } from "~/lib/guards.server";
import { metaTags } from "~/lib/meta";
import { listAllMunicipalities } from "~/modules/municipality/municipality.server";
import { profileSchema } from "~/modules/user/user.schema";
import { notifyPasswordChanged } from "~/modules/user/password-reset.server";
import { getProfile, updateProfile } from "~/modules/user/user.server";
import { listFollows } from "~/modules/notification/follow.server";
import { Bell, ClipboardList } from "~/components/icons";
import { Link } from "~/components/link";
import { FollowForm } from "~/components/site/follow-form";
import type { Route } from "./+types/profile";

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireActor(request, context);
  const [profile, municipalities, follows] = await Promise.all([
    getProfile(actor),
    listAllMunicipalities(context.locale),
    listFollows(actor),
  ]);
  const home = municipalities.find((m) => m.id === profile.municipalityId && m.isActive);
  return {
    profile,
    municipalities,
    follows,
    homeMunicipality: home ? { name: home.name, slug: home.slug } : null,
    meta: { title: context.t("account:profile.title"), noindex: true },
  };
}

export const meta: Route.MetaFunction = ({ data, matches }) => metaTags(data?.meta, matches);

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireActor(request, context);
  const form = await readForm(request);
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
  const failure = actionData && !actionData.ok ? actionData : null;
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-12">
      <div className="card p-6 sm:p-8">
        <h1 className="text-2xl font-bold">{t("profile.title")}</h1>
        <p className="mt-1 text-sm text-slate-600">{t("profile.subtitle")}</p>
        <Form method="post" className="mt-6 space-y-4" noValidate key={actionData?.ok ? "saved" : "form"}>
          <FormMessage
            error={
              failure?.formError
                ? t(messageKey(failure.formError), { ...failure.params, ns: ["account", "common"] })
                : null
            }
            success={actionData?.ok ? t("profile.success") : null}
          />
          <TextField label={t("profile.email")} name="email-display" value={profile.email} disabled readOnly />
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
            {municipalities.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
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
      </section>
    </main>
  );
}
