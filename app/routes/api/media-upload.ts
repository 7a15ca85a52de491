/**
 * POST /media/upload: one image in a multipart body (field "file"), from the image field of a
 * form. Answers JSON: `{ ok: true, url, width, height }`, or `{ ok: false, reason, error }` with a 4xx and
 * the translated message; a refused file stores nothing. Any signed-in user may upload (the media policy);
 * attaching the upload to a row is checked when that row's form is saved.
 */
import { log } from "~/lib/log.server";
import { limitWait } from "~/lib/http/rate-limit.server";
import { can } from "~/modules/media";
import { UploadRefused } from "~/modules/media/index.server";
import { uploadImage } from "~/modules/media/index.server";
import { readUpload } from "~/modules/media/index.server";
import type { Route } from "./+types/media-upload";

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });

/** Nothing to read here: uploads are POSTed. */
export async function loader() {
  return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await context.getActor();
  if (!actor || !can(actor, "upload")) {
    return json({ ok: false, reason: "signIn", error: context.t("common:media.errors.signIn") }, 401);
  }
  const wait = await limitWait("upload", [`user:${actor.id}`, `ip:${context.ip}`], context.requestId);
  if (wait) {
    return json({ ok: false, reason: "tooMany", error: context.t("errors.tooManyRequests") }, 429, {
      "Retry-After": String(wait),
    });
  }
  try {
    const { file } = await readUpload(request);
    const uploaded = await uploadImage(actor, file);
    return json({ ok: true, ...uploaded });
  } catch (err) {
    if (err instanceof UploadRefused) {
      return json({ ok: false, reason: err.reason, error: context.t(`common:media.errors.${err.reason}`) }, err.status);
    }
    log("error", "upload failed", { err, requestId: context.requestId });
    return json({ ok: false, reason: "failed", error: context.t("common:media.errors.failed") }, 500);
  }
}
