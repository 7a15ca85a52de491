/**
 * Promotion tags on the public site: the chips of a promotion (none chosen, nothing shown) and the promotions
 * list's tag filter. Tag names come from the fixed, translated list (common:promotionTags).
 */
import { PROMOTION_TAGS } from "@db/schema/enums";
import { oneOf } from "~/lib/i18n/keys";
import { useTranslation } from "~/lib/i18n/react";

/** The translated name of a known tag (an unknown value is not shown). */
function useTagLabel() {
  const { t } = useTranslation("common");
  return (tag: string) => {
    const known = oneOf(PROMOTION_TAGS, tag);
    return known ? t(`promotionTags.${known}`) : null;
  };
}

export function PromotionTagList({ tags }: { tags: readonly string[] }) {
  const { t } = useTranslation("site");
  const label = useTagLabel();
  const shown = tags.map((tag) => ({ tag, name: label(tag) })).filter((x) => x.name);
  if (shown.length === 0) return null;
  return (
    <section className="mt-8" aria-labelledby="tags-title">
      <h2 id="tags-title" className="text-lg font-bold text-slate-900">
        {t("promotionDetail.tags")}
      </h2>
      <ul className="mt-3 flex flex-wrap gap-2">
        {shown.map(({ tag, name }) => (
          <li key={tag} className="rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-800">
            {name}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The list's tag select (submitted with the rest of the filter form). */
export function TagFilter({ value }: { value: string | null }) {
  const { t } = useTranslation("site");
  const label = useTagLabel();
  return (
    <div>
      <label htmlFor="promo-tag" className="label">
        {t("promotionTagsFilter.label")}
      </label>
      <select id="promo-tag" name="tag" defaultValue={value ?? ""} className="input">
        <option value="">{t("promotionTagsFilter.all")}</option>
        {PROMOTION_TAGS.map((tag) => (
          <option key={tag} value={tag}>
            {label(tag)}
          </option>
        ))}
      </select>
    </div>
  );
}
