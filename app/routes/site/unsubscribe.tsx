import { BellOff, CheckCircle2, Info } from "~/components/icons";
import { Form, data, useActionData, useNavigation } from "react-router";
import { useTranslation } from "~/lib/i18n/react";
import { Link } from "~/components/link";
import { readForm } from "~/lib/forms/form.server";
import { metaTags } from "~/lib/http/meta";
import { describeUnsubscribe, unsubscribe } from "~/modules/notification/index.server";
import type { Route } from "./+types/unsubscribe";

/**
 * Unsubscribe without signing in. The link in a mail opens this page, which stops the alert with one
 * click on its button; a mail program's one-click POST to the same address (RFC 8058, body
 * `List-Unsubscribe=One-Click`, from the List-Unsubscribe-Post header) lands in the same action. Opening the
 * link alone changes nothing, so a link scanner that follows it does not unsubscribe anyone.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const state = await describeUnsubscribe(token);
  return { state, meta: { title: context.t("site:unsubscribe.title"), noindex: true } };
}

export const meta: Route.MetaFunction = ({ data, matches }) => metaTags(data?.meta, matches);

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export async function action({ request }: Route.ActionArgs) {
  const token = new URL(request.url).searchParams.get("token");
  // The body carries nothing we need (the one-click POST sends List-Unsubscribe=One-Click); read it so a
  // malformed one is a clean 400.
  await readForm(request);
  const result = await unsubscribe(token);
  return data({ result }, { status: result.status === "invalid" ? 400 : 200 });
}

export default function Unsubscribe({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("site");
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { state } = loaderData;
  const result = actionData?.result;
  const city =
    (result && result.status !== "invalid" ? result.municipalityName : state.valid ? state.municipalityName : null) ??
    "";
  const kind = result && result.status !== "invalid" ? result.kind : state.valid ? state.kind : null;
  let message: string;
  let done = false;
  if (result?.status === "done") {
    message = t(`unsubscribe.done.${result.kind}`, { city });
    done = true;
  } else if (result?.status === "already" || (state.valid && !state.active && !result)) {
    message = t("unsubscribe.already");
    done = true;
  } else if (!state.valid || result?.status === "invalid") {
    message = t("unsubscribe.invalid");
  } else {
    message = t(`unsubscribe.confirm.${kind ?? "alerts"}`, { city });
  }
  const canSubmit = state.valid && state.active && !result;
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-8 sm:py-12">
      <div className="card p-6 sm:p-8">
        <h1 className="flex items-center gap-2 text-2xl font-bold">
          {done ? (
            <CheckCircle2 aria-hidden="true" className="size-6 text-brand-700" />
          ) : canSubmit ? (
            <BellOff aria-hidden="true" className="size-6 text-brand-700" />
          ) : (
            <Info aria-hidden="true" className="size-6 text-slate-600" />
          )}
          {t("unsubscribe.title")}
        </h1>
        <p role="status" className="mt-3 text-slate-800">
          {message}
        </p>
        {canSubmit && (
          <Form method="post" className="mt-6">
            <button type="submit" className="btn-primary" disabled={navigation.state !== "idle"}>
              {t("unsubscribe.button")}
            </button>
          </Form>
        )}
        {done && kind !== "newsletter" && (
          <p className="mt-6 text-sm text-slate-700">
            {t("unsubscribe.manage")}{" "}
            <Link to="/profile#notifications" className="link">
              {t("unsubscribe.manageLink")}
            </Link>
          </p>
        )}
      </div>
    </main>
  );
}
