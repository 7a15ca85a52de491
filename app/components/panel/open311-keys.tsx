/**
 * The admin panel's Open311 keys: a form that issues a key (shown once, here, until the administrator says it is
 * copied) and the table of keys with their use and a revoke button behind a confirmation.
 */
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Loader2 } from "~/components/icons";
import { CrudDialog, DataTable, useCrud } from "~/components/crud";
import { FormMessage, type FormResult, TextField, useFormResult } from "~/components/form";
import { Badge } from "~/components/ui/badge";
import { announce } from "~/components/ui/announcer";
import { formatDateTime } from "~/lib/i18n/format";
import { useTranslation } from "~/lib/i18n/react";

type KeyListRow = {
  id: string;
  name: string;
  keyPrefix: string;
  createdByName: string | null;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
};

/** What the issue action answers: the usual form result, and the key once. */
type IssueResult = FormResult & { key?: string };

export function IssueKeyForm() {
  const { t } = useTranslation();
  const fetcher = useFetcher<IssueResult>();
  const busy = fetcher.state !== "idle";
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const { fieldErrors, error, success } = useFormResult(result);
  const [shownKey, setShownKey] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const keyRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!result?.ok || !result.key) return;
    setShownKey(result.key);
    formRef.current?.reset();
  }, [result]);
  useEffect(() => {
    if (!shownKey) return;
    if (success) announce(success);
    keyRef.current?.focus();
    keyRef.current?.select();
  }, [shownKey, success]);

  return (
    <section aria-labelledby="issue-key-title" className="card space-y-4 p-4 sm:p-6">
      <h2 id="issue-key-title" className="text-lg font-semibold text-slate-900">
        {t("admin:open311.issueTitle")}
      </h2>
      <fetcher.Form ref={formRef} method="post" noValidate className="space-y-4">
        <input type="hidden" name="intent" value="issue" />
        <FormMessage error={error} success={success} />
        <TextField
          label={t("admin:open311.name")}
          name="name"
          required
          maxLength={120}
          autoComplete="off"
          hint={t("admin:open311.nameHint")}
          error={fieldErrors.name}
        />
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy && <Loader2 aria-hidden="true" className="size-4 animate-spin" />}
          {busy ? t("admin:open311.issuing") : t("admin:open311.issue")}
        </button>
      </fetcher.Form>
      {shownKey && (
        <div className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-4">
          <label htmlFor="new-open311-key" className="label">
            {t("admin:open311.newKey")}
          </label>
          <input
            ref={keyRef}
            id="new-open311-key"
            readOnly
            value={shownKey}
            className="input font-mono text-sm"
            aria-describedby="new-open311-key-hint"
            onFocus={(e) => e.currentTarget.select()}
          />
          <p id="new-open311-key-hint" className="text-sm text-amber-900">
            {t("admin:open311.copyNow")}
          </p>
          <button type="button" className="btn-secondary" onClick={() => setShownKey(null)}>
            {t("admin:open311.dismiss")}
          </button>
        </div>
      )}
    </section>
  );
}

export function KeyTable({ rows, error }: { rows: KeyListRow[]; error: string | null }) {
  const { t, i18n } = useTranslation();
  const crud = useCrud<KeyListRow>();
  const revoking = crud.mode.kind === "revoke" ? (crud.mode.row as KeyListRow) : null;
  const when = (iso: string) => <time dateTime={iso}>{formatDateTime(iso, i18n.language)}</time>;
  return (
    <>
      <DataTable
        caption={t("admin:open311.listTitle")}
        rows={rows}
        rowKey={(r) => r.id}
        error={error}
        emptyMessage={t("admin:open311.empty")}
        columns={[
          {
            key: "name",
            header: t("admin:open311.name"),
            cell: (r) => (
              <div>
                <div className="font-medium text-slate-900">{r.name}</div>
                <code className="break-all text-xs text-slate-600">{r.keyPrefix}…</code>
              </div>
            ),
          },
          {
            key: "createdBy",
            header: t("admin:open311.createdBy"),
            cell: (r) => (
              <div>
                <div>{r.createdByName ?? t("admin:open311.deletedAccount")}</div>
                <div className="text-xs text-slate-600">{when(r.createdAt)}</div>
              </div>
            ),
            className: "hidden md:table-cell",
          },
          {
            key: "lastUsed",
            header: t("admin:open311.lastUsed"),
            cell: (r) => (r.lastUsedAt ? when(r.lastUsedAt) : t("admin:open311.never")),
          },
          {
            key: "status",
            header: t("admin:open311.status"),
            cell: (r) =>
              r.revokedAt ? (
                <Badge tone="slate">
                  {t("admin:open311.revoked", { date: formatDateTime(r.revokedAt, i18n.language) })}
                </Badge>
              ) : (
                <Badge tone="green">{t("admin:open311.active")}</Badge>
              ),
          },
          {
            key: "actions",
            header: <span className="sr-only">{t("admin:open311.revoke")}</span>,
            cell: (r) =>
              r.revokedAt ? null : (
                <button
                  type="button"
                  className="btn-ghost px-3 py-1 text-red-700 hover:bg-red-50"
                  aria-label={t("admin:open311.revokeLabel", { name: r.name })}
                  onClick={() => crud.open({ kind: "revoke", row: r })}
                >
                  {t("admin:open311.revoke")}
                </button>
              ),
          },
        ]}
      />
      <CrudDialog
        open={!!revoking}
        onClose={crud.close}
        title={t("admin:open311.revokeTitle")}
        description={revoking ? t("admin:open311.revokeConfirm", { name: revoking.name }) : undefined}
        intent="revoke"
        kind="confirm"
        danger
        submitLabel={t("admin:open311.revoke")}
        busyLabel={t("admin:open311.revoking")}
        hidden={revoking ? { id: revoking.id } : {}}
        fetcher={crud.fetcher}
      />
    </>
  );
}
