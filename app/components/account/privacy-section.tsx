/** The profile page's privacy section: download my data (the export requests and their files), delete my account. */
import { Form } from "react-router";
import { FormMessage, TextField, ToggleField } from "~/components/form";
import { formatDate } from "~/lib/i18n/format";
import { messageKey } from "~/lib/i18n/keys";
import { useTranslation } from "~/lib/i18n/react";

/** One export request as the profile loader lists it. */
type ExportRequest = {
  id: string;
  status: "pending" | "ready" | "failed";
  createdAt: Date;
  readyAt: Date | null;
  expiresAt: Date;
};

/** The profile action's answer to an export or delete request. */
export type PrivacyResult = {
  ok: boolean;
  intent: "export" | "delete";
  formError?: string;
  fieldErrors?: Record<string, string>;
  params?: Record<string, string>;
};

/** Download my data, delete my account. */
export function PrivacySection({
  exports,
  exportDays,
  isMerchant,
  result,
  busy,
}: {
  exports: ExportRequest[];
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
