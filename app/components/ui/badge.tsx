/** The one badge of the app (statuses, roles, flags) and its yes/no form for boolean columns. */
import type { ReactNode } from "react";
import { useTranslation } from "~/lib/i18n/react";

const TONES = {
  green: "bg-brand-50 text-brand-800 ring-brand-200",
  slate: "bg-slate-100 text-slate-700 ring-slate-200",
  amber: "bg-amber-50 text-amber-900 ring-amber-200",
  red: "bg-red-50 text-red-800 ring-red-200",
  blue: "bg-blue-50 text-blue-800 ring-blue-200",
  violet: "bg-violet-50 text-violet-800 ring-violet-200",
} as const;
export type Tone = keyof typeof TONES;

export function Badge({ tone = "slate", children }: { tone?: Tone; children: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${TONES[tone]}`}
    >
      {children}
    </span>
  );
}

/** Yes or No for a boolean column (premium, featured, active...). */
export function YesNo({ value }: { value: boolean }) {
  const { t } = useTranslation();
  return <Badge tone={value ? "green" : "slate"}>{value ? t("crud.yes") : t("crud.no")}</Badge>;
}
