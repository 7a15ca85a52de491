/**
 * The admin pickers' search: GET /admin/lookup/users and /admin/lookup/merchants with ?q= (part of a
 * name or e-mail) and ?cursor= (the previous page's `next`). Admin only, like the panel: a guest is sent to
 * /login and any other role to /; the module asks the entity's policy again. JSON, never cached.
 */
import { HttpError } from "~/lib/http/errors";
import { requireAdmin } from "~/lib/auth/guards.server";
import { LOOKUP_KINDS, type LookupKind, type LookupPage } from "~/lib/forms/lookup";
import { lookupParams } from "~/lib/forms/lookup.server";
import { lookupMerchants } from "~/modules/merchant/index.server";
import { lookupUsers } from "~/modules/user/index.server";
import type { Route } from "./+types/lookup";

const HEADERS = { "Cache-Control": "private, no-store" };

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const actor = await requireAdmin(request, context);
  const kind = params.kind as LookupKind;
  if (!(LOOKUP_KINDS as readonly string[]).includes(kind)) {
    return Response.json({ error: "not_found" }, { status: 404, headers: HEADERS });
  }
  try {
    const query = lookupParams(new URL(request.url));
    const page: LookupPage = kind === "users" ? await lookupUsers(actor, query) : await lookupMerchants(actor, query);
    return Response.json(page, { headers: HEADERS });
  } catch (err) {
    if (err instanceof HttpError) {
      return Response.json({ error: err.message }, { status: err.status, headers: HEADERS });
    }
    throw err;
  }
}

export async function action() {
  return new Response(null, { status: 405, headers: { Allow: "GET" } });
}
