/**
 * Forgotten passwords: a single-use token valid for one hour, mailed over SMTP as a link to
 * /reset-password; using it sets the new password and ends every session of the user, and the owner is told
 * by email that the password changed.
 *
 * A request is answered before anything about the address is looked up: whether the account
 * exists, the token, the audit row and the mail all happen after the response, in the background, so a
 * known and an unknown address are answered in the same time.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { AppLoadContext } from "react-router";
import { baseUrl, getAuth, onPasswordReset, onPasswordResetRequested } from "~/lib/auth/auth.server";
import { runInBackground } from "~/lib/jobs/background.server";
import type { Locale } from "~/lib/i18n";
import { securityEvent } from "~/lib/log.server";
import { recordEventSafely } from "~/modules/log/index.server";
import { queueTemplateMail } from "~/modules/mail/index.server";
import { assertNewPassword } from "./password-strength.server";
import { findUserIdByEmail } from "./user.server";

/** The language of the request a reset mail answers (the mail is sent from inside better-auth's call). */
const requestLocale = new AsyncLocalStorage<Locale>();
let registered = false;

function register() {
  if (registered) return;
  registered = true;
  onPasswordResetRequested(async ({ user, token }) => {
    const link = `${baseUrl()}/reset-password?token=${encodeURIComponent(token)}`;
    // Queued in the outbox (HTML and text, the site's name): the job worker delivers it with retries.
    await queueTemplateMail("notice", {
      to: user.email,
      locale: requestLocale.getStore() ?? "en",
      data: {
        subjectKey: "mail:password.resetSubject",
        paragraphKeys: ["mail:common.greeting", "mail:password.resetIntro", "mail:password.resetIgnore"],
        values: { name: user.name },
        action: { labelKey: "mail:password.resetButton", url: link },
      },
    });
  });
  onPasswordReset((user) => {
    const locale = requestLocale.getStore() ?? "en";
    runInBackground("password-changed-mail", () => notifyPasswordChanged(user, locale));
  });
}

/** Everything a reset request does, run after the response. */
async function processResetRequest(email: string, locale: Locale, meta: { requestId: string; ip: string }) {
  register();
  const userId = await findUserIdByEmail(email).catch(() => null);
  securityEvent("auth.password_reset_requested", { requestId: meta.requestId, known: !!userId, ip: meta.ip });
  if (!userId) return;
  const auth = await getAuth();
  try {
    await requestLocale.run(locale, () =>
      auth.api.requestPasswordReset({ body: { email, redirectTo: "/reset-password" } }),
    );
  } catch (err) {
    securityEvent("auth.password_reset_request_failed", { requestId: meta.requestId, error: String(err) });
  }
  await recordEventSafely({
    userId,
    eventType: "auth.password_reset_requested",
    description: "Password reset requested",
  });
}

/** Answers at once and the same way whether or not the account exists; the work follows in the background. */
export function requestPasswordReset(email: string, context: AppLoadContext): void {
  const meta = { requestId: context.requestId, ip: context.ip };
  runInBackground("password-reset-request", () => processResetRequest(email, context.locale, meta));
}

/** Tells the owner of an account that its password changed (after a reset or a change on /profile). */
export async function notifyPasswordChanged(user: { email: string; name: string }, locale: Locale) {
  await queueTemplateMail("notice", {
    to: user.email,
    locale,
    data: {
      subjectKey: "mail:password.changedSubject",
      paragraphKeys: [
        "mail:common.greeting",
        "mail:password.changedIntro",
        "mail:password.changedYou",
        "mail:password.changedNotYou",
      ],
      values: { name: user.name },
      action: { labelKey: "mail:password.changedButton", url: `${baseUrl()}/forgot-password` },
    },
  });
}

/** Sets the new password of a reset link (the one password rule applies: a ValidationError when broken). */
export async function resetPassword(token: string, newPassword: string, context: AppLoadContext): Promise<boolean> {
  assertNewPassword(newPassword);
  register();
  const auth = await getAuth();
  try {
    await requestLocale.run(context.locale, () => auth.api.resetPassword({ body: { token, newPassword } }));
  } catch {
    securityEvent("auth.password_reset_failed", { requestId: context.requestId, ip: context.ip });
    return false;
  }
  securityEvent("auth.password_reset", { requestId: context.requestId, ip: context.ip });
  return true;
}
