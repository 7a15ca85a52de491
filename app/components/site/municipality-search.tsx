/**
 * The landing search box: an ARIA 1.2 combobox (input + listbox, aria-activedescendant) over the active
 * municipalities, filtered by name or slug. Arrow keys move, Enter picks, Escape closes; the list is at
 * most 15rem high and closes 100 ms after the box loses focus. Names match accents, case and punctuation
 * aside ("liege", "LIÈGE", "s hertogenbosch"). Choosing a suggestion goes to its page by slug; typed text
 * is posted to the landing action, which finds the municipality the same way (and by near misses).
 */
import { Search } from "~/components/icons";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "~/lib/i18n/react";
import { Form, useNavigate } from "react-router";
import { nameKey } from "~/lib/search/name-key";

const BLUR_CLOSE_MS = 100;

type Suggestion = { name: string; slug: string; aliases?: string[] };

export function filterSuggestions(all: Suggestion[], text: string): Suggestion[] {
  const q = nameKey(text);
  if (!q) return all;
  return all.filter(
    (m) =>
      nameKey(m.name).includes(q) || nameKey(m.slug).includes(q) || !!m.aliases?.some((a) => nameKey(a).includes(q)),
  );
}

export function MunicipalitySearch({ municipalities, error }: { municipalities: Suggestion[]; error?: string | null }) {
  const { t } = useTranslation("site");
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [clientError, setClientError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const blurTimer = useRef<number | undefined>(undefined);
  const listId = useId();
  const errorId = useId();
  const matches = useMemo(() => filterSuggestions(municipalities, text), [municipalities, text]);
  const shownError = clientError ?? error ?? null;

  useEffect(() => () => window.clearTimeout(blurTimer.current), []);
  useEffect(() => {
    if (active >= matches.length) setActive(matches.length ? matches.length - 1 : -1);
  }, [matches.length, active]);

  const optionId = (i: number) => `${listId}-opt-${i}`;

  const choose = (m: Suggestion) => {
    setText(m.name);
    setOpen(false);
    setActive(-1);
    setClientError(null);
    // The suggestion is the municipality itself: go to its page by slug (the name need not be one).
    navigate(`/${m.slug}`);
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown") {
      e.preventDefault();
      if (!open) setOpen(true);
      setActive((i) => (matches.length ? (i + 1) % matches.length : -1));
    } else if (e.key === "ArrowUp") {
      e.preventDefault();
      if (!open) setOpen(true);
      setActive((i) => (matches.length ? (i <= 0 ? matches.length - 1 : i - 1) : -1));
    } else if (e.key === "Enter") {
      if (open && active >= 0 && matches[active]) {
        e.preventDefault();
        choose(matches[active]);
      }
    } else if (e.key === "Escape") {
      if (open) {
        e.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (text) {
        e.preventDefault();
        setText("");
      }
    }
  };

  const expanded = open && matches.length > 0;

  return (
    <Form
      method="post"
      noValidate
      role="search"
      className="w-full"
      onSubmit={(e) => {
        if (!text.trim()) {
          e.preventDefault();
          setClientError(t("landing.required"));
          inputRef.current?.focus();
        }
      }}
    >
      <label htmlFor="municipality-search" className="mb-2 block text-sm font-semibold text-slate-800">
        {t("landing.searchLabel")}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <div className="relative flex-1">
          <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-3 size-5 text-slate-500" />
          <input
            ref={inputRef}
            id="municipality-search"
            name="q"
            type="text"
            role="combobox"
            autoComplete="off"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
            aria-invalid={shownError ? true : undefined}
            aria-describedby={shownError ? errorId : undefined}
            placeholder={t("landing.searchPlaceholder")}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setOpen(true);
              setActive(-1);
              setClientError(null);
            }}
            onFocus={() => {
              window.clearTimeout(blurTimer.current);
              setOpen(true);
            }}
            onClick={() => setOpen(true)}
            onBlur={() => {
              blurTimer.current = window.setTimeout(() => {
                setOpen(false);
                setActive(-1);
              }, BLUR_CLOSE_MS);
            }}
            onKeyDown={onKeyDown}
            className="input h-12 pl-10 text-base"
          />
          <div
            id={listId}
            role="listbox"
            aria-label={t("landing.suggestions")}
            hidden={!expanded}
            className="absolute z-20 mt-1 max-h-60 w-full overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
          >
            {matches.map((m, i) => (
              // biome-ignore lint/a11y/useFocusableInteractive: combobox options are reached with aria-activedescendant
              // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard is handled on the combobox input
              <div
                key={m.slug}
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                // Pointer down would blur the input first; keep focus so the click lands.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => choose(m)}
                onMouseEnter={() => setActive(i)}
                className={`flex cursor-pointer items-center justify-between px-3 py-2 text-sm ${
                  i === active ? "bg-brand-50 text-brand-800" : "text-slate-800"
                }`}
              >
                <span className="font-medium">{m.name}</span>
                <span className="text-xs text-slate-600">/{m.slug}</span>
              </div>
            ))}
          </div>
          {open && text.trim() !== "" && matches.length === 0 && (
            <p className="absolute z-20 mt-1 w-full rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm text-slate-700 shadow-lg">
              {t("landing.noSuggestions")}
            </p>
          )}
        </div>
        <button type="submit" className="btn-primary h-12 px-6 text-base">
          {t("landing.explore")}
        </button>
      </div>
      <p id={errorId} className="field-error min-h-5" aria-live="polite">
        {shownError}
      </p>
    </Form>
  );
}
