import { useTranslation } from "~/lib/i18n-react";
import { AdminHeader } from "~/components/admin/admin-ui";
import { CrudDialog, DataTable, RowActions, useCrud } from "~/components/crud";
import { TextArea, TextField } from "~/components/form";
import { listParams } from "~/lib/crud.server";
import { parseWith, readForm } from "~/lib/form.server";
import { requireAdmin } from "~/lib/guards.server";
import { metaTags } from "~/lib/meta";
import { attempt, invalid, loadList, notFound, postedUuid, unknownIntent } from "~/modules/admin/action.server";
import { featureSchema } from "~/modules/feature/feature.schema";
import {
  type FeatureRow,
  createFeature,
  deleteFeature,
  listFeatures,
  updateFeature,
} from "~/modules/feature/feature.server";
import type { Route } from "./+types/features";

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireAdmin(request, context);
  const { q } = listParams(request);
  const list = await loadList(context, "admin:features.fetchFailed", () => listFeatures(actor, { q }), []);
  return { rows: list.value, error: list.error, meta: { title: context.t("admin:features.title"), noindex: true } };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireAdmin(request, context);
  const form = await readForm(request);
  switch (form.intent) {
    case "create": {
      const parsed = parseWith(featureSchema, form);
      if (!parsed.ok) return invalid(parsed);
      return attempt(context, "admin:features.added", "admin:features.addFailed", () =>
        createFeature(actor, parsed.data),
      );
    }
    case "update": {
      const id = postedUuid(form);
      if (!id) return notFound("admin:features.updateFailed", context);
      const parsed = parseWith(featureSchema, form);
      if (!parsed.ok) return invalid(parsed);
      return attempt(context, "admin:features.updated", "admin:features.updateFailed", () =>
        updateFeature(actor, id, parsed.data),
      );
    }
    case "delete": {
      const id = postedUuid(form);
      if (!id) return notFound("admin:features.deleteFailed", context);
      return attempt(context, "admin:features.deleted", "admin:features.deleteFailed", () => deleteFeature(actor, id));
    }
    default:
      return unknownIntent();
  }
}

export const meta: Route.MetaFunction = ({ data, matches }) => metaTags(data?.meta, matches);

function FeatureFields({ row, fieldErrors }: { row?: FeatureRow; fieldErrors: Record<string, string> }) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        label={t("admin:features.name")}
        name="name"
        required
        defaultValue={row?.name}
        error={fieldErrors.name}
      />
      <TextArea
        label={`${t("admin:features.description")} (${t("admin:common.optional")})`}
        name="description"
        defaultValue={row?.description ?? ""}
        error={fieldErrors.description}
      />
    </>
  );
}

export default function FeaturesPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { rows, error } = loaderData;
  const crud = useCrud<FeatureRow>();
  const { mode } = crud;
  const row = mode.kind !== "closed" && "row" in mode ? mode.row : undefined;

  return (
    <div className="space-y-6">
      <AdminHeader
        title={t("admin:features.title")}
        intro={t("admin:features.intro")}
        addLabel={t("admin:features.add")}
        onAdd={() => crud.open({ kind: "create" })}
      />
      <DataTable
        caption={t("admin:features.caption")}
        searchable
        rows={rows}
        error={error}
        emptyMessage={t("admin:features.empty")}
        rowKey={(r) => r.id}
        columns={[
          {
            key: "name",
            header: t("admin:features.name"),
            cell: (r) => <span className="font-medium text-slate-900">{r.name}</span>,
          },
          {
            key: "description",
            header: t("admin:features.description"),
            cell: (r) => r.description ?? t("admin:common.none"),
            className: "hidden sm:table-cell",
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
        title={t("admin:features.addTitle")}
        intent="create"
        kind="create"
        fetcher={crud.fetcher}
      >
        {({ fieldErrors }) => <FeatureFields fieldErrors={fieldErrors} />}
      </CrudDialog>
      <CrudDialog
        open={mode.kind === "update"}
        onClose={crud.close}
        title={t("admin:features.editTitle")}
        intent="update"
        kind="update"
        fetcher={crud.fetcher}
        hidden={row ? { id: row.id } : {}}
      >
        {({ fieldErrors }) => (row ? <FeatureFields row={row} fieldErrors={fieldErrors} /> : null)}
      </CrudDialog>
      <CrudDialog
        open={mode.kind === "delete"}
        onClose={crud.close}
        title={t("admin:features.deleteTitle")}
        description={row ? t("admin:features.deleteConfirm", { name: row.name }) : undefined}
        intent="delete"
        kind="delete"
        fetcher={crud.fetcher}
        hidden={row ? { id: row.id } : {}}
      />
    </div>
  );
}
