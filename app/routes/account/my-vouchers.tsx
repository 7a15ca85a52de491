/** My vouchers: the signed-in person's vouchers, newest first; a POST here claims one (the deal's Redeem). */
import { redirect } from "react-router";
import { Ticket } from "~/components/icons";
import { Link } from "~/components/link";
import { LocalizedText, useLocalized } from "~/components/localized-text";
import { EmptyState } from "~/components/site/cards";
import { VoucherStatusBadge } from "~/components/site/voucher-status";
import { requireActor } from "~/lib/auth/guards.server";
import { errorResponse, readForm } from "~/lib/forms/form.server";
import { metaTags } from "~/lib/http/meta";
import { formatDate } from "~/lib/i18n/format";
import { useTranslation } from "~/lib/i18n/react";
import { messageKey } from "~/lib/i18n/keys";
import { claimVoucher, listMyVouchers } from "~/modules/voucher/index.server";
import type { Route } from "./+types/my-vouchers";

/** The service worker keeps My vouchers on the resident's device, to open at a counter without a signal. */
export const headers: Route.HeadersFunction = () => ({ "X-Offline": "keep", "X-Offline-Kind": "vouchers" });

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireActor(request, context);
  return {
    vouchers: await listMyVouchers(actor),
    meta: { title: context.t("account:vouchers.title"), noindex: true },
  };
}

export const meta: Route.MetaFunction = ({ data, matches }) => metaTags(data?.meta, matches);

/** The resident is the session's user: nothing posted but the promotion's id is read. */
export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireActor(request, context);
  const form = await readForm(request);
  try {
    const voucher = await claimVoucher(actor, form.promotionId ?? "");
    return redirect(`/my-vouchers/${voucher.id}`);
  } catch (err) {
    return errorResponse(err, "site:vouchers.errors.failed");
  }
}

export default function MyVouchers({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("account");
  const text = useLocalized();
  const { vouchers } = loaderData;
  return (
    <main id="main" className="mx-auto max-w-4xl px-4 py-8 sm:py-10">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t("vouchers.title")}</h1>
      <p className="mt-1 text-slate-700">{t("vouchers.subtitle", { count: vouchers.length })}</p>
      {actionData && actionData.ok === false && actionData.formError && (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-red-800">
          {t(messageKey(actionData.formError), actionData.params ?? {})}
        </p>
      )}
      <div className="mt-6">
        {vouchers.length === 0 ? (
          <EmptyState message={t("vouchers.empty")} />
        ) : (
          <ul className="space-y-4">
            {vouchers.map((v) => (
              <li key={v.id} className="card flex flex-wrap items-center justify-between gap-3 p-4 sm:p-5">
                <div className="min-w-0">
                  <h2 className="text-lg font-semibold text-slate-900">
                    <Link to={`/my-vouchers/${v.id}`} className="link">
                      <LocalizedText value={text(v, "title")} />
                    </Link>
                  </h2>
                  <p className="text-sm text-slate-700">
                    {v.merchantName} · {t("vouchers.validUntil", { date: formatDate(v.validUntil, i18n.language) })}
                  </p>
                  <p className="mt-1 font-mono text-base tracking-widest text-slate-900" data-testid="voucher-code">
                    <Ticket aria-hidden="true" className="mr-1 inline size-4" />
                    {v.code}
                  </p>
                </div>
                <VoucherStatusBadge status={v.status} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </main>
  );
}
