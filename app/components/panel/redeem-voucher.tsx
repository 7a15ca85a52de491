/**
 * The merchant's "Redeem a voucher" screen, made for a phone at the till: scan or type the code, see the deal
 * and the resident's first name, then mark it redeemed. Every answer is announced (a live region).
 */
import { useCallback, useRef } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import { CheckCircle2, Ticket } from "~/components/icons";
import { LocalizedText, useLocalized } from "~/components/localized-text";
import { PageHeading } from "~/components/page-heading";
import { formatDate, formatDateTime } from "~/lib/i18n/format";
import { useTranslation } from "~/lib/i18n/react";
import { messageKey } from "~/lib/i18n/keys";
import { QrScanner } from "./qr-scanner";

type CounterVoucher = {
  code: string;
  title: string;
  originalLocale: string;
  translations: Record<string, Record<string, string>>;
  price: string | null;
  originalPrice: string | null;
  discount: string | null;
  validUntil: string;
  claimedAt: string;
  redeemedAt: string | null;
  firstName: string | null;
};

type Answer =
  | { ok: true; intent: "check" | "redeem"; voucher: CounterVoucher }
  | { ok: false; intent: "check" | "redeem"; formError?: string; params?: Record<string, string> };

function useMessage() {
  const { t, i18n } = useTranslation("merchant");
  return (key: string, params: Record<string, string> = {}) =>
    t(messageKey(key), {
      ...params,
      ...(params.at ? { at: formatDateTime(params.at, i18n.language) } : {}),
      ...(params.date ? { date: formatDate(params.date, i18n.language) } : {}),
    });
}

function VoucherResult({ answer }: { answer: Extract<Answer, { ok: true }> }) {
  const { t, i18n } = useTranslation("merchant");
  const v = answer.voucher;
  const text = useLocalized();
  const deal = v.discount ?? [v.price, v.originalPrice && `(${v.originalPrice})`].filter(Boolean).join(" ");
  return (
    <section className="card space-y-3 p-5" aria-labelledby="redeem-result" data-testid="redeem-result">
      <h2 id="redeem-result" className="text-lg font-semibold text-slate-900">
        <LocalizedText value={text(v, "title")} />
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-medium text-slate-700">{t("redeem.code")}</dt>
        <dd className="font-mono tracking-widest text-slate-900">{v.code}</dd>
        {deal && (
          <>
            <dt className="font-medium text-slate-700">{t("redeem.deal")}</dt>
            <dd className="text-slate-900">{deal}</dd>
          </>
        )}
        <dt className="font-medium text-slate-700">{t("redeem.resident")}</dt>
        <dd className="text-slate-900" data-testid="redeem-first-name">
          {v.firstName ?? t("redeem.deletedAccount")}
        </dd>
        <dt className="font-medium text-slate-700">{t("redeem.validUntil")}</dt>
        <dd className="text-slate-900">{formatDate(v.validUntil, i18n.language)}</dd>
      </dl>
      {answer.intent === "redeem" && v.redeemedAt ? (
        <p className="flex items-center gap-2 font-semibold text-green-800" data-testid="redeem-done">
          <CheckCircle2 aria-hidden="true" className="size-5" />
          {t("redeem.done", { at: formatDateTime(v.redeemedAt, i18n.language) })}
        </p>
      ) : (
        <Form method="post">
          <input type="hidden" name="intent" value="redeem" />
          <input type="hidden" name="code" value={v.code} />
          <button type="submit" className="btn-primary w-full sm:w-auto">
            <Ticket aria-hidden="true" className="size-4" />
            {t("redeem.markRedeemed")}
          </button>
        </Form>
      )}
    </section>
  );
}

export function RedeemScreen({ answer }: { answer?: Answer }) {
  const { t } = useTranslation("merchant");
  const message = useMessage();
  const submit = useSubmit();
  const busy = useNavigation().state === "submitting";
  const form = useRef<HTMLFormElement>(null);
  const onCode = useCallback(
    (text: string) => {
      const input = form.current?.elements.namedItem("code") as HTMLInputElement | null;
      if (input) input.value = text;
      if (form.current) submit(form.current);
    },
    [submit],
  );
  const error = answer && answer.ok === false ? message(answer.formError ?? "errors.generic", answer.params) : "";
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <PageHeading title={t("redeem.title")}>
        <p>{t("redeem.intro")}</p>
      </PageHeading>
      <QrScanner onCode={onCode} />
      <Form method="post" ref={form} className="card space-y-3 p-5">
        <input type="hidden" name="intent" value="check" />
        <label htmlFor="redeem-code" className="label">
          {t("redeem.codeLabel")}
        </label>
        <input
          id="redeem-code"
          name="code"
          className="input font-mono text-lg uppercase tracking-widest"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          required
          aria-describedby="redeem-code-hint redeem-message"
          aria-invalid={error ? true : undefined}
        />
        <p id="redeem-code-hint" className="text-xs text-slate-600">
          {t("redeem.codeHint")}
        </p>
        <button type="submit" className="btn-primary" disabled={busy}>
          {t("redeem.check")}
        </button>
      </Form>
      <p id="redeem-message" role="alert" className="text-sm font-medium text-red-700" data-testid="redeem-error">
        {error}
      </p>
      {answer?.ok === true && <VoucherResult answer={answer} />}
    </div>
  );
}
