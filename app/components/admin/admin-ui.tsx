/** Pieces shared by the admin screens (the table + dialog pattern itself lives in components/crud.tsx). */
import { Plus } from "~/components/icons";
import type { ReactNode } from "react";
import { useTranslation } from "~/lib/i18n-react";
import { PageHeading } from "../page-heading";

export function AdminHeader({
  title,
  intro,
  onAdd,
  addLabel,
}: {
  title: string;
  intro?: string;
  onAdd?: () => void;
  addLabel?: string;
}) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
      <PageHeading title={title}>{intro}</PageHeading>
      {onAdd && (
        <button type="button" className="btn-primary shrink-0 self-start" onClick={onAdd}>
          <Plus aria-hidden="true" className="size-4" />
          {addLabel}
        </button>
      )}
    </div>
  );
}

/** A labelled checkbox used as a toggle (is_active, is_premium, is_featured). */
export function ToggleField({
  name,
  label,
  defaultChecked,
  hint,
}: {
  name: string;
  label: ReactNode;
  defaultChecked?: boolean;
  hint?: ReactNode;
}) {
  const id = `f-${name}`;
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        name={name}
        type="checkbox"
        defaultChecked={defaultChecked}
        className="mt-0.5 size-5 rounded border-slate-400 accent-brand-600"
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      <div>
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        {hint && (
          <p id={`${id}-hint`} className="text-xs text-slate-600">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
}

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

export function YesNo({ value }: { value: boolean }) {
  const { t } = useTranslation();
  return <Badge tone={value ? "green" : "slate"}>{value ? t("crud.yes") : t("crud.no")}</Badge>;
}

/** A group of fields with a small heading inside a dialog. */
export function FieldGroup({ legend, children, hint }: { legend: string; children: ReactNode; hint?: string }) {
  return (
    <fieldset className="space-y-4 rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-800">{legend}</legend>
      {hint && <p className="-mt-2 text-xs text-slate-600">{hint}</p>}
      {children}
    </fieldset>
  );
}

/** Truncates to `max` characters with an ellipsis (SPEC §9: 50 in the reports table, 20 in the confirmation). */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join("")}...` : text;
}
