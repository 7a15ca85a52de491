/**
 * A searchable picker for tables too large for a <select>: the WAI-ARIA combobox pattern with a
 * listbox popup. Typing asks the server (debounced, `source?q=`), one page at a time ("load more", or moving
 * past the last option with the arrow keys). The current value is always shown: the server renders its label.
 *
 * Keyboard: ArrowDown/ArrowUp open the list and move through it, Enter chooses, Escape closes the list (a second
 * Escape restores the chosen value's text; a third is the dialog's), Tab leaves without changing the choice.
 * Leaving the field with its text emptied clears the choice; leaving it with other text restores the chosen
 * value's label.
 *
 * Without JavaScript: a hidden input carries the current id and the text field shows its label, so a form posted
 * before the page is interactive keeps the current value; choosing another one needs JavaScript.
 */
import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from "react";
import { Check, ChevronDown, Loader2 } from "~/components/icons";
import { messageKey } from "~/lib/i18n/keys";
import { useTranslation } from "~/lib/i18n/react";
import type { LookupOption, LookupPage } from "~/lib/forms/lookup";

/** Milliseconds between the last keystroke and the search. */
const LOOKUP_DEBOUNCE_MS = 200;

type Props = {
  label: ReactNode;
  /** The form field that carries the chosen id. */
  name: string;
  /** The JSON resource that answers `?q=&cursor=` with a LookupPage. */
  source: string;
  /** The current value (server-rendered), or none. */
  initial?: LookupOption | null;
  required?: boolean;
  error?: string;
  className?: string;
};

type Status = "idle" | "loading" | "error";

export function LookupCombobox({ label, name, source, initial = null, required, error, className }: Props) {
  const { t } = useTranslation();
  const base = useId();
  const ids = {
    input: `${base}-input`,
    label: `${base}-label`,
    list: `${base}-list`,
    hint: `${base}-hint`,
    status: `${base}-status`,
    error: `${base}-error`,
  };
  const [selected, setSelected] = useState<LookupOption | null>(initial);
  const [text, setText] = useState(initial?.label ?? "");
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState<string | null>(null);
  const [items, setItems] = useState<LookupOption[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState<Status>("idle");
  const [loaded, setLoaded] = useState(false);
  const request = useRef<AbortController | null>(null);
  const listRef = useRef<HTMLDivElement>(null);

  const load = useCallback(
    async (q: string, cursor: string | null) => {
      request.current?.abort();
      const controller = new AbortController();
      request.current = controller;
      setStatus("loading");
      const params = new URLSearchParams({ q });
      if (cursor) params.set("cursor", cursor);
      try {
        const res = await fetch(`${source}?${params}`, {
          headers: { Accept: "application/json" },
          signal: controller.signal,
        });
        if (!res.ok || !(res.headers.get("content-type") ?? "").includes("json")) throw new Error(String(res.status));
        const page = (await res.json()) as LookupPage;
        setItems((prev) => (cursor ? [...prev, ...page.items] : page.items));
        setNext(page.next);
        if (!cursor) setActive(-1);
        setStatus("idle");
        setLoaded(true);
      } catch (err) {
        if ((err as Error)?.name === "AbortError") return;
        setStatus("error");
      }
    },
    [source],
  );

  // The search runs LOOKUP_DEBOUNCE_MS after the last change of the text, while the list is open.
  useEffect(() => {
    if (!open || query === null) return;
    const id = window.setTimeout(() => void load(query, null), LOOKUP_DEBOUNCE_MS);
    return () => window.clearTimeout(id);
  }, [open, query, load]);

  useEffect(() => () => request.current?.abort(), []);

  // The active option stays in view.
  useEffect(() => {
    if (active < 0) return;
    listRef.current?.querySelector(`#${CSS.escape(`${ids.list}-${active}`)}`)?.scrollIntoView({ block: "nearest" });
  }, [active, ids.list]);

  const openList = () => {
    if (open) return;
    setOpen(true);
    // Opening on the chosen value's own text lists everything; other text is a search.
    setQuery(selected && text === selected.label ? "" : text.trim());
  };
  const closeList = () => {
    setOpen(false);
    setActive(-1);
    request.current?.abort();
    setStatus("idle");
  };
  const choose = (option: LookupOption) => {
    setSelected(option);
    setText(option.label);
    closeList();
  };
  const loadMore = () => {
    if (next && status !== "loading") void load(query ?? "", next);
  };
  const leave = () => {
    closeList();
    if (text.trim() === "") {
      setSelected(null);
      setText("");
    } else {
      setText(selected?.label ?? "");
    }
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    switch (e.key) {
      case "ArrowDown": {
        e.preventDefault();
        if (!open || e.altKey) return openList();
        if (active < items.length - 1) setActive(active + 1);
        else loadMore();
        return;
      }
      case "ArrowUp": {
        e.preventDefault();
        if (!open) return openList();
        setActive(Math.max(active - 1, 0));
        return;
      }
      case "Enter": {
        if (!open) return;
        // Never submits the form while the list is open.
        e.preventDefault();
        if (active >= 0 && items[active]) choose(items[active]);
        return;
      }
      case "Escape": {
        if (open) {
          e.preventDefault();
          e.stopPropagation();
          closeList();
        } else if (text !== (selected?.label ?? "")) {
          e.preventDefault();
          e.stopPropagation();
          setText(selected?.label ?? "");
        }
        return;
      }
      case "Tab":
        if (open) closeList();
        return;
    }
  };

  const expanded = open && items.length > 0;
  const activeId = expanded && active >= 0 ? `${ids.list}-${active}` : undefined;
  const statusText = !open
    ? ""
    : status === "loading"
      ? t("lookup.loading")
      : status === "error"
        ? t("lookup.failed")
        : loaded && items.length === 0
          ? t("lookup.none")
          : loaded
            ? next
              ? t("lookup.countMore", { count: items.length })
              : t("lookup.count", { count: items.length })
            : "";
  const describedBy = [ids.hint, error ? ids.error : ""].filter(Boolean).join(" ");

  return (
    <div className={className}>
      <label id={ids.label} htmlFor={ids.input} className="label">
        {label}
      </label>
      <div className="relative">
        <input
          id={ids.input}
          type="text"
          role="combobox"
          aria-expanded={expanded}
          aria-controls={ids.list}
          aria-autocomplete="list"
          aria-activedescendant={activeId}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          autoComplete="off"
          spellCheck={false}
          className="input pr-10"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setQuery(e.target.value.trim());
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
          onBlur={leave}
        />
        <button
          type="button"
          tabIndex={-1}
          aria-label={t("lookup.toggle")}
          className="absolute inset-y-0 right-0 flex items-center px-3 text-slate-600"
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => {
            document.getElementById(ids.input)?.focus();
            if (open) closeList();
            else openList();
          }}
        >
          {status === "loading" ? (
            <Loader2 aria-hidden="true" className="size-4 animate-spin" />
          ) : (
            <ChevronDown aria-hidden="true" className="size-4" />
          )}
        </button>
        <input type="hidden" name={name} value={selected?.id ?? ""} />
        <div
          className="absolute z-20 mt-1 w-full rounded-lg border border-slate-200 bg-white shadow-lg"
          hidden={!open || (items.length === 0 && !statusText)}
        >
          <div
            ref={listRef}
            id={ids.list}
            role="listbox"
            aria-labelledby={ids.label}
            hidden={!expanded}
            className="max-h-60 overflow-y-auto py-1"
          >
            {items.map((option, i) => (
              // biome-ignore lint/a11y/useFocusableInteractive: combobox options are reached with aria-activedescendant
              // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard is handled on the combobox input
              <div
                key={option.id}
                id={`${ids.list}-${i}`}
                role="option"
                // APG: the option the arrow keys are on is the selected one; the chosen value has a check mark.
                aria-selected={i === active}
                className={`cursor-pointer px-3 py-2 text-sm ${
                  i === active ? "bg-brand-50 outline-2 -outline-offset-2 outline-brand-600" : "hover:bg-slate-50"
                }`}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => choose(option)}
                onMouseEnter={() => setActive(i)}
              >
                <span className="flex items-center gap-2 break-all font-medium text-slate-900">
                  {option.label}
                  {option.id === selected?.id && (
                    <>
                      <Check aria-hidden="true" className="size-4 shrink-0 text-brand-700" />
                      <span className="sr-only">{t("lookup.current")}</span>
                    </>
                  )}
                </span>
                {option.detail && <span className="block break-all text-xs text-slate-600">{option.detail}</span>}
              </div>
            ))}
          </div>
          <div className="flex items-center justify-between gap-2 border-t border-slate-100 px-3 py-2 text-xs text-slate-700">
            <span>{statusText}</span>
            {next && (
              <button
                type="button"
                tabIndex={-1}
                className="link text-xs"
                onMouseDown={(e) => e.preventDefault()}
                onClick={loadMore}
              >
                {t("lookup.more")}
              </button>
            )}
          </div>
        </div>
      </div>
      <p id={ids.hint} className="mt-1 text-xs text-slate-600">
        {t("lookup.hint")}
      </p>
      <p id={ids.status} role="status" className="sr-only">
        {statusText}
      </p>
      {error && (
        <p id={ids.error} className="field-error">
          {t(messageKey(error))}
        </p>
      )}
    </div>
  );
}
