/** The profile page's links to my reports and its notification settings (followed towns, this device's pushes). */
import { Bell, ClipboardList } from "~/components/icons";
import { Link } from "~/components/link";
import { FollowForm } from "~/components/site/follow-form";
import { PushDevice } from "~/components/site/push-device";
import { useTranslation } from "~/lib/i18n/react";

/** One followed municipality as the profile loader lists it. */
type Follow = {
  id: string;
  municipalitySlug: string;
  municipalityName: string;
  urgentAlerts: boolean;
  weeklyDigest: boolean;
};

/** A short section sending the person to the list of their reports. */
export function MyReportsSection() {
  const { t } = useTranslation("account");
  return (
    <section aria-labelledby="my-reports-title" className="card mt-6 p-6 sm:p-8">
      <h2 id="my-reports-title" className="flex items-center gap-2 text-xl font-bold">
        <ClipboardList aria-hidden="true" className="size-5 text-brand-700" />
        {t("myReports.title")}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t("profile.myReportsIntro")}</p>
      <Link to="/my-reports" className="btn-secondary mt-4">
        {t("profile.myReportsLink")}
      </Link>
    </section>
  );
}

/** The towns followed, each with its alert and digest choices, or a line offering to follow the home town. */
export function NotificationsSection({
  follows,
  homeMunicipality,
}: {
  follows: Follow[];
  homeMunicipality: { name: string; slug: string } | null;
}) {
  const { t } = useTranslation("account");
  return (
    <section id="notifications" aria-labelledby="notifications-title" className="card mt-6 p-6 sm:p-8">
      <h2 id="notifications-title" className="flex items-center gap-2 text-xl font-bold">
        <Bell aria-hidden="true" className="size-5 text-brand-700" />
        {t("notifications.title")}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t("notifications.intro")}</p>
      {follows.length === 0 ? (
        <p className="mt-4 text-slate-800">
          {t("notifications.empty")}{" "}
          {homeMunicipality && (
            <Link to={`/alerts/${homeMunicipality.slug}`} className="link">
              {t("notifications.followHome", { city: homeMunicipality.name })}
            </Link>
          )}
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200">
          {follows.map((f) => (
            <li key={f.id} className="py-4 first:pt-0 last:pb-0">
              <FollowForm
                slug={f.municipalitySlug}
                name={f.municipalityName}
                urgentAlerts={f.urgentAlerts}
                weeklyDigest={f.weeklyDigest}
                following
                legendIsName
              />
            </li>
          ))}
        </ul>
      )}
      <PushDevice following={follows.some((f) => f.urgentAlerts)} />
    </section>
  );
}
