/**
 * docs/product.md custom dropdown: opens and closes on click, closes on an outside click, does nothing while
 * disabled. Menu-button semantics: Escape closes and returns focus, arrow keys move between items.
 */
import { type ReactNode, useEffect, useId, useRef, useState } from "react";

type DropdownProps = {
  label: ReactNode;
  /** Accessible name of the button when the label is not enough (e.g. an icon). */
  ariaLabel?: string;
  disabled?: boolean;
  align?: "left" | "right";
  buttonClassName?: string;
  children: (close: () => void) => ReactNode;
};

export function Dropdown({ label, ariaLabel, disabled, align = "right", buttonClassName, children }: DropdownProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: MouseEvent | TouchEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("mousedown", onPointer);
    document.addEventListener("touchstart", onPointer);
    return () => {
      document.removeEventListener("mousedown", onPointer);
      document.removeEventListener("touchstart", onPointer);
    };
  }, [open]);

  const items = () => Array.from(rootRef.current?.querySelectorAll<HTMLElement>("[role=menuitem]") ?? []);

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (!open) {
      if (
        (e.key === "ArrowDown" || e.key === "Enter" || e.key === " ") &&
        e.target === buttonRef.current &&
        !disabled
      ) {
        e.preventDefault();
        setOpen(true);
        requestAnimationFrame(() => items()[0]?.focus());
      }
      return;
    }
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    if (e.key === "Escape") {
      e.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
    } else if (e.key === "ArrowDown") {
      e.preventDefault();
      list[(index + 1) % list.length]?.focus();
    } else if (e.key === "ArrowUp") {
      e.preventDefault();
      list[(index - 1 + list.length) % list.length]?.focus();
    } else if (e.key === "Tab") {
      setOpen(false);
    }
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: keyboard support of the menu button and its items
    <div ref={rootRef} className="relative" onKeyDown={onKeyDown}>
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={ariaLabel}
        aria-disabled={disabled || undefined}
        className={buttonClassName ?? "btn-ghost"}
        onClick={() => {
          if (disabled) return;
          setOpen((o) => !o);
        }}
      >
        {label}
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          className={`absolute z-40 mt-1 max-h-60 min-w-40 overflow-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg ${align === "right" ? "right-0" : "left-0"}`}
        >
          {children(() => setOpen(false))}
        </div>
      )}
    </div>
  );
}
