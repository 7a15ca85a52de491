/** Admin panel: user accounts and their roles. */
import type { Role } from "@db/schema/enums";
import { CrudScreen, useCrudTexts } from "~/components/crud";
import { NewUserFields, UserFields } from "~/components/panel/user";
import { Badge, type Tone } from "~/components/ui/badge";
import { Link } from "~/components/link";
import { panelAction, panelMessages } from "~/lib/forms/crud.server";
import { formatDate } from "~/lib/i18n/format";
import { requireAdmin } from "~/lib/auth/guards.server";
import { useTranslation } from "~/lib/i18n/react";
import { loadPage } from "~/lib/forms/list.server";
import { metaTags } from "~/lib/http/meta";
import { useRootData } from "~/lib/use-root-data";
import { listAllMunicipalities } from "~/modules/municipality/index.server";
import { type AdminUserRow, listUsers, userCommands } from "~/modules/user/index.server";
import { can } from "~/modules/user";
import type { Route } from "./+types/users";

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireAdmin(request, context);
  const [list, municipalities] = await Promise.all([
    loadPage(request, context, "admin:users.fetchFailed", (query) => listUsers(actor, query)),
    listAllMunicipalities().catch(() => []),
  ]);
  return {
    ...list,
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

export default function UsersPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const actor = useRootData().user;
  const { municipalities } = loaderData;
  const role = (r: AdminUserRow) => <Badge tone={ROLE_TONE[r.role]}>{t(`admin:roles.${r.role}`)}</Badge>;
  return (
    <CrudScreen
      texts={useCrudTexts("admin:users")}
      {...loaderData}
      searchable
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
        {
          // Export or delete the user's data on their request.
          key: "privacy",
          header: t("admin:privacy.link"),
          cell: (r) => (
            <Link
              to={`/admin/users/${r.id}/privacy`}
              className="link whitespace-nowrap"
              aria-label={t("admin:privacy.linkLabel", { email: r.email })}
            >
              {t("admin:privacy.link")}
            </Link>
          ),
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
