import { data } from "react-router";
import { requireActor } from "~/lib/auth/guards.server";
import { errorResponse, parseWith, readForm } from "~/lib/forms/form.server";
import { pushSubscriptionSchema } from "~/modules/notification";
import {
  countPushDevices,
  removePushSubscription,
  savePushSubscription,
  vapidKeys,
} from "~/modules/notification/index.server";
import type { Route } from "./+types/push";

const PRIVATE = { "Cache-Control": "private, no-store" };

/** The platform's public VAPID key (the browser needs it to subscribe) and how many devices the actor has. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireActor(request, context);
  const [{ publicKey }, devices] = await Promise.all([vapidKeys(), countPushDevices(actor)]);
  return data({ publicKey, devices }, { headers: PRIVATE });
}

/** "Notify me on this device" and its undoing, posted by the Notifications settings' script. */
export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireActor(request, context);
  const form = await readForm(request);
  try {
    if (form.intent === "unsubscribe") {
      await removePushSubscription(actor, String(form.endpoint ?? ""));
      return data({ ok: true as const }, { headers: PRIVATE });
    }
    const parsed = parseWith(pushSubscriptionSchema, form);
    if (!parsed.ok)
      return data({ ok: false as const, fieldErrors: parsed.fieldErrors }, { status: 400, headers: PRIVATE });
    await savePushSubscription(actor, parsed.data, request.headers.get("user-agent"));
    return data({ ok: true as const }, { headers: PRIVATE });
  } catch (err) {
    return errorResponse(err, "push.failed", { message: "" });
  }
}
