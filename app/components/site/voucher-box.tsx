/**
 * The promotion page's voucher block: the real count ("42 of 100 claimed" or "42 claimed"), and the Redeem
 * button. A resident gets a personal voucher (the claim posts to /my-vouchers, which opens the voucher); a guest
 * signs in first and comes back to the deal; an expired promotion offers no voucher.
 */
import { useFetcher, useLocation } from "react-router";
import { Ticket } from "~/components/icons";
import { Link } from "~/components/link";
import { formatNumber } from "~/lib/i18n/format";
import { useTranslation } from "~/lib/i18n/react";
import { useRootData } from "~/lib/use-root-data";
import { messageKey } from "~/lib/i18n/keys";

type VoucherInfo = {
  claimed: number;
  stock: number | null;
  limit: number;
  expired: boolean;
  mine: string[];
};

type ClaimAnswer = { ok: false; formError?: string; params?: Record<string, string> };

function ClaimCount({ info }: { info: VoucherInfo }) {
  const { t, i18n } = useTranslation("site");
  const claimed = formatNumber(info.claimed, i18n.language);
  if (info.stock === null) {
    return (
      <p className="text-sm text-slate-700" data-testid="voucher-count">
        {t("vouchers.claimedCount", { count: info.claimed, claimed })}
      </p>
    );
  }
  const label = t("vouchers.claimedOf", { claimed, total: formatNumber(info.stock, i18n.language) });
  return (
    <div>
      <p className="text-sm text-slate-700" data-testid="voucher-count">
        {label}
      </p>
      <div
        className="mt-1 h-2 overflow-hidden rounded-full bg-slate-200"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={info.stock}
        aria-valuenow={Math.min(info.claimed, info.stock)}
        aria-label={label}
      >
        <div
          className="h-full bg-brand-600"
          style={{ width: `${Math.min(100, Math.round((info.claimed / info.stock) * 100))}%` }}
        />
      </div>
    </div>
  );
}

export function VoucherBox({ info, promotionId }: { info: VoucherInfo; promotionId: string }) {
  const { t } = useTranslation("site");
  const { user } = useRootData();
  const location = useLocation();
  const fetcher = useFetcher<ClaimAnswer>();
  const soldOut = info.stock !== null && info.claimed >= info.stock;
  const atLimit = info.mine.length >= info.limit;
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  let action: React.ReactNode;
  if (info.expired) {
    action = (
      <p className="rounded-lg bg-slate-100 px-3 py-2 text-sm font-medium text-slate-800" role="status">
        {t("vouchers.expiredNotice")}
      </p>
    );
  } else if (!user) {
    action = (
      <Link
        to={`/login?redirectTo=${encodeURIComponent(location.pathname)}`}
        className="btn-primary w-full"
        data-testid="voucher-redeem"
      >
        <Ticket aria-hidden="true" className="size-4" />
        {t("promotionDetail.redeem")}
        <span className="sr-only"> ({t("vouchers.signInFirst")})</span>
      </Link>
    );
  } else if (user.role !== "user") {
    action = <p className="text-sm text-slate-700">{t("vouchers.residentsOnly")}</p>;
  } else if (soldOut || atLimit) {
    action = (
      <p className="rounded-lg bg-slate-100 px-3 py-2 text-sm font-medium text-slate-800" role="status">
        {atLimit ? t("vouchers.haveOne") : t("vouchers.errors.allClaimed")}
      </p>
    );
  } else {
    action = (
      <fetcher.Form method="post" action="/my-vouchers">
        <input type="hidden" name="promotionId" value={promotionId} />
        <button
          type="submit"
          className="btn-primary w-full"
          disabled={fetcher.state !== "idle"}
          data-testid="voucher-redeem"
        >
          <Ticket aria-hidden="true" className="size-4" />
          {t("promotionDetail.redeem")}
        </button>
      </fetcher.Form>
    );
  }
  return (
    <div className="space-y-2" data-testid="voucher-box">
      <ClaimCount info={info} />
      {action}
      {info.mine.length > 0 && (
        <p className="text-sm">
          <Link to={`/my-vouchers/${info.mine[0]}`} className="link">
            {t("vouchers.viewMine")}
          </Link>
        </p>
      )}
      <p aria-live="polite" className="text-sm font-medium text-red-700">
        {answer && answer.ok === false && answer.formError ? t(messageKey(answer.formError), answer.params ?? {}) : ""}
      </p>
    </div>
  );
}
