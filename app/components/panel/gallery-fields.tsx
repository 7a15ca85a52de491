/**
 * A promotion's or an event's gallery in its panel form: up to GALLERY_MAX pictures, each through the one
 * image field (upload or address) with its alt text, in order. Pictures are added, moved up or down and
 * removed with buttons (each move is announced); the fields are posted flat as gallery_url_<n> and
 * gallery_alt_<n> in the shown order, with `gallery_posted` so that an emptied gallery is saved as empty.
 */
import { useEffect, useRef, useState } from "react";
import { ChevronDown, Plus, Trash2 } from "~/components/icons";
import { ImageField } from "~/components/image-field";
import { Required, TextField } from "~/components/form";
import { useTranslation } from "~/lib/i18n/react";
import {
  GALLERY_ALT_MAX,
  GALLERY_MAX,
  GALLERY_POSTED,
  type GalleryItem,
  galleryAltField,
  galleryUrlField,
} from "~/modules/media";

type Slot = { key: number; url: string; alt: string };

export function GalleryFields({
  items,
  fieldErrors,
}: {
  items?: GalleryItem[] | null;
  fieldErrors: Record<string, string>;
}) {
  const { t } = useTranslation();
  const nextKey = useRef(0);
  const [slots, setSlots] = useState<Slot[]>(() =>
    (items ?? []).map((item) => ({ key: nextKey.current++, url: item.url, alt: item.alt })),
  );
  const [announce, setAnnounce] = useState("");
  const [focus, setFocus] = useState<{ key: number; control: string } | null>(null);
  const listRef = useRef<HTMLOListElement>(null);

  // A moved picture's button keeps the focus; after a removal, the add button (or the next picture) takes it.
  useEffect(() => {
    if (!focus) return;
    const target = listRef.current?.querySelector<HTMLElement>(
      `[data-slot="${focus.key}"] [data-control="${focus.control}"]`,
    );
    (target ?? listRef.current?.parentElement?.querySelector<HTMLElement>("[data-control=add]"))?.focus();
    setFocus(null);
  }, [focus]);

  const move = (from: number, to: number) => {
    if (to < 0 || to >= slots.length) return;
    const next = [...slots];
    const [slot] = next.splice(from, 1);
    next.splice(to, 0, slot);
    setSlots(next);
    setAnnounce(t("gallery.moved", { n: to + 1 }));
    const control = to === 0 ? "down" : to === slots.length - 1 ? "up" : to < from ? "up" : "down";
    setFocus({ key: slot.key, control });
  };
  const remove = (index: number) => {
    const next = slots.filter((_, i) => i !== index);
    setSlots(next);
    setAnnounce(t("gallery.removed"));
    const neighbour = next[index] ?? next[index - 1];
    setFocus(neighbour ? { key: neighbour.key, control: "remove" } : { key: -1, control: "add" });
  };
  const add = () => {
    if (slots.length >= GALLERY_MAX) return;
    const key = nextKey.current++;
    setSlots([...slots, { key, url: "", alt: "" }]);
    setFocus({ key, control: "alt" });
  };
  const tooMany = Object.entries(fieldErrors).find(([k, v]) => k.startsWith("gallery_") && v === "gallery.tooMany");

  return (
    <fieldset className="rounded-lg border border-slate-200 p-4" data-testid="gallery-fields">
      <legend className="px-1 text-sm font-semibold text-slate-800">{t("gallery.legend", { max: GALLERY_MAX })}</legend>
      <input type="hidden" name={GALLERY_POSTED} value="1" />
      <p className="text-xs text-slate-600">{t("gallery.hint")}</p>
      {tooMany && (
        <p className="field-error mt-2" role="alert">
          {t("gallery.tooMany")}
        </p>
      )}
      <ol ref={listRef} className="mt-3 space-y-4">
        {slots.map((slot, i) => (
          <li key={slot.key} data-slot={slot.key} className="rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200">
            <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
              <span className="text-sm font-semibold text-slate-800">{t("gallery.picture", { n: i + 1 })}</span>
              <span className="flex gap-1">
                <button
                  type="button"
                  className="btn-secondary px-2 py-1"
                  data-control="up"
                  disabled={i === 0}
                  onClick={() => move(i, i - 1)}
                  aria-label={t("gallery.moveUp", { n: i + 1 })}
                >
                  <ChevronDown aria-hidden="true" className="size-4 rotate-180" />
                </button>
                <button
                  type="button"
                  className="btn-secondary px-2 py-1"
                  data-control="down"
                  disabled={i === slots.length - 1}
                  onClick={() => move(i, i + 1)}
                  aria-label={t("gallery.moveDown", { n: i + 1 })}
                >
                  <ChevronDown aria-hidden="true" className="size-4" />
                </button>
                <button
                  type="button"
                  className="btn-secondary px-2 py-1"
                  data-control="remove"
                  onClick={() => remove(i)}
                  aria-label={t("gallery.remove", { n: i + 1 })}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </button>
              </span>
            </div>
            <div className="grid gap-3 sm:grid-cols-2">
              <ImageField
                // The slot's heading already says "Picture n" on screen; the field keeps it as its name.
                label={<span className="sr-only">{t("gallery.picture", { n: i + 1 })}</span>}
                name={galleryUrlField(i)}
                defaultValue={slot.url || null}
                error={fieldErrors[galleryUrlField(i)]}
              />
              <TextField
                id={`gallery-alt-${slot.key}`}
                data-control="alt"
                label={<Required>{t("gallery.alt")}</Required>}
                name={galleryAltField(i)}
                maxLength={GALLERY_ALT_MAX}
                aria-required="true"
                defaultValue={slot.alt}
                hint={t("gallery.altHint")}
                error={fieldErrors[galleryAltField(i)]}
              />
            </div>
          </li>
        ))}
      </ol>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <button
          type="button"
          className="btn-secondary"
          data-control="add"
          onClick={add}
          disabled={slots.length >= GALLERY_MAX}
        >
          <Plus aria-hidden="true" className="size-4" />
          {t("gallery.add")}
        </button>
        {slots.length >= GALLERY_MAX && (
          <span className="text-xs text-slate-600">{t("gallery.full", { max: GALLERY_MAX })}</span>
        )}
      </div>
      <p aria-live="polite" className="sr-only">
        {announce}
      </p>
    </fieldset>
  );
}
