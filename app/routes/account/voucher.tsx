/** One voucher of the signed-in person: the deal, the code to read aloud and its QR code, and its status. */
import { data } from "react-router";
import { Link } from "~/components/link";
import { LocalizedText, useLocalized } from "~/components/localized-text";
import { BackLink, PriceLine } from "~/components/site/cards";
import { VoucherStatusBadge } from "~/components/site/voucher-status";
import { requireActor } from "~/lib/auth/guards.server";
import { NotFoundError } from "~/lib/http/errors";
import { metaTags } from "~/lib/http/meta";
import { formatDate, formatDateTime } from "~/lib/i18n/format";
import { useTranslation } from "~/lib/i18n/react";
import { getMyVoucher } from "~/modules/voucher/index.server";
import type { Route } from "./+types/voucher";

/** The service worker keeps every voucher page the resident opened, to show at a counter with a weak signal. */
export const headers: Route.HeadersFunction = () => ({ "X-Offline": "keep", "X-Offline-Kind": "each" });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const actor = await requireActor(request, context);
  try {
    const voucher = await getMyVoucher(actor, params.voucherId);
    return { voucher, meta: { title: context.t("account:vouchers.voucherTitle"), noindex: true } };
  } catch (err) {
    if (err instanceof NotFoundError) {
      throw data(null, { status: 404 });
    }
    throw err;
  }
}

export const meta: Route.MetaFunction = ({ data, matches }) => metaTags(data?.meta, matches);

export default function VoucherPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("account");
  const text = useLocalized();
  const v = loaderData.voucher;
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-8 sm:py-10">
      <BackLink to="/my-vouchers">{t("vouchers.back")}</BackLink>
      <article className="card mt-4 p-6 text-center">
        <p className="text-sm font-medium text-slate-600">{v.merchantName}</p>
        <LocalizedText
          as="h1"
          labelInside
          value={text(v, "title")}
          className="mt-1 text-2xl font-bold text-slate-900"
        />
        <div className="mt-3 flex justify-center">
          <PriceLine price={v.price} originalPrice={v.originalPrice} discount={v.discount} />
        </div>
        <div className="mt-4 flex justify-center">
          <VoucherStatusBadge status={v.status} />
        </div>
        {v.status === "claimed" && (
          <div
            role="img"
            aria-label={t("vouchers.qrLabel", { code: v.code })}
            className="mx-auto mt-6 w-56 max-w-full [&>svg]:h-auto [&>svg]:w-full"
            // The QR code is an SVG drawn on the server from the code alone (no user input reaches it).
            // biome-ignore lint/security/noDangerouslySetInnerHtml: server-rendered QR code of the voucher code
            dangerouslySetInnerHTML={{ __html: v.qrSvg }}
          />
        )}
        <p className="mt-4 text-sm text-slate-700">{t("vouchers.codeLabel")}</p>
        <p className="font-mono text-3xl font-bold tracking-widest text-slate-900" data-testid="voucher-code">
          {v.code}
        </p>
        <p className="mt-4 text-sm text-slate-700">
          {v.status === "redeemed" && v.redeemedAt
            ? t("vouchers.redeemedOn", { date: formatDateTime(v.redeemedAt, i18n.language) })
            : v.status === "expired"
              ? t("vouchers.expiredOn", { date: formatDate(v.validUntil, i18n.language) })
              : t("vouchers.showAtCounter", { name: v.merchantName })}
        </p>
        {v.status === "claimed" && (
          <p className="mt-1 text-sm text-slate-700">
            {t("vouchers.validUntil", { date: formatDate(v.validUntil, i18n.language) })}
          </p>
        )}
        {v.municipalitySlug && (
          <p className="mt-4">
            <Link to={`/promotions/${v.municipalitySlug}/${v.promotionId}`} className="link text-sm">
              {t("vouchers.viewDeal")}
            </Link>
          </p>
        )}
      </article>
    </main>
  );
}
