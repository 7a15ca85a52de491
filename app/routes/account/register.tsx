import { messageKey } from "~/lib/i18n/keys";
import { useEffect, useState } from "react";
import { useTranslation } from "~/lib/i18n/react";
import { Form, data, redirect, useActionData, useNavigation } from "react-router";
import { Link } from "~/components/link";
import { FormMessage, SelectField, TextField } from "~/components/form";
import { HttpError } from "~/lib/http/errors";
import { errorResponse, parseWith, readForm } from "~/lib/forms/form.server";
import { log } from "~/lib/log.server";
import { metaTags } from "~/lib/http/meta";
import { authLimitWait, retryAfter } from "~/lib/http/rate-limit.server";
import { type MunicipalityOption, listActiveMunicipalities } from "~/modules/municipality/index.server";
import { registerSchema } from "~/modules/user";
import { registerAccount, signIn } from "~/modules/user/index.server";
import type { Route } from "./+types/register";

export async function loader({ context }: Route.LoaderArgs) {
  if (await context.getActor()) throw redirect("/");
  let municipalities: MunicipalityOption[] = [];
  let loadError = false;
  try {
    municipalities = await listActiveMunicipalities(context.locale);
  } catch (err) {
    log("error", "registration: municipalities failed", { err });
    loadError = true;
  }
  return { municipalities, loadError, meta: { title: context.t("account:register.title") } };
}

export const meta: Route.MetaFunction = ({ data, matches }) => metaTags(data?.meta, matches);

export async function action({ request, context }: Route.ActionArgs) {
  const wait = await authLimitWait(context.ip, context.requestId);
  if (wait) {
    const fieldErrors: Record<string, string> = {};
    return data({ ok: false as const, formError: "errors.tooManyRequests", fieldErrors }, retryAfter(wait));
  }
  const form = await readForm(request);
  const parsed = parseWith(registerSchema, form);
  if (!parsed.ok) {
    return data(
      {
        ok: false as const,
        formError: parsed.formError ?? "account:register.errors.required",
        fieldErrors: parsed.fieldErrors,
      },
      { status: 400 },
    );
  }
  try {
    await registerAccount(parsed.data, context.locale);
    // The new account is signed in at once (the verification mail is already queued).
    const session = await signIn(parsed.data.email, parsed.data.password, request, context);
    if (!session.ok) return redirect("/login");
    return redirect("/verify-email?welcome=1", { headers: session.headers });
  } catch (err) {
    if (err instanceof HttpError) return errorResponse(err, "account:register.errors.failed");
    return errorResponse(err, "account:register.errors.failed");
  }
}

type AccountType = "user" | "merchant";

export default function Register({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const [accountType, setAccountType] = useState<AccountType>("user");
  const [business, setBusiness] = useState({ businessName: "", businessEmail: "", vatNumber: "" });
  const [showError, setShowError] = useState(true);

  // A new server answer shows its error again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-run when a new answer arrives
  useEffect(() => setShowError(true), [actionData]);

  const failure = actionData && !actionData.ok && showError ? actionData : null;
  const fieldError = (name: string) => failure?.fieldErrors?.[name];
  const switchType = (type: AccountType) => {
    // docs/product.md: switching the account type clears the business fields and the error.
    setAccountType(type);
    setBusiness({ businessName: "", businessEmail: "", vatNumber: "" });
    setShowError(false);
  };

  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-12">
      <div className="card p-6 sm:p-8">
        <h1 className="text-2xl font-bold">{t("register.title")}</h1>
        <p className="mt-1 text-sm text-slate-600">{t("register.subtitle")}</p>
        <Form method="post" className="mt-6 space-y-4" noValidate>
          <fieldset>
            <legend className="label">{t("register.accountType")}</legend>
            <div className="grid grid-cols-2 gap-2">
              {(["user", "merchant"] as const).map((type) => (
                <label
                  key={type}
                  className={`flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-3 text-sm font-medium has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-brand-600 ${accountType === type ? "border-brand-600 bg-brand-50 text-brand-800" : "border-slate-300 bg-white"}`}
                >
                  <input
                    type="radio"
                    name="accountType"
                    value={type}
                    checked={accountType === type}
                    onChange={() => switchType(type)}
                    className="accent-brand-600"
                  />
                  {t(`register.types.${type}`)}
                </label>
              ))}
            </div>
          </fieldset>
          <FormMessage
            error={
              failure?.formError
                ? failure.formError === "account:register.errors.failed"
                  ? t("register.errors.failed")
                  : t(messageKey(failure.formError), { ns: ["account", "common"] })
                : loaderData.loadError
                  ? t("register.errors.municipalities")
                  : null
            }
          />
          <TextField label={t("register.name")} name="name" autoComplete="name" required error={fieldError("name")} />
          <TextField
            label={t("register.email")}
            name="email"
            type="email"
            autoComplete="email"
            required
            error={fieldError("email")}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={t("register.password")}
              name="password"
              type="password"
              autoComplete="new-password"
              required
              error={fieldError("password")}
              hint={t("common:validation.passwordRule")}
            />
            <TextField
              label={t("register.confirmPassword")}
              name="confirmPassword"
              type="password"
              autoComplete="new-password"
              required
              error={fieldError("confirmPassword")}
            />
          </div>
          <SelectField
            label={t("register.municipality")}
            name="municipalityId"
            required
            defaultValue=""
            error={fieldError("municipalityId")}
          >
            <option value="" disabled>
              {t("register.chooseMunicipality")}
            </option>
            {loaderData.municipalities.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </SelectField>
          {accountType === "merchant" && (
            <fieldset className="space-y-4 rounded-lg border border-slate-200 p-4">
              <legend className="px-1 text-sm font-semibold">{t("register.businessDetails")}</legend>
              <TextField
                label={t("register.businessName")}
                name="businessName"
                required
                value={business.businessName}
                onChange={(e) => setBusiness((b) => ({ ...b, businessName: e.target.value }))}
                error={fieldError("businessName")}
              />
              <TextField
                label={t("register.businessEmail")}
                name="businessEmail"
                type="email"
                required
                value={business.businessEmail}
                onChange={(e) => setBusiness((b) => ({ ...b, businessEmail: e.target.value }))}
                error={fieldError("businessEmail")}
              />
              <TextField
                label={t("register.vatNumber")}
                name="vatNumber"
                required
                placeholder="BE 0123.456.789"
                value={business.vatNumber}
                onChange={(e) => setBusiness((b) => ({ ...b, vatNumber: e.target.value }))}
                error={fieldError("vatNumber")}
              />
            </fieldset>
          )}
          <button type="submit" className="btn-primary w-full" disabled={submitting}>
            {submitting ? t("register.submitting") : t("register.submit")}
          </button>
        </Form>
        <p className="mt-6 text-center text-sm text-slate-700">
          {t("register.haveAccount")}{" "}
          <Link to="/login" className="link">
            {t("register.login")}
          </Link>
        </p>
      </div>
    </main>
  );
}
