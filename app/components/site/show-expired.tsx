/** The promotions list's "show expired" filter: expired promotions stay findable, but only when asked. */
import { useTranslation } from "~/lib/i18n/react";

export function ShowExpiredToggle({ checked }: { checked: boolean }) {
  const { t } = useTranslation("site");
  return (
    <label className="flex min-h-10 items-center gap-2 text-sm text-slate-800">
      <input type="checkbox" name="expired" value="1" defaultChecked={checked} className="size-4 accent-brand-600" />
      {t("vouchers.showExpired")}
    </label>
  );
}
