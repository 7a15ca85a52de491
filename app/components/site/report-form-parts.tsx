/**
 * Pieces of the file-a-report form that are not the form itself: the "call 112 first" notice shown for the
 * types where minutes count, the reporter's choice to appear by name, and the confirmation with the reference.
 */
import { useState } from "react";
import { useLocation } from "react-router";
import { REPORT_TYPES } from "@db/schema/enums";
import { Phone } from "~/components/icons";
import { Link } from "~/components/link";
import { formatDateTime } from "~/lib/i18n/format";
import { oneOf } from "~/lib/i18n/keys";
import { useTranslation } from "~/lib/i18n/react";
import type { FiledReport } from "~/modules/report";

/** Types where someone may be in danger right now: the emergency number comes before any report. */
const EMERGENCY_TYPES: readonly string[] = ["fire", "accident", "public_safety"];

function isEmergencyType(type: string): boolean {
  return EMERGENCY_TYPES.includes(type);
}

/** "In an emergency, call 112 first": a report is read by a moderator, not by the emergency services. */
export function EmergencyNotice({ type }: { type: string }) {
  // The live region stays in the page so that a screen reader hears the notice when a tile brings it in.
  return <div aria-live="polite">{isEmergencyType(type) && <EmergencyText />}</div>;
}

function EmergencyText() {
  const { t } = useTranslation("site");
  return (
    <div
      data-testid="emergency-notice"
      className="flex gap-3 rounded-lg border-2 border-red-700 bg-red-50 px-4 py-3 text-red-900"
    >
      <Phone aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div>
        <p className="font-bold">{t("reportNew.emergency.title")}</p>
        <p className="mt-1 text-sm">{t("reportNew.emergency.body")}</p>
        <p className="mt-2">
          <a href="tel:112" className="font-semibold text-red-900 underline">
            {t("reportNew.emergency.call")}
          </a>
        </p>
      </div>
    </div>
  );
}

/** The reporter's choice: their name with the report, or "Anonymous" (moderators always see who filed it). */
export function AnonymityChoice({ name }: { name: string }) {
  const { t } = useTranslation("site");
  return (
    <div className="flex items-start gap-3">
      <input
        id="report-anonymous"
        type="checkbox"
        name="anonymous"
        className="mt-1 size-4 accent-brand-600"
        aria-describedby="report-anonymous-hint"
      />
      <div>
        <label htmlFor="report-anonymous" className="font-medium text-slate-900">
          {t("reportNew.anonymous.label")}
        </label>
        <p id="report-anonymous-hint" className="text-sm text-slate-700">
          {t("reportNew.anonymous.hint", { name })}
        </p>
      </div>
    </div>
  );
}

/** Right after filing: what was sent, under which name, and the reference to quote. */
export function ReportFiled({ filed, city, redirecting }: { filed: FiledReport; city: string; redirecting?: boolean }) {
  const { t, i18n } = useTranslation("site");
  const type = oneOf(REPORT_TYPES, filed.type);
  return (
    <output
      data-testid="report-filed"
      className="block rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-brand-900"
    >
      <span className="block font-semibold">{t("reportNew.success")}</span>
      <span className="mt-2 block">
        {t("reportNew.filed.reference")}{" "}
        <strong className="font-mono text-base" data-testid="report-reference">
          {filed.reference}
        </strong>
      </span>
      <span className="mt-2 block text-slate-800">
        {type ? t(`reportTypes.${type}`) : filed.type} · {city} · {formatDateTime(filed.createdAt, i18n.language)} ·{" "}
        {filed.showName ? t("reportNew.filed.named") : t("reportNew.filed.anonymous")}
      </span>
      <span className="mt-1 block whitespace-pre-line break-words text-slate-900">{filed.description}</span>
      <span className="mt-2 block">
        <Link to="/my-reports" className="link">
          {t("reportNew.filed.myReports")}
        </Link>
        {redirecting && <span className="ml-1">{t("reportNew.redirecting", { city })}</span>}
      </span>
    </output>
  );
}

type FiledState = { filedReport?: FiledReport & { city: string } };

/** The history state that carries the confirmation to the town's page along with the redirect. */
export function rememberFiled(result: unknown, city: string): FiledState {
  const filed = (result as { filed?: FiledReport } | undefined)?.filed;
  return filed ? { filedReport: { ...filed, city } } : {};
}

/** On the town's page after the redirect: the confirmation stays until the resident dismisses it or moves on. */
export function FiledReportBanner() {
  const { t } = useTranslation("site");
  const location = useLocation();
  const filed = (location.state as FiledState | null)?.filedReport;
  const [dismissed, setDismissed] = useState<string | null>(null);
  if (!filed || dismissed === filed.id) return null;
  return (
    <div className="mb-6 flex items-start gap-2">
      <div className="min-w-0 flex-1">
        <ReportFiled filed={filed} city={filed.city} />
      </div>
      <button type="button" className="btn-secondary" onClick={() => setDismissed(filed.id)}>
        {t("reportNew.filed.dismiss")}
      </button>
    </div>
  );
}
