import { useTranslation } from "~/lib/i18n/react";
import { Form, data, useActionData, useNavigation } from "react-router";
import { Link } from "~/components/link";
import { z } from "zod";
import { FormMessage, TextField } from "~/components/form";
import { parseWith, readForm } from "~/lib/forms/form.server";
import { metaTags } from "~/lib/http/meta";
import { authLimitWait, retryAfter } from "~/lib/http/rate-limit.server";
import { emailField } from "~/lib/forms/validation";
import { requestPasswordReset } from "~/modules/user/index.server";
import type { Route } from "./+types/forgot-password";

const schema = z.object({ email: emailField() });

export function loader({ context }: Route.LoaderArgs) {
  return { meta: { title: context.t("account:forgotPassword.title") } };
}

export const meta: Route.MetaFunction = ({ data, matches }) => metaTags(data?.meta, matches);

export async function action({ request, context }: Route.ActionArgs) {
  const wait = await authLimitWait(context.ip, context.requestId);
  if (wait) return data({ ok: false as const, error: "errors.tooManyRequests" }, retryAfter(wait));
  const parsed = parseWith(schema, await readForm(request));
  if (!parsed.ok)
    return data({ ok: false as const, error: parsed.fieldErrors.email ?? "validation.email" }, { status: 400 });
  requestPasswordReset(parsed.data.email, context);
  return { ok: true as const, error: null };
}

export default function ForgotPassword() {
  const { t } = useTranslation("account");
  const actionData = useActionData<typeof action>();
  const submitting = useNavigation().state === "submitting";
  return (
    <main id="main" className="mx-auto max-w-md px-4 py-12">
      <div className="card p-6 sm:p-8">
        <h1 className="text-2xl font-bold">{t("forgotPassword.title")}</h1>
        <p className="mt-1 text-sm text-slate-600">{t("forgotPassword.intro")}</p>
        {actionData?.ok ? (
          <div className="mt-6 space-y-4">
            <FormMessage success={t("forgotPassword.sent")} />
            <Link to="/login" className="link">
              {t("forgotPassword.back")}
            </Link>
          </div>
        ) : (
          <Form method="post" className="mt-6 space-y-4" noValidate>
            <TextField
              label={t("login.email")}
              name="email"
              type="email"
              autoComplete="email"
              required
              error={actionData?.error ?? undefined}
            />
            <button type="submit" className="btn-primary w-full" disabled={submitting}>
              {submitting ? t("forgotPassword.sending") : t("forgotPassword.submit")}
            </button>
            <p className="text-center text-sm">
              <Link to="/login" className="link">
                {t("forgotPassword.back")}
              </Link>
            </p>
          </Form>
        )}
      </div>
    </main>
  );
}
