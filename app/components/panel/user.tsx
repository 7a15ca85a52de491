/**
 * The user account's fields in the admin panel: a new account's sign-in fields (also under "add merchant"),
 * the role, and the edit form, where the user policy decides whether the role may change.
 */
import { useState } from "react";
import { ROLES, type Role } from "@db/schema/enums";
import { FieldGroup, SelectField, TextField } from "~/components/form";
import { useTranslation } from "~/lib/i18n/react";
import { useRootData } from "~/lib/use-root-data";
import { can, needsBusinessFields } from "~/modules/user";
import { MunicipalitySelect } from "./municipality-select";

const FIELDS = [
  ["name", "text", "off"],
  ["email", "email", "off"],
  ["password", "password", "new-password"],
  ["confirmPassword", "password", "new-password"],
] as const;

export function NewAccountFields({
  section,
  fieldErrors,
}: {
  section: "admin:users" | "admin:merchants";
  fieldErrors: Record<string, string>;
}) {
  const { t } = useTranslation();
  return (
    <>
      {FIELDS.map(([name, type, autoComplete]) => (
        <TextField
          key={name}
          label={t(`${section}.${name}`)}
          name={name}
          type={type}
          required
          autoComplete={autoComplete}
          error={fieldErrors[name]}
        />
      ))}
    </>
  );
}

type Errors = Record<string, string>;
type UserRow = { id: string; email: string; name: string; role: Role };

function RoleSelect(props: Omit<Parameters<typeof SelectField>[0], "label" | "name">) {
  const { t } = useTranslation();
  return (
    <SelectField label={t("admin:users.role")} name="role" {...props}>
      {ROLES.map((r) => (
        <option key={r} value={r}>
          {t(`admin:roles.${r}`)}
        </option>
      ))}
    </SelectField>
  );
}

/** Adding: the account, its role and, for a merchant, the business details. */
export function NewUserFields({
  municipalities,
  fieldErrors,
}: {
  municipalities: { id: string; name: string }[];
  fieldErrors: Errors;
}) {
  const { t } = useTranslation();
  const [role, setRole] = useState<Role>("user");
  const text = (name: string, type: string, label: string) => (
    <TextField label={label} name={name} type={type} required autoComplete="off" error={fieldErrors[name]} />
  );
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <NewAccountFields section="admin:users" fieldErrors={fieldErrors} />
        <RoleSelect value={role} onChange={(e) => setRole(e.target.value as Role)} error={fieldErrors.role} />
        <MunicipalitySelect
          label={t("admin:users.municipality")}
          none={t("admin:common.noMunicipality")}
          municipalities={municipalities}
          error={fieldErrors.municipality_id}
        />
      </div>
      {needsBusinessFields(role) && (
        <FieldGroup legend={t("admin:users.merchantDetails")} hint={t("admin:users.merchantHint")}>
          {text("business_name", "text", t("admin:users.businessName"))}
          {text("business_email", "email", t("admin:users.businessEmail"))}
          <TextField
            label={t("admin:users.vatNumber")}
            name="vat_number"
            required
            placeholder={t("admin:users.vatPlaceholder")}
            error={fieldErrors.vat_number}
          />
        </FieldGroup>
      )}
    </>
  );
}

/** Editing: the name and the role; the e-mail never changes, and nobody changes their own role. */
export function UserFields({ row, fieldErrors }: { row: UserRow; fieldErrors: Errors }) {
  const { t } = useTranslation();
  const mayChangeRole = can(useRootData().user, "set-role", row);
  return (
    <div className="space-y-4">
      <TextField
        label={t("admin:users.email")}
        name="email_display"
        type="email"
        defaultValue={row.email}
        disabled
        hint={t("admin:users.emailLocked")}
      />
      <TextField label={t("admin:users.name")} name="name" required defaultValue={row.name} error={fieldErrors.name} />
      <RoleSelect
        defaultValue={row.role}
        disabled={!mayChangeRole}
        hint={mayChangeRole ? undefined : t("admin:users.ownRole")}
        error={fieldErrors.role}
      />
      {!mayChangeRole && <input type="hidden" name="role" value={row.role} />}
    </div>
  );
}
