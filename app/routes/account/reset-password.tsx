import { messageKey } from "~/lib/i18n/keys";
import { useTranslation } from "~/lib/i18n/react";
import { Form, data, useActionData, useNavigation, useSearchParams } from "react-router";
import { Link } from "~/components/link";
import { z } from "zod";
import { FormMessage, TextField } from "~/components/form";
import { ValidationError } from "~/lib/http/errors";
import { parseWith, readForm } from "~/lib/forms/form.server";
import { metaTags } from "~/lib/http/meta";
import { authLimitWait, retryAfter } from "~/lib/http/rate-limit.server";
import { LIMITS } from "~/lib/forms/validation";
import { passwordProblem } from "~/modules/user";
import { resetPassword } from "~/modules/user/index.server";
import type { Route } from "./+types/reset-password";

const schema = z
  .object({
    token: z.string().min(1, { error: "account:resetPassword.invalid" }).max(200),
    password: z.string().max(LIMITS.password * 4),
    confirmPassword: z.string().max(LIMITS.password * 4),
  })
  .superRefine((v, ctx) => {
    if (v.password !== v.confirmPassword) {
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: "account:register.errors.passwordMismatch" });
      return;
    }
    const problem = passwordProblem(v.password);
    if (problem) ctx.addIssue({ code: "custom", path: ["password"], message: problem });
  });

export function loader({ context }: Route.LoaderArgs) {
  return { meta: { title: context.t("account:resetPassword.title"), noindex: true } };
}

export const meta: Route.MetaFunction = ({ data, matches }) => metaTags(data?.meta, matches);

export async function action({ request, context }: Route.ActionArgs) {
  const wait = await authLimitWait(context.ip, context.requestId);
  if (wait) {
    const fieldErrors: Record<string, string> = {};
    return data({ ok: false as const, formError: "errors.tooManyRequests", fieldErrors }, retryAfter(wait));
  }
  const parsed = parseWith(schema, await readForm(request));
  if (!parsed.ok) {
    return data(
      { ok: false as const, formError: parsed.fieldErrors.token ?? null, fieldErrors: parsed.fieldErrors },
      { status: 400 },
    );
  }
  let done: boolean;
  try {
    done = await resetPassword(parsed.data.token, parsed.data.password, context);
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    return data({ ok: false as const, formError: err.message, fieldErrors: err.fieldErrors }, { status: 400 });
  }
  if (!done)
    return data({ ok: false as const, formError: "account:resetPassword.invalid", fieldErrors: {} }, { status: 400 });
  return { ok: true as const, formError: null, fieldErrors: {} };
}

export default function ResetPassword() {
  const { t } = useTranslation("account");
  const actionData = useActionData<typeof action>();
  const [params] = useSearchParams();
  const submitting = useNavigation().state === "submitting";
  const token = params.get("token") ?? "";
  const fieldErrors: Record<string, string> = actionData?.fieldErrors ?? {};
  return (
    <main id="main" className="mx-auto max-w-md px-4 py-12">
      <div className="card p-6 sm:p-8">
        <h1 className="text-2xl font-bold">{t("resetPassword.title")}</h1>
        {actionData?.ok ? (
          <div className="mt-6 space-y-4">
            <FormMessage success={t("resetPassword.done")} />
            <Link to="/login" className="btn-primary">
              {t("register.success.login")}
            </Link>
          </div>
        ) : !token ? (
          <div className="mt-6 space-y-4">
            <FormMessage error={t("resetPassword.invalid")} />
            <Link to="/forgot-password" className="link">
              {t("resetPassword.again")}
            </Link>
          </div>
        ) : (
          <Form method="post" className="mt-6 space-y-4" noValidate>
            <input type="hidden" name="token" value={token} />
            <FormMessage
              error={actionData?.formError ? t(messageKey(actionData.formError), { ns: ["account", "common"] }) : null}
            />
            <TextField
              label={t("profile.newPassword")}
              name="password"
              type="password"
              autoComplete="new-password"
              required
              error={fieldErrors.password}
              hint={t("common:validation.passwordRule")}
            />
            <TextField
              label={t("profile.confirmPassword")}
              name="confirmPassword"
              type="password"
              autoComplete="new-password"
              required
              error={fieldErrors.confirmPassword}
            />
            <button type="submit" className="btn-primary w-full" disabled={submitting}>
              {submitting ? t("profile.saving") : t("resetPassword.submit")}
            </button>
          </Form>
        )}
      </div>
    </main>
  );
}
