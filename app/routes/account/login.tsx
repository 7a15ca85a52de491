import { messageKey } from "~/lib/i18n/keys";
import { useTranslation } from "~/lib/i18n/react";
import { Form, data, redirect, useActionData, useNavigation, useSearchParams } from "react-router";
import { Link } from "~/components/link";
import { FormMessage, TextField } from "~/components/form";
import { readForm } from "~/lib/forms/form.server";
import { metaTags } from "~/lib/http/meta";
import { authLimitWait, retryAfter } from "~/lib/http/rate-limit.server";
import { safeRedirect } from "~/lib/http/redirect";
import { signIn } from "~/modules/user/index.server";
import { loginSchema } from "~/modules/user";
import { homePathFor } from "~/modules/user/index.server";
import type { Route } from "./+types/login";

export async function loader({ context }: Route.LoaderArgs) {
  const actor = await context.getActor();
  if (actor) throw redirect("/");
  return { meta: { title: context.t("account:login.title"), noindex: false } };
}

export const meta: Route.MetaFunction = ({ data, matches }) => metaTags(data?.meta, matches);

export async function action({ request, context }: Route.ActionArgs) {
  const wait = await authLimitWait(context.ip, context.requestId);
  if (wait) return data({ error: "errors.tooManyRequests", params: {} }, retryAfter(wait));
  const form = await readForm(request);
  const parsed = loginSchema.safeParse(form);
  if (!parsed.success || !parsed.data.email || !parsed.data.password) {
    return data({ error: "account:login.errors.empty", params: {} }, { status: 400 });
  }
  const { email, password, redirectTo } = parsed.data;
  const result = await signIn(email, password, request, context);
  if (!result.ok && result.retryAfterSec) {
    const minutes = Math.ceil(result.retryAfterSec / 60);
    return data({ error: "account:login.errors.locked", params: { count: minutes } }, retryAfter(result.retryAfterSec));
  }
  if (!result.ok) return data({ error: "account:login.errors.invalid", params: {} }, { status: 401 });
  const fallback = await homePathFor(result.userId);
  return redirect(safeRedirect(redirectTo, fallback), { headers: result.headers });
}

export default function Login() {
  const { t } = useTranslation("account");
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const submitting = navigation.state === "submitting" && navigation.formAction?.startsWith("/login");
  return (
    <main id="main" className="mx-auto max-w-md px-4 py-12">
      <div className="card p-6 sm:p-8">
        <h1 className="text-2xl font-bold">{t("login.title")}</h1>
        <p className="mt-1 text-sm text-slate-600">{t("login.subtitle")}</p>
        <Form method="post" className="mt-6 space-y-4" noValidate>
          <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? ""} />
          <FormMessage
            error={
              actionData?.error
                ? t(messageKey(actionData.error), { ...actionData.params, ns: ["account", "common"] })
                : null
            }
          />
          <TextField label={t("login.email")} name="email" type="email" autoComplete="email" required />
          <TextField
            label={t("login.password")}
            name="password"
            type="password"
            autoComplete="current-password"
            required
          />
          <div className="text-right text-sm">
            <Link to="/forgot-password" className="link">
              {t("login.forgot")}
            </Link>
          </div>
          <button type="submit" className="btn-primary w-full" disabled={submitting}>
            {submitting ? t("login.submitting") : t("login.submit")}
          </button>
        </Form>
        <p className="mt-6 text-center text-sm text-slate-700">
          {t("login.noAccount")}{" "}
          <Link to="/register" className="link">
            {t("login.signUp")}
          </Link>
        </p>
      </div>
    </main>
  );
}
