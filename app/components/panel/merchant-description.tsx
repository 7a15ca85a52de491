/**
 * The merchant's business description in its original language, with its translations: shown in
 * the merchant's own profile and the admin's merchant dialog (editing an existing merchant).
 */
import { TextArea } from "~/components/form";
import { TranslationFields } from "~/components/panel/translations";
import { useTranslation } from "~/lib/i18n/react";
import type { TranslatableRow } from "~/lib/i18n/localized";

export function BusinessDescriptionFields({
  row,
  fieldErrors,
}: {
  row: TranslatableRow & { description?: string | null };
  fieldErrors: Record<string, string>;
}) {
  const { t } = useTranslation();
  const label = t("contentLanguage.description");
  return (
    <>
      <TextArea
        label={label}
        name="description"
        defaultValue={row.description ?? ""}
        hint={t("contentLanguage.descriptionHint")}
        error={fieldErrors.description}
      />
      <TranslationFields
        row={row}
        fieldErrors={fieldErrors}
        fields={[{ name: "description", label, multiline: true }]}
      />
    </>
  );
}
