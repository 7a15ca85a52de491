/**
 * Admin panel: a user's privacy requests. An administrator runs the same export and erasure the
 * user can run from /profile, on the user's request; each is recorded in the audit log under the
 * administrator's name, and the same rules hold (never their own account here, never the last administrator).
 */
import { Form, data, redirect, useActionData, useNavigation } from "react-router";
import { FormMessage, ToggleField } from "~/components/form";
import { PanelHeader } from "~/components/crud";
import { Link } from "~/components/link";
import { env } from "~/lib/env.server";
import { HttpError } from "~/lib/http/errors";
import { errorResponse, failFor, invalidFor, parseWith, readForm } from "~/lib/forms/form.server";
import { formatDate } from "~/lib/i18n/format";
import { requireAdmin } from "~/lib/auth/guards.server";
import { messageKey } from "~/lib/i18n/keys";
import { useTranslation } from "~/lib/i18n/react";
import { metaTags } from "~/lib/http/meta";
import { adminDeleteSchema } from "~/modules/privacy";
import { eraseAccount, getAccountForPrivacy, listExports, requestExport } from "~/modules/privacy/index.server";
import type { Route } from "./+types/user-privacy";

async function loadAccount(actor: Parameters<typeof getAccountForPrivacy>[0], userId: string) {
  try {
    return await getAccountForPrivacy(actor, userId);
  } catch (err) {
    if (err instanceof HttpError) throw data(null, { status: 404 });
    throw err;
  }
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const actor = await requireAdmin(request, context);
  const account = await loadAccount(actor, params.userId);
  const exports = await listExports(actor, account.id, "admin");
  return {
    account,
    exports,
    exportDays: env().EXPORT_TTL_DAYS,
    isSelf: account.id === actor.id,
    meta: { title: context.t("admin:privacy.title", { name: account.name }), noindex: true },
  };
}

export const meta: Route.MetaFunction = ({ data, matches }) => metaTags(data?.meta, matches);

export async function action({ request, context, params }: Route.ActionArgs) {
  const actor = await requireAdmin(request, context);
  const account = await loadAccount(actor, params.userId);
  const form = await readForm(request);
  if (form.intent === "export") {
    try {
      await requestExport(actor, account.id, "admin");
      return { ok: true as const, intent: "export" as const };
    } catch (err) {
      return failFor("export", errorResponse(err, "admin:privacy.failed", { message: "" }));
    }
  }
  if (form.intent === "delete") {
    const input = parseWith(adminDeleteSchema, form);
    if (!input.ok) return invalidFor("delete", input);
    try {
      await eraseAccount(actor, account.id, { deleteReports: input.data.deleteReports }, "admin");
    } catch (err) {
      return failFor("delete", errorResponse(err, "admin:privacy.failed", { message: "" }));
    }
    throw redirect("/admin/users");
  }
  return data(
    { ok: false as const, intent: "export" as const, formError: "validation.invalid", params: {} },
    { status: 400 },
  );
}

export default function UserPrivacyPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { account, exports, exportDays, isSelf } = loaderData;
  const actionData = useActionData<typeof action>() as
    | { ok: boolean; intent: "export" | "delete"; formError?: string; params?: Record<string, string> }
    | undefined;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const date = (d: Date | string | null) => (d ? formatDate(d, i18n.language) : "");
  const message = (r: typeof actionData) =>
    r && !r.ok
      ? t(messageKey(r.formError ?? "errors.generic"), { ...r.params, ns: ["admin", "account", "common"] })
      : null;
  return (
    <div className="max-w-3xl space-y-6">
      <p>
        <Link to="/admin/users" className="link">
          {t("admin:privacy.back")}
        </Link>
      </p>
      <PanelHeader title={t("admin:privacy.title", { name: account.name })} intro={t("admin:privacy.intro")} />
      <p className="text-sm text-slate-700">
        {account.email} · {t(`admin:roles.${account.role as "user" | "merchant" | "admin"}`)}
      </p>

      <section aria-labelledby="export-title" className="card space-y-3 p-4 sm:p-6">
        <h2 id="export-title" className="text-lg font-semibold">
          {t("admin:privacy.exportTitle")}
        </h2>
        <p className="text-sm text-slate-700">{t("admin:privacy.exportIntro", { days: exportDays })}</p>
        <FormMessage
          error={actionData?.intent === "export" ? message(actionData) : null}
          success={actionData?.intent === "export" && actionData.ok ? t("admin:privacy.exportRequested") : null}
        />
        {exports.length > 0 && (
          <ul className="space-y-2">
            {exports.map((e) => (
              <li key={e.id} className="rounded-lg border border-slate-200 p-3 text-sm">
                {e.status === "ready" ? (
                  <>
                    <p>{t("account:privacy.export.ready", { date: date(e.readyAt), expires: date(e.expiresAt) })}</p>
                    <p className="mt-2 flex flex-wrap gap-3">
                      <a className="link" href={`/profile/export/${e.id}/json`} download>
                        {t("account:privacy.export.json")}
                      </a>
                      <a className="link" href={`/profile/export/${e.id}/html`} download>
                        {t("account:privacy.export.html")}
                      </a>
                    </p>
                  </>
                ) : (
                  <p>
                    {t(e.status === "failed" ? "account:privacy.export.failed" : "account:privacy.export.pending", {
                      date: date(e.createdAt),
                    })}
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
        <Form method="post">
          <input type="hidden" name="intent" value="export" />
          <button type="submit" className="btn-secondary" disabled={busy === "export"}>
            {t("admin:privacy.exportButton")}
          </button>
        </Form>
      </section>

      <section aria-labelledby="delete-title" className="card space-y-3 p-4 sm:p-6">
        <h2 id="delete-title" className="text-lg font-semibold text-red-800">
          {t("admin:privacy.deleteTitle")}
        </h2>
        {isSelf ? (
          <p className="text-sm text-slate-700">{t("admin:privacy.ownAccount")}</p>
        ) : (
          <>
            <p className="text-sm text-slate-700">{t("admin:privacy.deleteIntro")}</p>
            <Form method="post" className="space-y-4" noValidate>
              <input type="hidden" name="intent" value="delete" />
              <FormMessage error={actionData?.intent === "delete" ? message(actionData) : null} />
              <ToggleField name="deleteReports" label={t("admin:privacy.deleteReports")} />
              <ToggleField name="confirm" label={t("admin:privacy.confirm")} />
              <button type="submit" className="btn-danger" disabled={busy === "delete"}>
                {t("admin:privacy.deleteButton")}
              </button>
            </Form>
          </>
        )}
      </section>
    </div>
  );
}
