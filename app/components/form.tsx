/** Labelled form fields that show the server's field errors. */
import { messageKey } from "~/lib/i18n/keys";
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { useTranslation } from "~/lib/i18n/react";

type Common = { label: ReactNode; name: string; error?: string; hint?: ReactNode; className?: string };

function Describe({ id, error, hint }: { id: string; error?: string; hint?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {t(messageKey(error))}
        </p>
      )}
    </>
  );
}

const describedBy = (id: string, error?: string, hint?: ReactNode) =>
  [error ? `${id}-error` : "", hint ? `${id}-hint` : ""].filter(Boolean).join(" ") || undefined;

export function TextField({
  label,
  name,
  error,
  hint,
  className,
  id,
  ...rest
}: Common & InputHTMLAttributes<HTMLInputElement>) {
  const fieldId = id ?? `f-${name}`;
  return (
    <div className={className}>
      <label htmlFor={fieldId} className="label">
        {label}
      </label>
      <input
        id={fieldId}
        name={name}
        className="input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, error, hint)}
        {...rest}
      />
      <Describe id={fieldId} error={error} hint={hint} />
    </div>
  );
}

export function TextArea({
  label,
  name,
  error,
  hint,
  className,
  id,
  ...rest
}: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const fieldId = id ?? `f-${name}`;
  return (
    <div className={className}>
      <label htmlFor={fieldId} className="label">
        {label}
      </label>
      <textarea
        id={fieldId}
        name={name}
        className="input min-h-24"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, error, hint)}
        {...rest}
      />
      <Describe id={fieldId} error={error} hint={hint} />
    </div>
  );
}

export function SelectField({
  label,
  name,
  error,
  hint,
  className,
  id,
  children,
  ...rest
}: Common & SelectHTMLAttributes<HTMLSelectElement>) {
  const fieldId = id ?? `f-${name}`;
  return (
    <div className={className}>
      <label htmlFor={fieldId} className="label">
        {label}
      </label>
      <select
        id={fieldId}
        name={name}
        className="input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, error, hint)}
        {...rest}
      >
        {children}
      </select>
      <Describe id={fieldId} error={error} hint={hint} />
    </div>
  );
}

/** What a form action answers (lib/forms/form.server.ts): a success message or a failure with field errors. */
export type FormResult =
  | { ok: true; message: string; params?: Record<string, string> }
  | { ok: false; formError?: string; fieldErrors?: Record<string, string>; params?: Record<string, string> };

/** The texts of an action's answer: the documented message with the module's {message}, and the field errors. */
export function useFormResult(result: FormResult | null | undefined) {
  const { t } = useTranslation();
  const failure = result && !result.ok ? result : null;
  return {
    fieldErrors: failure?.fieldErrors ?? {},
    error: failure?.formError ? t(messageKey(failure.formError), { message: "", ...(failure.params ?? {}) }) : null,
    success: result?.ok ? t(messageKey(result.message), result.params ?? {}) : null,
  };
}

/** A form-level message: role=alert for errors, status for success. */
export function FormMessage({ error, success }: { error?: string | null; success?: string | null }) {
  if (error)
    return (
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
        {error}
      </div>
    );
  if (success)
    return (
      <output className="block rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-brand-800">
        {success}
      </output>
    );
  return null;
}

/** A label for a required field: the text plus a visual asterisk (the input itself carries aria-required). */
export function Required({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <span aria-hidden="true" className="ml-0.5 text-red-700">
        *
      </span>
    </>
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

/** A group of fields with a small heading inside a dialog or form. */
export function FieldGroup({ legend, children, hint }: { legend: string; children: ReactNode; hint?: string }) {
  return (
    <fieldset className="space-y-4 rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-800">{legend}</legend>
      {hint && <p className="-mt-2 text-xs text-slate-600">{hint}</p>}
      {children}
    </fieldset>
  );
}
