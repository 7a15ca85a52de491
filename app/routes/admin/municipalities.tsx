import { useTranslation } from "~/lib/i18n-react";
import { Link } from "~/components/link";
import { AdminHeader, Badge, ToggleField } from "~/components/admin/admin-ui";
import { CrudDialog, DataTable, RowActions, useCrud } from "~/components/crud";
import { TextField } from "~/components/form";
import { listParams } from "~/lib/crud.server";
import { parseWith, readForm } from "~/lib/form.server";
import { requireAdmin } from "~/lib/guards.server";
import { metaTags } from "~/lib/meta";
import { attempt, invalid, loadList, notFound, postedUuid, unknownIntent } from "~/modules/admin/action.server";
import { municipalitySchema } from "~/modules/municipality/municipality.schema";
import {
  type MunicipalityRow,
  createMunicipality,
  deleteMunicipality,
  listMunicipalitiesForAdmin,
  updateMunicipality,
} from "~/modules/municipality/municipality.server";
import type { Route } from "./+types/municipalities";

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireAdmin(request, context);
  const { q } = listParams(request);
  const list = await loadList(
    context,
    "admin:municipalities.fetchFailed",
    () => listMunicipalitiesForAdmin(actor, { q }),
    [],
  );
  return {
    rows: list.value,
    error: list.error,
    meta: { title: context.t("admin:municipalities.title"), noindex: true },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireAdmin(request, context);
  const form = await readForm(request);
  switch (form.intent) {
    case "create": {
      const parsed = parseWith(municipalitySchema, form);
      if (!parsed.ok) return invalid(parsed);
      return attempt(context, "admin:municipalities.added", "admin:municipalities.addFailed", () =>
        createMunicipality(actor, parsed.data),
      );
    }
    case "update": {
      const id = postedUuid(form);
      if (!id) return notFound("admin:municipalities.updateFailed", context);
      const parsed = parseWith(municipalitySchema, form);
      if (!parsed.ok) return invalid(parsed);
      return attempt(context, "admin:municipalities.updated", "admin:municipalities.updateFailed", () =>
        updateMunicipality(actor, id, parsed.data),
      );
    }
    case "delete": {
      const id = postedUuid(form);
      if (!id) return notFound("admin:municipalities.deleteFailed", context);
      return attempt(context, "admin:municipalities.deleted", "admin:municipalities.deleteFailed", () =>
        deleteMunicipality(actor, id),
      );
    }
    default:
      return unknownIntent();
  }
}

export const meta: Route.MetaFunction = ({ data, matches }) => metaTags(data?.meta, matches);

function MunicipalityFields({ row, fieldErrors }: { row?: MunicipalityRow; fieldErrors: Record<string, string> }) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        label={t("admin:municipalities.name")}
        name="name"
        required
        defaultValue={row?.name}
        error={fieldErrors.name}
      />
      <TextField
        label={t("admin:municipalities.slug")}
        name="slug"
        required
        defaultValue={row?.slug}
        pattern="[a-z0-9]+(-[a-z0-9]+)*"
        autoCapitalize="none"
        spellCheck={false}
        hint={t("admin:municipalities.slugHint")}
        error={fieldErrors.slug}
      />
      <TextField
        label={`${t("admin:municipalities.logoUrl")} (${t("admin:common.optional")})`}
        name="logo_url"
        type="url"
        defaultValue={row?.logoUrl ?? ""}
        error={fieldErrors.logo_url}
      />
      {/* SPEC: is_active is a toggle, true by default on add. */}
      <ToggleField
        name="is_active"
        label={t("admin:municipalities.activeToggle")}
        defaultChecked={row ? row.isActive : true}
      />
    </>
  );
}

export default function MunicipalitiesPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { rows, error } = loaderData;
  const crud = useCrud<MunicipalityRow>();
  const { mode } = crud;
  const row = mode.kind !== "closed" && "row" in mode ? mode.row : undefined;

  return (
    <div className="space-y-6">
      <AdminHeader
        title={t("admin:municipalities.title")}
        intro={t("admin:municipalities.intro")}
        addLabel={t("admin:municipalities.add")}
        onAdd={() => crud.open({ kind: "create" })}
      />
      <DataTable
        caption={t("admin:municipalities.caption")}
        searchable
        rows={rows}
        error={error}
        emptyMessage={t("admin:municipalities.empty")}
        rowKey={(r) => r.id}
        columns={[
          {
            key: "name",
            header: t("admin:municipalities.name"),
            cell: (r) => <span className="font-medium text-slate-900">{r.name}</span>,
          },
          {
            key: "slug",
            header: t("admin:municipalities.slug"),
            cell: (r) =>
              r.isActive ? (
                <Link to={`/${r.slug}`} className="link font-mono">
                  /{r.slug}
                  <span className="sr-only"> ({t("admin:municipalities.view")})</span>
                </Link>
              ) : (
                <span className="font-mono text-slate-700">/{r.slug}</span>
              ),
            className: "hidden sm:table-cell",
          },
          {
            key: "status",
            header: t("admin:municipalities.status"),
            cell: (r) => (
              <Badge tone={r.isActive ? "green" : "slate"}>
                {r.isActive ? t("admin:common.active") : t("admin:common.inactive")}
              </Badge>
            ),
          },
          {
            key: "actions",
            header: t("crud.actions"),
            cell: (r) => (
              <RowActions
                label={r.name}
                onEdit={() => crud.open({ kind: "update", row: r })}
                onDelete={() => crud.open({ kind: "delete", row: r })}
              />
            ),
          },
        ]}
      />
      <CrudDialog
        open={mode.kind === "create"}
        onClose={crud.close}
        title={t("admin:municipalities.addTitle")}
        intent="create"
        kind="create"
        fetcher={crud.fetcher}
      >
        {({ fieldErrors }) => <MunicipalityFields fieldErrors={fieldErrors} />}
      </CrudDialog>
      <CrudDialog
        open={mode.kind === "update"}
        onClose={crud.close}
        title={t("admin:municipalities.editTitle")}
        intent="update"
        kind="update"
        fetcher={crud.fetcher}
        hidden={row ? { id: row.id } : {}}
      >
        {({ fieldErrors }) => (row ? <MunicipalityFields row={row} fieldErrors={fieldErrors} /> : null)}
      </CrudDialog>
      <CrudDialog
        open={mode.kind === "delete"}
        onClose={crud.close}
        title={t("admin:municipalities.deleteTitle")}
        description={row ? t("admin:municipalities.deleteConfirm", { name: row.name }) : undefined}
        intent="delete"
        kind="delete"
        fetcher={crud.fetcher}
        hidden={row ? { id: row.id } : {}}
      />
    </div>
  );
}
