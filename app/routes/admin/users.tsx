/** Admin panel: user accounts and their roles (SPEC §2 Users). */
import { useState } from "react";
import { ROLES, type Role } from "@db/schema/enums";
import { CrudScreen, useCrudTexts } from "~/components/crud";
import { FieldGroup, SelectField, TextField } from "~/components/form";
import { Badge, type Tone } from "~/components/ui/badge";
import { panelAction, panelMessages } from "~/lib/crud.server";
import { formatDate } from "~/lib/format";
import { requireAdmin } from "~/lib/guards.server";
import { useTranslation } from "~/lib/i18n-react";
import { listParams, loadList } from "~/lib/list.server";
import { metaTags } from "~/lib/meta";
import { useRootData } from "~/lib/use-root-data";
import { listAllMunicipalities } from "~/modules/municipality/municipality.server";
import { type AdminUserRow, listUsers, userCommands } from "~/modules/user/user.admin.server";
import { can } from "~/modules/user/user.policy";
import type { Route } from "./+types/users";

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireAdmin(request, context);
  const params = listParams(request);
  const [list, municipalities] = await Promise.all([
    loadList(context, "admin:users.fetchFailed", () => listUsers(actor, params), { rows: [], total: 0 }),
    listAllMunicipalities().catch(() => []),
  ]);
  return {
    ...list.value,
    error: list.error,
    page: params.page,
    pageSize: params.pageSize,
    municipalities,
    meta: { title: context.t("admin:users.title"), noindex: true },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireAdmin(request, context);
  return panelAction(request, context, userCommands(actor), panelMessages("admin", "users"));
}

export const meta: Route.MetaFunction = ({ data, matches }) => metaTags(data?.meta, matches);

const ROLE_TONE: Record<Role, Tone> = { user: "slate", merchant: "blue", admin: "violet" };

type Errors = Record<string, string>;

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

/** Adding: the account, its role and, for a merchant, the business details (SPEC §5 "Admin add user"). */
function NewUserFields({
  municipalities,
  fieldErrors,
}: {
  municipalities: { id: string; name: string }[];
  fieldErrors: Errors;
}) {
  const { t } = useTranslation();
  const [role, setRole] = useState<Role>("user");
  const text = (name: string, type: string, autoComplete: string, label = t(`admin:users.${name}`)) => (
    <TextField label={label} name={name} type={type} required autoComplete={autoComplete} error={fieldErrors[name]} />
  );
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        {text("name", "text", "off")}
        {text("email", "email", "off")}
        {text("password", "password", "new-password")}
        {text("confirmPassword", "password", "new-password")}
        <RoleSelect value={role} onChange={(e) => setRole(e.target.value as Role)} error={fieldErrors.role} />
        <SelectField
          label={t("admin:users.municipality")}
          name="municipality_id"
          defaultValue=""
          error={fieldErrors.municipality_id}
        >
          <option value="">{t("admin:common.noMunicipality")}</option>
          {municipalities.map((m) => (
            <option key={m.id} value={m.id}>
              {m.name}
            </option>
          ))}
        </SelectField>
      </div>
      {role === "merchant" && (
        <FieldGroup legend={t("admin:users.merchantDetails")} hint={t("admin:users.merchantHint")}>
          {text("business_name", "text", "off", t("admin:users.businessName"))}
          {text("business_email", "email", "off", t("admin:users.businessEmail"))}
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
function UserFields({ row, fieldErrors }: { row: AdminUserRow; fieldErrors: Errors }) {
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

export default function UsersPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const actor = useRootData().user;
  const { rows, total, page, pageSize, error, municipalities } = loaderData;
  const role = (r: AdminUserRow) => <Badge tone={ROLE_TONE[r.role]}>{t(`admin:roles.${r.role}`)}</Badge>;
  return (
    <CrudScreen
      texts={useCrudTexts("admin:users")}
      searchable
      rows={rows}
      total={total}
      page={page}
      pageSize={pageSize}
      error={error}
      columns={[
        {
          key: "name",
          header: t("admin:users.name"),
          cell: (r) => (
            <div className="min-w-32">
              <div className="font-medium text-slate-900">{r.name}</div>
              <div className="break-all text-slate-600 md:hidden">{r.email}</div>
              <div className="mt-1 sm:hidden">{role(r)}</div>
            </div>
          ),
        },
        {
          key: "email",
          header: t("admin:users.email"),
          cell: (r) => <span className="break-all">{r.email}</span>,
          className: "hidden md:table-cell",
        },
        { key: "role", header: t("admin:users.role"), cell: role, className: "hidden sm:table-cell" },
        {
          key: "municipality",
          header: t("admin:users.municipality"),
          cell: (r) => r.municipalityName ?? t("admin:common.none"),
          className: "hidden xl:table-cell",
        },
        {
          key: "created",
          header: t("admin:users.created"),
          cell: (r) => formatDate(r.createdAt, i18n.language),
          className: "hidden lg:table-cell whitespace-nowrap",
        },
      ]}
      rowLabel={(r) => r.email}
      deleteConfirm={(r) => t("admin:users.deleteConfirm", { email: r.email })}
      canDelete={(r) => can(actor, "delete", r)}
      fields={({ row, fieldErrors }) =>
        row ? (
          <UserFields row={row} fieldErrors={fieldErrors} />
        ) : (
          <NewUserFields municipalities={municipalities} fieldErrors={fieldErrors} />
        )
      }
      size="max-w-2xl"
    />
  );
}
