/**
 * The translation part of a content form, one component for every panel form: the original
 * language (a select: the form's main fields are written in it) and a tab for each other language with the
 * same fields, none required. Tabs follow the WAI-ARIA tabs pattern (role tablist/tab/tabpanel, arrow keys,
 * Home/End, roving tabindex) behind a disclosure button; every text stays in the form, so hidden tabs and a
 * closed disclosure are posted too. A live line says which languages are still missing. The server parses the fields with lib/i18n/translations.schema.ts.
 * A translation whose original changed after it was written (lib/i18n/translation-sources.ts) is marked "may be
 * out of date" (the line, its tab and its fields) until it is edited or its language's "still right" box is ticked.
 */
import { type KeyboardEvent, useId, useRef, useState } from "react";
import { SelectField, TextArea, TextField } from "~/components/form";
import { LOCALES, type Locale, isLocale } from "~/lib/i18n";
import { useTranslation } from "~/lib/i18n/react";
import { originalLocaleOf } from "~/lib/i18n/localized";
import { type SourcedRow, staleTranslations } from "~/lib/i18n/translation-sources";
import { translationCheckedName, translationFieldName } from "~/lib/i18n/translations.schema";

type TranslatableFieldSpec = {
  /** The translation key of the field ("title", "description", "terms", "name"). */
  name: string;
  /** The label of the original field, shown with the language ("Title in French"). */
  label: string;
  multiline?: boolean;
};

type Texts = Partial<Record<Locale, Record<string, string>>>;

export function TranslationFields({
  fields,
  row,
  fieldErrors,
}: {
  fields: TranslatableFieldSpec[];
  row?: SourcedRow | null;
  fieldErrors: Record<string, string>;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [original, setOriginal] = useState<Locale>(() =>
    row ? originalLocaleOf(row) : isLocale(i18n.language) ? i18n.language : "en",
  );
  const [texts, setTexts] = useState<Texts>(() => {
    const out: Texts = {};
    for (const l of LOCALES) out[l] = { ...(row?.translations?.[l] ?? {}) };
    return out;
  });
  const others = LOCALES.filter((l) => l !== original);
  const withError = others.find((l) => fields.some((f) => fieldErrors[translationFieldName(l, f.name)]));
  const [selected, setSelected] = useState<Locale>(withError ?? others[0]);
  // The tabs open on demand (a disclosure), or at once when a translation has an error; closed, the texts are
  // still posted (hidden inputs), so saving the main fields never drops a translation.
  const [open, setOpen] = useState(!!withError);
  const active = others.includes(selected) ? selected : others[0];
  const tabs = useRef<Partial<Record<Locale, HTMLButtonElement | null>>>({});
  const name = (l: Locale) => t(`contentLanguage.names.${l}`);
  const has = (l: Locale) => fields.some((f) => (texts[l]?.[f.name] ?? "").trim() !== "");
  const missing = others.filter((l) => !has(l));
  // Marked while the stored text is still there unchanged and the language was not confirmed as still right.
  const [stale] = useState(() => staleTranslations(row));
  const [checked, setChecked] = useState<Partial<Record<Locale, boolean>>>({});
  const isStale = (l: Locale, field: string) =>
    !checked[l] && !!stale[l]?.includes(field) && texts[l]?.[field] === row?.translations?.[l]?.[field];
  const outdated = others.filter((l) => fields.some((f) => isStale(l, f.name)));

  function onKeyDown(e: KeyboardEvent<HTMLButtonElement>) {
    const at = others.indexOf(active);
    const next =
      e.key === "ArrowRight"
        ? others[(at + 1) % others.length]
        : e.key === "ArrowLeft"
          ? others[(at - 1 + others.length) % others.length]
          : e.key === "Home"
            ? others[0]
            : e.key === "End"
              ? others[others.length - 1]
              : null;
    if (!next) return;
    e.preventDefault();
    setSelected(next);
    tabs.current[next]?.focus();
  }

  return (
    <fieldset className="rounded-lg border border-slate-200 p-4" data-translation-fields>
      <legend className="px-1 text-sm font-semibold text-slate-800">{t("contentLanguage.translations")}</legend>
      <SelectField
        label={t("contentLanguage.original")}
        name="original_locale"
        value={original}
        onChange={(e) => isLocale(e.target.value) && setOriginal(e.target.value)}
        hint={t("contentLanguage.originalHint")}
        error={fieldErrors.original_locale}
      >
        {LOCALES.map((l) => (
          <option key={l} value={l}>
            {name(l)}
          </option>
        ))}
      </SelectField>
      <p className="mt-3 text-sm text-slate-700">{t("contentLanguage.translationsHint")}</p>
      <p className="mt-1 text-sm font-medium text-slate-800" aria-live="polite" data-missing-languages>
        {missing.length
          ? t("contentLanguage.missing", { languages: missing.map(name).join(", ") })
          : t("contentLanguage.complete")}
      </p>
      {outdated.length > 0 && (
        <p className="mt-1 text-sm font-medium text-amber-800" data-outdated-languages>
          {t("contentLanguage.outdated", { languages: outdated.map(name).join(", ") })}
        </p>
      )}
      <button
        type="button"
        aria-expanded={open}
        aria-controls={`${id}-tabs`}
        onClick={() => setOpen((o) => !o)}
        className="btn-secondary mt-3"
      >
        {open ? t("contentLanguage.hide") : t("contentLanguage.show")}
      </button>
      <div id={`${id}-tabs`} hidden={!open}>
        {open ? (
          <>
            <div
              role="tablist"
              aria-label={t("contentLanguage.translations")}
              className="mt-3 flex gap-1 border-b border-slate-200"
            >
              {others.map((l) => (
                <button
                  key={l}
                  ref={(el) => {
                    tabs.current[l] = el;
                  }}
                  type="button"
                  role="tab"
                  id={`${id}-tab-${l}`}
                  aria-selected={l === active}
                  aria-controls={`${id}-panel-${l}`}
                  tabIndex={l === active ? 0 : -1}
                  onClick={() => setSelected(l)}
                  onKeyDown={onKeyDown}
                  className={`-mb-px rounded-t-md border px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
                    l === active
                      ? "border-slate-200 border-b-white bg-white text-slate-900"
                      : "border-transparent text-slate-700 hover:text-slate-900"
                  }`}
                >
                  {outdated.includes(l)
                    ? t("contentLanguage.tabOutdated", { language: name(l) })
                    : has(l)
                      ? t("contentLanguage.tabDone", { language: name(l) })
                      : t("contentLanguage.tabMissing", { language: name(l) })}
                </button>
              ))}
            </div>
            {others.map((l) => (
              <div
                key={l}
                role="tabpanel"
                id={`${id}-panel-${l}`}
                aria-labelledby={`${id}-tab-${l}`}
                hidden={l !== active}
                className="space-y-4 pt-4"
              >
                {stale[l]?.length ? (
                  <OutdatedCheck
                    id={`${id}-checked-${l}`}
                    locale={l}
                    language={name(l)}
                    checked={!!checked[l]}
                    onChange={(value) => setChecked((prev) => ({ ...prev, [l]: value }))}
                  />
                ) : null}
                {fields.map((f) => {
                  const Field = f.multiline ? TextArea : TextField;
                  const fieldName = translationFieldName(l, f.name);
                  return (
                    <Field
                      key={fieldName}
                      id={`${id}-${fieldName}`}
                      label={t("contentLanguage.field", { field: f.label, language: name(l) })}
                      lang={l}
                      name={fieldName}
                      value={texts[l]?.[f.name] ?? ""}
                      onChange={(e: { target: { value: string } }) =>
                        setTexts((prev) => ({ ...prev, [l]: { ...prev[l], [f.name]: e.target.value } }))
                      }
                      error={fieldErrors[fieldName]}
                      hint={isStale(l, f.name) ? t("contentLanguage.fieldOutdated") : undefined}
                    />
                  );
                })}
              </div>
            ))}
          </>
        ) : (
          others.flatMap((l) => [
            ...fields.map((f) => (
              <input
                key={`${l}-${f.name}`}
                type="hidden"
                name={translationFieldName(l, f.name)}
                value={texts[l]?.[f.name] ?? ""}
              />
            )),
            checked[l] ? (
              <input key={`${l}-checked`} type="hidden" name={translationCheckedName(l)} value="on" />
            ) : null,
          ])
        )}
      </div>
    </fieldset>
  );
}

/** A marked language's note, with the box that confirms its translation as still right for the original. */
function OutdatedCheck({
  id,
  locale,
  language,
  checked,
  onChange,
}: {
  id: string;
  locale: Locale;
  language: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
      <p>{t("contentLanguage.outdatedNote", { language })}</p>
      <div className="mt-2 flex items-start gap-2">
        <input
          id={id}
          type="checkbox"
          name={translationCheckedName(locale)}
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          className="mt-0.5 size-5 rounded border-slate-400 accent-brand-600"
        />
        <label htmlFor={id} className="font-medium">
          {t("contentLanguage.stillRight", { language })}
        </label>
      </div>
    </div>
  );
}
