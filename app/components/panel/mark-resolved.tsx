/**
 * The moderator's "Mark resolved" button for an approved report, with its own dialog (an optional note, mailed
 * to the reporter). It posts to its own resource route, so any reports screen can place it next to a report.
 */
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { CheckCircle2 } from "~/components/icons";
import { type FormResult, FormMessage, TextArea, useFormResult } from "~/components/form";
import { Dialog } from "~/components/ui/dialog";
import { Badge, type Tone } from "~/components/ui/badge";
import { useTranslation } from "~/lib/i18n/react";
import { truncate } from "~/lib/i18n/format";
import { oneOf } from "~/lib/i18n/keys";
import { REPORT_STATUSES } from "@db/schema/enums";
import { MODERATION_NOTE_MAX } from "~/modules/report";

const RESOLVE_PATH = "/admin/reports/resolve";
const CLOSE_AFTER_MS = 1500;

export function MarkResolved({
  report,
}: {
  report: { id: string; description: string; resolvedAt: Date | string | null };
}) {
  const { t } = useTranslation("admin");
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<FormResult>();
  const submitted = useRef(false);
  const [result, setResult] = useState<FormResult | null>(null);
  const busy = fetcher.state !== "idle";
  const { fieldErrors, error, success } = useFormResult(result);

  useEffect(() => {
    if (submitted.current && fetcher.state === "idle" && fetcher.data) {
      submitted.current = false;
      setResult(fetcher.data);
    }
  }, [fetcher.state, fetcher.data]);
  // The list is read again by itself after the post (the report now shows as resolved); the dialog, which
  // stays mounted while the button goes, shows the success and then closes.
  useEffect(() => {
    if (!result?.ok) return;
    const id = setTimeout(() => setOpen(false), CLOSE_AFTER_MS);
    return () => clearTimeout(id);
  }, [result]);

  return (
    <>
      {!report.resolvedAt && (
        <button
          type="button"
          className="btn-secondary px-3 py-1 text-green-800"
          onClick={() => {
            setResult(null);
            setOpen(true);
          }}
        >
          <CheckCircle2 aria-hidden="true" className="size-4" />
          {t("reportResolve.button")}
          <span className="sr-only">: {truncate(report.description, 20)}</span>
        </button>
      )}
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={t("reportResolve.title")}
        description={t("reportResolve.intro")}
      >
        <fetcher.Form
          method="post"
          action={RESOLVE_PATH}
          noValidate
          className="space-y-4"
          onSubmit={() => {
            submitted.current = true;
            setResult(null);
          }}
        >
          <input type="hidden" name="intent" value="resolve" />
          <input type="hidden" name="id" value={report.id} />
          <FormMessage error={error} success={success} />
          <TextArea
            label={t("reportResolve.noteLabel")}
            name="note"
            maxLength={MODERATION_NOTE_MAX}
            hint={t("reportResolve.noteHint")}
            error={fieldErrors.note}
          />
          <div className="flex justify-end gap-2 pt-2">
            <button type="button" className="btn-secondary" onClick={() => setOpen(false)}>
              {t("common:cancel")}
            </button>
            <button type="submit" className="btn-primary" disabled={busy || result?.ok === true}>
              {busy ? t("reportResolve.working") : t("reportResolve.submit")}
            </button>
          </div>
        </fetcher.Form>
      </Dialog>
    </>
  );
}

const STATUS_TONE: Record<string, Tone> = { pending: "amber", approved: "green", rejected: "slate" };

/** A report's status for the moderator, plus "Resolved" and "Shown as Anonymous" where they apply. */
export function ReportStatusBadges({
  report,
}: {
  report: { status: string; resolvedAt: Date | string | null; showName: boolean };
}) {
  const { t } = useTranslation("admin");
  const status = oneOf(REPORT_STATUSES, report.status);
  return (
    <div className="flex flex-wrap gap-1">
      <Badge tone={STATUS_TONE[report.status]}>{status ? t(`reports.statuses.${status}`) : report.status}</Badge>
      {report.resolvedAt && <Badge tone="green">{t("reportResolve.resolved")}</Badge>}
      {!report.showName && <Badge tone="slate">{t("reportResolve.anonymousPublic")}</Badge>}
    </div>
  );
}
