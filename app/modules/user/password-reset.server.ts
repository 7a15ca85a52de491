/**
 * Forgotten passwords: a single-use token valid for one hour, mailed over SMTP as a link to
 * /reset-password; using it sets the new password and ends every session of the user.
 */
import type { AppLoadContext } from "react-router";
import { baseUrl, getAuth, onPasswordResetRequested } from "~/lib/auth.server";
import { securityEvent } from "~/lib/log.server";
import { serverT } from "~/lib/i18n.server";
import type { Locale } from "~/lib/i18n";
import { sendMail } from "~/lib/mail.server";
import { recordEventSafely } from "../log/log.server";
import { findUserIdByEmail } from "./user.server";

let registered = false;
let pendingLocale: Locale = "en";

function register() {
  if (registered) return;
  registered = true;
  onPasswordResetRequested(async ({ user, token }) => {
    const t = serverT(pendingLocale);
    const link = `${baseUrl()}/reset-password?token=${encodeURIComponent(token)}`;
    await sendMail({
      to: user.email,
      subject: t("account:resetMail.subject"),
      text: t("account:resetMail.body", { name: user.name, link }),
    });
  });
}

/** Always answers the same way, whether or not the account exists. */
export async function requestPasswordReset(email: string, context: AppLoadContext) {
  register();
  const auth = await getAuth();
  pendingLocale = context.locale;
  const userId = await findUserIdByEmail(email).catch(() => null);
  try {
    await auth.api.requestPasswordReset({ body: { email, redirectTo: "/reset-password" } });
  } catch (err) {
    securityEvent("auth.password_reset_request_failed", { requestId: context.requestId, error: String(err) });
  }
  securityEvent("auth.password_reset_requested", { requestId: context.requestId, known: !!userId, ip: context.ip });
  if (userId) {
    await recordEventSafely({
      userId,
      eventType: "auth.password_reset_requested",
      description: "Password reset requested",
    });
  }
}

export async function resetPassword(token: string, newPassword: string, context: AppLoadContext): Promise<boolean> {
  const auth = await getAuth();
  try {
    await auth.api.resetPassword({ body: { token, newPassword } });
  } catch {
    securityEvent("auth.password_reset_failed", { requestId: context.requestId, ip: context.ip });
    return false;
  }
  securityEvent("auth.password_reset", { requestId: context.requestId, ip: context.ip });
  return true;
}
