/** Admin panel: the Open311 API keys (issue, shown once; revoke). docs/features/open311.md. */
import { IssueKeyForm, KeyTable } from "~/components/panel/open311-keys";
import { PanelHeader } from "~/components/crud";
import { requireAdmin } from "~/lib/auth/guards.server";
import { baseUrl } from "~/lib/auth/auth.server";
import { postedUuid } from "~/lib/forms/crud.server";
import { fail, failFrom, ok, parseWith, readForm } from "~/lib/forms/form.server";
import { loadList } from "~/lib/forms/list.server";
import { NotFoundError } from "~/lib/http/errors";
import { metaTags } from "~/lib/http/meta";
import { messageKey } from "~/lib/i18n/keys";
import { useTranslation } from "~/lib/i18n/react";
import { issueKeySchema } from "~/modules/open311";
import { issueKey, listKeys, revokeKey } from "~/modules/open311/index.server";
import type { Route } from "./+types/open311";

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireAdmin(request, context);
  const list = await loadList(context, "admin:open311.fetchFailed", () => listKeys(actor), []);
  return {
    rows: list.value,
    error: list.error,
    apiUrl: `${baseUrl()}/open311/v2`,
    meta: { title: context.t("admin:open311.title"), noindex: true },
  };
}

/** "issue" answers the key once, in this answer only; "revoke" takes the key's id. */
export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireAdmin(request, context);
  const form = await readForm(request);
  const translate = (key: string) => context.t(messageKey(key));
  if (form.intent === "issue") {
    const parsed = parseWith(issueKeySchema, form);
    if (!parsed.ok) return fail(400, parsed.formError ?? "admin:common.fixErrors", parsed.fieldErrors);
    try {
      const issued = await issueKey(actor, parsed.data);
      return { ...ok("admin:open311.issued", { name: parsed.data.name }), key: issued.key };
    } catch (err) {
      return failFrom(err, "admin:open311.issueFailed", translate);
    }
  }
  if (form.intent === "revoke") {
    try {
      const id = postedUuid(form);
      if (!id) throw new NotFoundError("admin:open311.notFound");
      await revokeKey(actor, id);
      return ok("admin:open311.revokedOk");
    } catch (err) {
      return failFrom(err, "admin:open311.revokeFailed", translate);
    }
  }
  return fail(400, "validation.malformed");
}

export const meta: Route.MetaFunction = ({ data, matches }) => metaTags(data?.meta, matches);

export default function Open311KeysPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { rows, error, apiUrl } = loaderData;
  return (
    <div className="max-w-4xl space-y-6">
      <PanelHeader title={t("admin:open311.title")} intro={t("admin:open311.intro", { url: apiUrl })} />
      <IssueKeyForm />
      <KeyTable rows={rows} error={error} />
    </div>
  );
}
