/**
 * POST /api/beacon: a promotion or event page reports a view or a click (navigator.sendBeacon,
 * form-encoded `t`, `id`, `k`). It passes the site's origin check like every POST (HTTP layer); the count is
 * kept in memory and written in batches (modules/metrics). Always 204 for a well-formed beacon, counted or not
 * (a robot learns nothing); 400 for a malformed one. GET is 405.
 */
import { beaconSchema } from "~/modules/metrics";
import { recordBeacon } from "~/modules/metrics/index.server";
import type { Route } from "./+types/beacon";

const MAX_BODY = 1024;

export async function loader() {
  return new Response(null, { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  if (Number(request.headers.get("content-length") ?? 0) > MAX_BODY) return new Response(null, { status: 413 });
  const text = (await request.text()).slice(0, MAX_BODY);
  const parsed = beaconSchema.safeParse(Object.fromEntries(new URLSearchParams(text)));
  if (!parsed.success) return new Response(null, { status: 400 });
  await recordBeacon(parsed.data, {
    viewer: await context.getActor(),
    userAgent: request.headers.get("user-agent"),
    client: context.ip,
  });
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
}
