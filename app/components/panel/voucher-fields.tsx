/** The promotion form's voucher settings: how many vouchers in all (empty: no limit) and per resident. */
import { TextField } from "~/components/form";
import { useTranslation } from "~/lib/i18n/react";

export function VoucherFields({
  row,
  fieldErrors,
}: {
  row?: { voucherStock?: number | null; voucherLimit?: number };
  fieldErrors: Record<string, string>;
}) {
  const { t } = useTranslation("merchant");
  return (
    <fieldset className="rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-800">{t("vouchers.fields.legend")}</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t("vouchers.fields.stock")}
          name="voucher_stock"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          defaultValue={row?.voucherStock ?? ""}
          hint={t("vouchers.fields.stockHint")}
          error={fieldErrors.voucher_stock}
        />
        <TextField
          label={t("vouchers.fields.limit")}
          name="voucher_limit"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          defaultValue={row?.voucherLimit ?? 1}
          hint={t("vouchers.fields.limitHint")}
          error={fieldErrors.voucher_limit}
        />
      </div>
    </fieldset>
  );
}
