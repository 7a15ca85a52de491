/**
 * The promotion form's tags: one checkbox per tag of the fixed list (each posted under its own name, since a
 * form keeps one value per name), and a marker saying the form carries tags so none checked clears them.
 */
import { PROMOTION_TAGS } from "@db/schema/enums";
import { messageKey } from "~/lib/i18n/keys";
import { useTranslation } from "~/lib/i18n/react";
import { TAGS_POSTED, tagFieldName } from "~/modules/promotion";

export function PromotionTagsField({ value, error }: { value?: readonly string[] | null; error?: string }) {
  const { t } = useTranslation("merchant");
  const chosen = new Set(value ?? []);
  return (
    <fieldset
      className="rounded-lg border border-slate-200 p-4"
      aria-describedby={error ? "f-tags-hint f-tags-error" : "f-tags-hint"}
    >
      <legend className="px-1 text-sm font-semibold text-slate-800">{t("promotions.fields.tags")}</legend>
      <input type="hidden" name={TAGS_POSTED} value="1" />
      <p id="f-tags-hint" className="text-xs text-slate-600">
        {t("promotions.fields.tagsHint")}
      </p>
      <div className="mt-3 grid gap-2 sm:grid-cols-2">
        {PROMOTION_TAGS.map((tag) => (
          <label key={tag} className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              name={tagFieldName(tag)}
              defaultChecked={chosen.has(tag)}
              className="size-4 rounded border-slate-400 accent-brand-600"
            />
            {t(`common:promotionTags.${tag}`)}
          </label>
        ))}
      </div>
      {error && (
        <p id="f-tags-error" className="field-error">
          {t(messageKey(error))}
        </p>
      )}
    </fieldset>
  );
}
