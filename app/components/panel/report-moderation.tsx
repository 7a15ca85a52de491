/**
 * The pieces of report moderation shared by the queue (routes/admin/reports.tsx) and a report opened in full
 * (routes/admin/report-detail.tsx): the photo, the approve/reject/delete dialogs with the number of followers an
 * approval mails, the queue's filters and the "likely duplicate" flag.
 */
import { useState } from "react";
import { Form, useSearchParams } from "react-router";
import { CrudDialog, type useCrud } from "~/components/crud";
import { SelectField, TextArea } from "~/components/form";
import { Picture } from "~/components/picture";
import { Badge } from "~/components/ui/badge";
import { REPORT_REJECTION_REASONS, REPORT_STATUSES, REPORT_TYPES } from "@db/schema/enums";
import { truncate } from "~/lib/i18n/format";
import { useTranslation } from "~/lib/i18n/react";
import { isOutsideImage } from "~/modules/media";
import { MODERATION_NOTE_MAX, isUrgentType } from "~/modules/report";

/** The host an outside address names, for the button that loads it (the address itself when unparsable). */
function hostOf(url: string): string {
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}

/**
 * A report's photo. An upload (a path on this site) shows at once; an address on another website is loaded
 * only when the moderator asks, since any account can file a report whose picture tells its site the
 * moderator's address and when they moderate.
 */
export function ReportPhoto({ url, large = false }: { url: string; large?: boolean }) {
  const { t } = useTranslation();
  const [load, setLoad] = useState(false);
  const outside = isOutsideImage(url);
  if (outside && !load) {
    return (
      <button type="button" className="btn-secondary mb-1 px-2 py-1 text-xs" onClick={() => setLoad(true)}>
        {t("admin:reports.loadOutside", { host: hostOf(url) })}
      </button>
    );
  }
  const alt = t("common:media.photo");
  const box = large
    ? { width: 640, height: 360, className: "aspect-video w-full max-w-xl rounded-lg bg-slate-100 object-contain" }
    : { width: 96, height: 54, className: "aspect-video w-24 rounded bg-slate-100 object-cover" };
  return (
    // The photo the moderator decides on: private to admins until approved.
    <a href={url} className={large ? "block max-w-xl" : "mb-1 block w-24"} target="_blank" rel="noreferrer">
      {outside ? (
        <img src={url} alt={alt} referrerPolicy="no-referrer" {...box} />
      ) : (
        <Picture src={url} alt={alt} sizes={large ? "(min-width: 640px) 576px, 100vw" : "96px"} {...box} />
      )}
    </a>
  );
}

/** What a decision dialog says about its report. */
type DecisionRow = {
  id: string;
  type: string;
  description: string;
  municipalityName: string;
  followers: number;
};

/** Who an approval mails: the followers of an urgent report's town, none for an informative one. */
export function followersNote(t: ReturnType<typeof useTranslation>["t"], row: DecisionRow): string {
  if (!isUrgentType(row.type)) return t("admin:moderation.followersInformative");
  if (row.followers === 0) return t("admin:moderation.followersNone", { municipality: row.municipalityName });
  return t("admin:moderation.followers", { count: row.followers, municipality: row.municipalityName });
}

/** Approve, reject (with an optional reason) and delete, for the row the screen's `crud` has open. */
type DecisionCrud = Pick<ReturnType<typeof useCrud>, "close" | "fetcher"> & { mode: { kind: string } };

export function ReportDecisionDialogs({ crud, row }: { crud: DecisionCrud; row?: DecisionRow }) {
  const { t } = useTranslation();
  const { mode } = crud;
  const approveText = row && (
    <>
      {t("admin:reports.approveConfirm", { municipality: row.municipalityName })}{" "}
      <strong data-testid="approve-followers">{followersNote(t, row)}</strong>
    </>
  );
  const dialogs = [
    ["approve", "approveTitle", approveText],
    ["reject", "rejectTitle", t("admin:reports.rejectConfirm")],
    ["delete", "deleteTitle", row && t("admin:reports.deleteConfirm", { description: truncate(row.description, 20) })],
  ] as const;
  return dialogs.map(([intent, title, description]) => (
    <CrudDialog
      key={intent}
      open={mode.kind === intent}
      onClose={crud.close}
      title={t(`admin:reports.${title}`)}
      description={description || undefined}
      intent={intent}
      kind={intent === "delete" ? "delete" : "confirm"}
      danger={intent === "reject"}
      submitLabel={t(`admin:reports.${intent === "approve" ? "approve" : "reject"}`)}
      busyLabel={t(`admin:reports.${intent === "approve" ? "approving" : "rejecting"}`)}
      fetcher={crud.fetcher}
      hidden={row ? { id: row.id } : {}}
    >
      {intent === "reject" ? ({ fieldErrors }) => <RejectFields fieldErrors={fieldErrors} /> : undefined}
    </CrudDialog>
  ));
}

function RejectFields({ fieldErrors }: { fieldErrors: Record<string, string> }) {
  const { t } = useTranslation();
  return (
    <>
      <SelectField label={t("admin:reports.reasonLabel")} name="reason" defaultValue="" error={fieldErrors.reason}>
        <option value="">{t("admin:reports.reasonNone")}</option>
        {REPORT_REJECTION_REASONS.map((r) => (
          <option key={r} value={r}>
            {t(`site:reportReasons.${r}`)}
          </option>
        ))}
      </SelectField>
      <TextArea
        label={t("admin:reports.noteLabel")}
        name="note"
        maxLength={MODERATION_NOTE_MAX}
        hint={t("admin:reports.noteHint")}
        error={fieldErrors.note}
      />
    </>
  );
}

/** The queue's status and type filters (a GET form, so the filtered list has its own address). */
export function QueueFilters() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  return (
    <Form
      method="get"
      className="flex flex-col gap-2 sm:flex-row sm:items-end"
      aria-label={t("admin:moderation.filters")}
    >
      {params.get("q") && <input type="hidden" name="q" value={params.get("q") ?? ""} />}
      <SelectField
        label={t("admin:reports.status")}
        name="status"
        id="filter-status"
        defaultValue={params.get("status") ?? ""}
      >
        <option value="">{t("admin:moderation.allStatuses")}</option>
        {REPORT_STATUSES.map((s) => (
          <option key={s} value={s}>
            {t(`admin:reports.statuses.${s}`)}
          </option>
        ))}
      </SelectField>
      <SelectField label={t("admin:reports.type")} name="type" id="filter-type" defaultValue={params.get("type") ?? ""}>
        <option value="">{t("admin:moderation.allTypes")}</option>
        {REPORT_TYPES.map((type) => (
          <option key={type} value={type}>
            {t(`admin:reports.types.${type}`)}
          </option>
        ))}
      </SelectField>
      <button type="submit" className="btn-secondary">
        {t("admin:moderation.filter")}
      </button>
    </Form>
  );
}

/** The flag on a report that reads like another one filed in the same town within a day. */
export function DuplicateFlag({ count }: { count: number }) {
  const { t } = useTranslation();
  if (count === 0) return null;
  return <Badge tone="violet">{t("admin:moderation.duplicates", { count })}</Badge>;
}
