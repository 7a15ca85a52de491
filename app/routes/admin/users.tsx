import { useState } from "react";
import { useTranslation } from "~/lib/i18n-react";
import { AdminHeader, Badge, FieldGroup, type Tone } from "~/components/admin/admin-ui";
import { CrudDialog, DataTable, RowActions, useCrud } from "~/components/crud";
import { SelectField, TextField } from "~/components/form";
import { ROLES, type Role } from "@db/schema/enums";
import { listParams } from "~/lib/crud.server";
import { formatDate } from "~/lib/format";
import { parseWith, readForm } from "~/lib/form.server";
import { requireAdmin } from "~/lib/guards.server";
import { metaTags } from "~/lib/meta";
import { attempt, invalid, loadList, notFound, postedId, unknownIntent } from "~/modules/admin/action.server";
import { adminUserCreateSchema, adminUserUpdateSchema } from "~/modules/admin/admin.schema";
import { listAllMunicipalities } from "~/modules/municipality/municipality.server";
import { type AdminUserRow, createUser, deleteUser, listUsers, updateUser } from "~/modules/user/user.admin.server";
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
    selfId: actor.id,
    meta: { title: context.t("admin:users.title"), noindex: true },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireAdmin(request, context);
  const form = await readForm(request);
  switch (form.intent) {
    case "create": {
      const parsed = parseWith(adminUserCreateSchema, form);
      if (!parsed.ok) return invalid(parsed);
      return attempt(context, "admin:users.added", "admin:users.addFailed", () => createUser(actor, parsed.data));
    }
    case "update": {
      const id = postedId(form);
      if (!id) return notFound("admin:users.updateFailed", context);
      const parsed = parseWith(adminUserUpdateSchema, form);
      if (!parsed.ok) return invalid(parsed);
      return attempt(context, "admin:users.updated", "admin:users.updateFailed", () =>
        updateUser(actor, id, parsed.data),
      );
    }
    case "delete": {
      const id = postedId(form);
      if (!id) return notFound("admin:users.deleteFailed", context);
      return attempt(context, "admin:users.deleted", "admin:users.deleteFailed", () => deleteUser(actor, id));
    }
    default:
      return unknownIntent();
  }
}

export const meta: Route.MetaFunction = ({ data, matches }) => metaTags(data?.meta, matches);

const ROLE_TONE: Record<Role, Tone> = { user: "slate", merchant: "blue", admin: "violet" };

export default function UsersPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { rows, total, page, pageSize, error, municipalities, selfId } = loaderData;
  const crud = useCrud<AdminUserRow>();
  const { mode } = crud;
  const [newRole, setNewRole] = useState<Role>("user");

  return (
    <div className="space-y-6">
      <AdminHeader
        title={t("admin:users.title")}
        intro={t("admin:users.intro")}
        addLabel={t("admin:users.add")}
        onAdd={() => {
          setNewRole("user");
          crud.open({ kind: "create" });
        }}
      />
      <DataTable
        caption={t("admin:users.caption")}
        searchable
        rows={rows}
        total={total}
        page={page}
        pageSize={pageSize}
        error={error}
        emptyMessage={t("admin:users.empty")}
        rowKey={(r) => r.id}
        columns={[
          {
            key: "name",
            header: t("admin:users.name"),
            cell: (r) => (
              <div className="min-w-32">
                <div className="font-medium text-slate-900">{r.name}</div>
                <div className="break-all text-slate-600 md:hidden">{r.email}</div>
                <div className="mt-1 sm:hidden">
                  <Badge tone={ROLE_TONE[r.role]}>{t(`admin:roles.${r.role}`)}</Badge>
                </div>
              </div>
            ),
          },
          {
            key: "email",
            header: t("admin:users.email"),
            cell: (r) => <span className="break-all">{r.email}</span>,
            className: "hidden md:table-cell",
          },
          {
            key: "role",
            header: t("admin:users.role"),
            cell: (r) => <Badge tone={ROLE_TONE[r.role]}>{t(`admin:roles.${r.role}`)}</Badge>,
            className: "hidden sm:table-cell",
          },
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
          {
            key: "actions",
            header: t("crud.actions"),
            cell: (r) => (
              <RowActions
                label={r.email}
                onEdit={() => crud.open({ kind: "update", row: r })}
                onDelete={r.id === selfId ? undefined : () => crud.open({ kind: "delete", row: r })}
              />
            ),
          },
        ]}
      />

      <CrudDialog
        open={mode.kind === "create"}
        onClose={crud.close}
        title={t("admin:users.addTitle")}
        intent="create"
        kind="create"
        fetcher={crud.fetcher}
        size="max-w-2xl"
      >
        {({ fieldErrors }) => (
          <>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label={t("admin:users.name")}
                name="name"
                required
                autoComplete="off"
                error={fieldErrors.name}
              />
              <TextField
                label={t("admin:users.email")}
                name="email"
                type="email"
                required
                autoComplete="off"
                error={fieldErrors.email}
              />
              <TextField
                label={t("admin:users.password")}
                name="password"
                type="password"
                required
                autoComplete="new-password"
                error={fieldErrors.password}
              />
              <TextField
                label={t("admin:users.confirmPassword")}
                name="confirmPassword"
                type="password"
                required
                autoComplete="new-password"
                error={fieldErrors.confirmPassword}
              />
              <SelectField
                label={t("admin:users.role")}
                name="role"
                value={newRole}
                onChange={(e) => setNewRole(e.target.value as Role)}
                error={fieldErrors.role}
              >
                {ROLES.map((r) => (
                  <option key={r} value={r}>
                    {t(`admin:roles.${r}`)}
                  </option>
                ))}
              </SelectField>
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
            {newRole === "merchant" && (
              <FieldGroup legend={t("admin:users.merchantDetails")} hint={t("admin:users.merchantHint")}>
                <TextField
                  label={t("admin:users.businessName")}
                  name="business_name"
                  required
                  error={fieldErrors.business_name}
                />
                <TextField
                  label={t("admin:users.businessEmail")}
                  name="business_email"
                  type="email"
                  required
                  error={fieldErrors.business_email}
                />
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
        )}
      </CrudDialog>

      <CrudDialog
        open={mode.kind === "update"}
        onClose={crud.close}
        title={t("admin:users.editTitle")}
        intent="update"
        kind="update"
        fetcher={crud.fetcher}
        hidden={mode.kind === "update" && mode.row ? { id: mode.row.id } : {}}
      >
        {({ fieldErrors }) =>
          mode.kind === "update" && mode.row ? (
            <>
              <TextField
                label={t("admin:users.email")}
                name="email_display"
                type="email"
                defaultValue={mode.row.email}
                disabled
                hint={t("admin:users.emailLocked")}
              />
              <TextField
                label={t("admin:users.name")}
                name="name"
                required
                defaultValue={mode.row.name}
                error={fieldErrors.name}
              />
              <SelectField
                label={t("admin:users.role")}
                name="role"
                defaultValue={mode.row.role}
                disabled={mode.row.id === selfId}
                hint={mode.row.id === selfId ? t("admin:users.ownRole") : undefined}
                error={fieldErrors.role}
              >
                {ROLES.map((r) => (
                  <option key={r} value={r}>
                    {t(`admin:roles.${r}`)}
                  </option>
                ))}
              </SelectField>
              {mode.row.id === selfId && <input type="hidden" name="role" value={mode.row.role} />}
            </>
          ) : null
        }
      </CrudDialog>

      <CrudDialog
        open={mode.kind === "delete"}
        onClose={crud.close}
        title={t("admin:users.deleteTitle")}
        description={
          mode.kind === "delete" && mode.row ? t("admin:users.deleteConfirm", { email: mode.row.email }) : undefined
        }
        intent="delete"
        kind="delete"
        fetcher={crud.fetcher}
        hidden={mode.kind === "delete" && mode.row ? { id: mode.row.id } : {}}
      />
    </div>
  );
}
