/**
 * /verify-email: the link in the verification mail (?token=...), and the page a new account lands on after
 * registering (?welcome=1). Opening a link only shows what it confirms; the button's POST confirms, so a mail
 * scanner fetching the link verifies nobody. A signed-in user whose address is not confirmed can ask for the
 * mail again here (the profile links to it).
 */
import { CheckCircle2, Info, MailCheck } from "~/components/icons";
import { Form, data, redirect, useActionData, useNavigation } from "react-router";
import { FormMessage } from "~/components/form";
import { messageKey } from "~/lib/i18n/keys";
import { useTranslation } from "~/lib/i18n/react";
import { readForm } from "~/lib/forms/form.server";
import { metaTags } from "~/lib/http/meta";
import { limitWait, retryAfter } from "~/lib/http/rate-limit.server";
import {
  confirmEmail,
  describeVerification,
  homePathFor,
  isEmailVerified,
  resendVerificationMail,
} from "~/modules/user/index.server";
import type { Route } from "./+types/verify-email";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  const meta = { title: context.t("account:verifyEmail.title"), noindex: true };
  if (token) return { view: "link" as const, state: await describeVerification(token), home: "/", meta };
  const actor = await context.getActor();
  if (!actor) throw redirect("/login?redirectTo=%2Fverify-email");
  const verified = await isEmailVerified(actor.id);
  return {
    view: url.searchParams.get("welcome") === "1" ? ("welcome" as const) : ("self" as const),
    state: { status: verified ? ("already" as const) : ("sent" as const), email: actor.email },
    home: await homePathFor(actor.id),
    meta,
  };
}

export const meta: Route.MetaFunction = ({ data, matches }) => metaTags(data?.meta, matches);

/** The answer depends on the token or the session: never stored by the page cache or a browser. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export async function action({ request, context }: Route.ActionArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const form = await readForm(request);
  if (form.intent === "resend") {
    const actor = await context.getActor();
    if (!actor) throw redirect("/login?redirectTo=%2Fverify-email");
    // Each request mails: as tight as the newsletter's confirmations.
    const wait = await limitWait("newsletter", [`verify:${actor.id}`, `ip:${context.ip}`], context.requestId);
    if (wait) return data({ resent: false as const, error: "errors.tooManyRequests" }, retryAfter(wait));
    await resendVerificationMail(actor);
    return { resent: true as const, email: actor.email };
  }
  const result = await confirmEmail(token);
  return data({ result }, { status: result.status === "invalid" ? 400 : 200 });
}

export default function VerifyEmail({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  const navigation = useNavigation();
  const answer = useActionData<typeof action>();
  const confirmed = answer && "result" in answer ? answer.result : null;
  const shown = confirmed ?? loaderData.state;
  const email = "email" in shown ? shown.email : "";
  const message = {
    invalid: t("verifyEmail.invalid"),
    pending: t("verifyEmail.question", { email }),
    verified: t("verifyEmail.verified", { email }),
    already: t("verifyEmail.already", { email }),
    sent: loaderData.view === "welcome" ? t("register.success.message", { email }) : t("verifyEmail.notice"),
  }[shown.status];
  const Icon =
    shown.status === "invalid"
      ? Info
      : shown.status === "pending" || shown.status === "sent"
        ? MailCheck
        : CheckCircle2;
  const busy = navigation.state !== "idle";
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-8 sm:py-12">
      <div className="card p-6 sm:p-8">
        <h1 className="flex items-center gap-2 text-2xl font-bold">
          <Icon aria-hidden="true" className="size-6 text-brand-700" />
          {loaderData.view === "welcome" ? t("register.success.title") : t("verifyEmail.title")}
        </h1>
        <p role="status" className="mt-3 text-slate-800">
          {message}
        </p>
        {answer && "resent" in answer && (
          <div className="mt-4">
            <FormMessage
              error={answer.resent ? null : t(messageKey(answer.error), { ns: ["account", "common"] })}
              success={answer.resent ? t("verifyEmail.resent", { email: answer.email }) : null}
            />
          </div>
        )}
        <div className="mt-6 flex flex-wrap gap-3">
          {shown.status === "pending" && (
            <Form method="post">
              <button type="submit" className="btn-primary" disabled={busy}>
                {t("verifyEmail.button")}
              </button>
            </Form>
          )}
          {shown.status === "sent" && (
            <Form method="post">
              <input type="hidden" name="intent" value="resend" />
              <button type="submit" className="btn-secondary" disabled={busy}>
                {t("verifyEmail.resend")}
              </button>
            </Form>
          )}
          {shown.status !== "pending" && (
            <a href={loaderData.home} className="btn-primary">
              {t("verifyEmail.continue")}
            </a>
          )}
        </div>
      </div>
    </main>
  );
}
