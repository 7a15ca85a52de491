/**
 * Pieces of the file-a-report form that are not the form itself: the "call 112 first" notice shown for the
 * types where minutes count, the reporter's choice to appear by name, and the confirmation with the reference.
 */
import { Phone } from "~/components/icons";
import { useTranslation } from "~/lib/i18n/react";

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
