/**
 * A modal dialog on the native <dialog> element: the page behind is inert (focus is trapped), Escape
 * closes it, and focus returns to the element that opened it (or, when that is gone, its row's neighbour or the
 * page heading: ui/focus-return.ts). On opening, focus goes to the element
 * marked data-autofocus, else the first form field, else the close button.
 */
import { X } from "~/components/icons";
import { type ReactNode, useEffect, useId, useRef } from "react";
import { useTranslation } from "~/lib/i18n/react";
import { type FocusOrigin, focusOrigin, returnFocus } from "./focus-return";

type DialogProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /** Tailwind max-width class; docs/product.md: dialog maximum width lg. */
  size?: "max-w-lg" | "max-w-2xl";
};

export function Dialog({ open, onClose, title, description, children, size = "max-w-lg" }: DialogProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const origin = useRef<FocusOrigin | null>(null);
  const titleId = useId();
  const descId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      origin.current = focusOrigin(document.activeElement);
      dialog.showModal();
      // Start on the first field (or an element marked data-autofocus) rather than on the close button.
      const first =
        dialog.querySelector<HTMLElement>("[data-autofocus]") ??
        dialog.querySelector<HTMLElement>(
          "form input:not([type=hidden]):not([disabled]), form select:not([disabled]), form textarea:not([disabled])",
        );
      first?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onCancel = (e: Event) => {
      e.preventDefault();
      onClose();
    };
    // After the list has reloaded (a dialog closes 1.5 s after its success), so a deleted row's neighbour is found.
    const onCloseEvent = () => {
      if (origin.current) returnFocus(origin.current);
    };
    dialog.addEventListener("cancel", onCancel);
    dialog.addEventListener("close", onCloseEvent);
    return () => {
      dialog.removeEventListener("cancel", onCancel);
      dialog.removeEventListener("close", onCloseEvent);
    };
  }, [onClose]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descId : undefined}
      className={`m-auto w-[calc(100%-2rem)] ${size} rounded-xl bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/50`}
    >
      {open && (
        <div className="max-h-[85vh] overflow-y-auto p-6">
          <div className="mb-4 flex items-start justify-between gap-4">
            <div>
              <h2 id={titleId} className="text-lg font-semibold">
                {title}
              </h2>
              {description && (
                <p id={descId} className="mt-1 text-sm text-slate-600">
                  {description}
                </p>
              )}
            </div>
            <button type="button" className="rounded p-1 text-slate-600 hover:bg-slate-100" onClick={onClose}>
              <X aria-hidden="true" className="size-5" />
              <span className="sr-only">{t("close")}</span>
            </button>
          </div>
          {children}
        </div>
      )}
    </dialog>
  );
}
