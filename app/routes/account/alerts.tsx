import { Bell } from "~/components/icons";
import { data, redirect } from "react-router";
import { useTranslation } from "~/lib/i18n/react";
import { Link } from "~/components/link";
import { BackLink } from "~/components/site/cards";
import { FollowForm } from "~/components/site/follow-form";
import { UnverifiedNotice } from "~/components/site/unverified-notice";
import { isEmailVerified } from "~/modules/user/index.server";
import { errorResponse, parseWith, readForm } from "~/lib/forms/form.server";
import { requireActor } from "~/lib/auth/guards.server";
import { metaTags } from "~/lib/http/meta";
import { findActiveMunicipality, findMunicipalityAnyStatus } from "~/modules/municipality/index.server";
import { findFollow, saveFollow } from "~/modules/notification/index.server";
import { followSchema } from "~/modules/notification";
import type { Route } from "./+types/alerts";

/**
 * "Get alerts" for a municipality: urgent reports as they are approved and/or a weekly digest.
 * Guests are sent to /login and come back here.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const actor = await requireActor(request, context);
  const municipality = await findActiveMunicipality(params.municipality ?? "");
  if (!municipality) throw redirect("/404");
  const [follow, verified] = await Promise.all([findFollow(actor, municipality.id), isEmailVerified(actor.id)]);
  return {
    municipality: { name: municipality.name, slug: municipality.slug },
    verified,
    follow: follow ? { urgentAlerts: follow.urgentAlerts, weeklyDigest: follow.weeklyDigest } : null,
    meta: { title: context.t("account:alerts.title", { city: municipality.name }), noindex: true },
  };
}

export const meta: Route.MetaFunction = ({ data, matches }) => metaTags(data?.meta, matches);

export async function action({ request, params, context }: Route.ActionArgs) {
  const actor = await requireActor(request, context);
  const form = await readForm(request);
  // The municipality comes from the address, never from the form.
  const municipality = await findMunicipalityAnyStatus(params.municipality ?? "");
  if (!municipality) return data({ ok: false as const, formError: "errors.notFound" }, { status: 404 });
  if (form.intent !== "save" && form.intent !== "unfollow") {
    return data({ ok: false as const, formError: "validation.malformed" }, { status: 400 });
  }
  const unfollow = form.intent === "unfollow";
  const parsed = parseWith(followSchema, {
    municipalityId: municipality.id,
    urgentAlerts: unfollow ? "false" : form.urgentAlerts,
    weeklyDigest: unfollow ? "false" : form.weeklyDigest,
  });
  if (!parsed.ok) {
    return data(
      { ok: false as const, formError: Object.values(parsed.fieldErrors)[0] ?? "validation.invalid" },
      { status: 400 },
    );
  }
  try {
    const result = await saveFollow(actor, parsed.data);
    return { ok: true as const, result };
  } catch (err) {
    return errorResponse(err, "account:alerts.failed");
  }
}

export default function Alerts({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  const { municipality, follow } = loaderData;
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-8 sm:py-12">
      <BackLink to={`/${municipality.slug}`}>{t("alerts.back", { city: municipality.name })}</BackLink>
      <div className="card mt-3 p-6 sm:p-8">
        <h1 className="flex items-center gap-2 text-2xl font-bold">
          <Bell aria-hidden="true" className="size-6 text-brand-700" />
          {t("alerts.title", { city: municipality.name })}
        </h1>
        <p className="mt-2 text-slate-700">{t("alerts.intro", { city: municipality.name })}</p>
        {!loaderData.verified && (
          <div className="mt-4">
            <UnverifiedNotice />
          </div>
        )}
        <div className="mt-6">
          <FollowForm
            slug={municipality.slug}
            name={municipality.name}
            urgentAlerts={follow?.urgentAlerts ?? true}
            weeklyDigest={follow?.weeklyDigest ?? true}
            following={!!follow}
          />
        </div>
        <p className="mt-4 text-sm text-slate-700">
          {t("alerts.manage")}{" "}
          <Link to="/profile#notifications" className="link">
            {t("alerts.manageLink")}
          </Link>
        </p>
      </div>
    </main>
  );
}
