/**
 * The alert choice for one municipality: urgent reports as they are approved and/or the weekly
 * digest. Posts to /alerts/{municipality}; used on that page and in the Notifications section of /profile.
 */
import { Bell, Loader2 } from "~/components/icons";
import { useFetcher } from "react-router";
import { useTranslation } from "~/lib/i18n/react";
import { messageKey } from "~/lib/i18n/keys";

type FollowFormProps = {
  slug: string;
  name: string;
  urgentAlerts: boolean;
  weeklyDigest: boolean;
  following: boolean;
  /** Shows the municipality name as the group's legend (profile list) instead of a generic one. */
  legendIsName?: boolean;
};

type Result = { ok: true; result: "saved" | "removed" } | { ok: false; formError: string };

export function FollowForm({ slug, name, urgentAlerts, weeklyDigest, following, legendIsName }: FollowFormProps) {
  const { t } = useTranslation("account");
  const fetcher = useFetcher<Result>();
  const busy = fetcher.state !== "idle";
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const id = `follow-${slug}`;
  return (
    <fetcher.Form method="post" action={`/alerts/${slug}`} className="space-y-3">
      <fieldset className="space-y-2">
        <legend className="font-semibold text-slate-900">
          {legendIsName ? name : t("alerts.legend", { city: name })}
        </legend>
        {(
          [
            ["urgent", "urgentAlerts", urgentAlerts, "alerts.urgent"],
            ["digest", "weeklyDigest", weeklyDigest, "alerts.digest"],
          ] as const
        ).map(([suffix, field, checked, label]) => (
          <div key={field} className="flex items-start gap-2">
            <input
              id={`${id}-${suffix}`}
              type="checkbox"
              name={field}
              defaultChecked={checked}
              className="mt-1 size-4 accent-brand-700"
            />
            <label htmlFor={`${id}-${suffix}`} className="text-slate-800">
              {t(label)}
            </label>
          </div>
        ))}
      </fieldset>
      <div className="flex flex-wrap items-center gap-2">
        <button type="submit" name="intent" value="save" className="btn-primary" disabled={busy}>
          {busy ? (
            <Loader2 aria-hidden="true" className="size-4 animate-spin" />
          ) : (
            <Bell aria-hidden="true" className="size-4" />
          )}
          {legendIsName ? t("alerts.saveFor", { city: name }) : t("alerts.save")}
        </button>
        {following && (
          <button type="submit" name="intent" value="unfollow" className="btn-secondary" disabled={busy}>
            {legendIsName ? t("alerts.stopFor", { city: name }) : t("alerts.stop")}
          </button>
        )}
      </div>
      <p aria-live="polite" className="min-h-5 text-sm">
        {result?.ok === true && (
          <span className="text-brand-800">
            {t(result.result === "removed" ? "alerts.removed" : "alerts.saved", { city: name })}
          </span>
        )}
        {result?.ok === false && <span className="text-red-700">{t(messageKey(result.formError))}</span>}
      </p>
    </fetcher.Form>
  );
}
