/**
 * Merchant panel: redeem a voucher at the counter. The merchant scans the resident's QR code or types the code;
 * the screen shows the deal and the resident's first name, then "Mark as redeemed". Both steps are code checks,
 * rate-limited per merchant and per address so codes cannot be guessed.
 */
import { data } from "react-router";
import { RedeemScreen } from "~/components/panel/redeem-voucher";
import { requireMerchant } from "~/lib/auth/guards.server";
import { errorResponse, failFor, readForm } from "~/lib/forms/form.server";
import { metaTags } from "~/lib/http/meta";
import { addressSubject, limitWait, retryAfter } from "~/lib/http/rate-limit.server";
import { checkVoucher, redeemVoucher } from "~/modules/voucher/index.server";
import type { Route } from "./+types/redeem";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireMerchant(request, context);
  return { meta: { title: context.t("merchant:redeem.title"), noindex: true } };
}

export const meta: Route.MetaFunction = ({ data, matches }) => metaTags(data?.meta, matches);

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireMerchant(request, context);
  const form = await readForm(request);
  const intent: "check" | "redeem" = form.intent === "redeem" ? "redeem" : "check";
  const wait = await limitWait("voucher", [`user:${actor.id}`, addressSubject(context.ip)], context.requestId);
  if (wait) {
    return data(
      { ok: false as const, intent, formError: "errors.tooManyRequests", fieldErrors: {}, params: {} },
      retryAfter(wait),
    );
  }
  try {
    const code = form.code ?? "";
    const voucher = intent === "redeem" ? await redeemVoucher(actor, code) : await checkVoucher(actor, code);
    return { ok: true as const, intent, voucher };
  } catch (err) {
    return failFor(intent, errorResponse(err, "merchant:redeem.errors.failed"));
  }
}

export default function MerchantRedeem({ actionData }: Route.ComponentProps) {
  return <RedeemScreen answer={actionData} />;
}
