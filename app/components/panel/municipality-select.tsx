/** A select of municipalities (the user's town, a merchant's municipality), with its "none" option. */
import type { ReactNode } from "react";
import { SelectField } from "~/components/form";

export function MunicipalitySelect({
  label,
  none,
  municipalities,
  value,
  error,
  required,
}: {
  label: ReactNode;
  none: string;
  municipalities: { id: string; name: string }[];
  value?: string | null;
  error?: string;
  required?: boolean;
}) {
  return (
    <SelectField
      label={label}
      name="municipality_id"
      required={required}
      aria-required={required || undefined}
      defaultValue={value ?? ""}
      error={error}
    >
      <option value="">{none}</option>
      {municipalities.map((m) => (
        <option key={m.id} value={m.id}>
          {m.name}
        </option>
      ))}
    </SelectField>
  );
}
