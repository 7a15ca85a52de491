/** Shown to a signed-in user whose address is not confirmed yet: alerts and digests wait for it. */
import { MailCheck } from "~/components/icons";
import { Link } from "~/components/link";
import { useTranslation } from "~/lib/i18n/react";

export function UnverifiedNotice() {
  const { t } = useTranslation("account");
  return (
    <div
      data-testid="unverified-notice"
      className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
    >
      <MailCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div>
        <p>{t("verifyEmail.notice")}</p>
        <Link to="/verify-email" className="link mt-1 inline-block">
          {t("verifyEmail.resend")}
        </Link>
      </div>
    </div>
  );
}
