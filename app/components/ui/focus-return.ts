/**
 * Where focus goes when a dialog closes. The button that opened it, when it is still there; otherwise (the
 * row was deleted, or approving removed its Approve button) the same row, the next row, the previous one, and
 * at last the page's heading: never the page body, where a keyboard or screen-reader user would lose their place.
 */
import { useEffect } from "react";
import { useLocation } from "react-router";

export type FocusOrigin = { opener: HTMLElement | null; rowKey: string | null; rowIndex: number };

const FOCUSABLE = "a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), [tabindex]";

export function focusOrigin(active: Element | null): FocusOrigin {
  const opener = active instanceof HTMLElement && active !== document.body ? active : null;
  const row = opener?.closest<HTMLElement>("[data-row-key]") ?? null;
  const rows = row?.parentElement ? [...row.parentElement.querySelectorAll(":scope > [data-row-key]")] : [];
  return { opener, rowKey: row?.dataset.rowKey ?? null, rowIndex: row ? rows.indexOf(row) : -1 };
}

const visible = (el: HTMLElement) => el.isConnected && el.getClientRects().length > 0;

function focusInto(el: HTMLElement) {
  const target = [...el.querySelectorAll<HTMLElement>(FOCUSABLE)].find(visible);
  if (target) return target.focus();
  el.tabIndex = -1;
  el.focus();
}

export function returnFocus(origin: FocusOrigin) {
  const { opener, rowKey, rowIndex } = origin;
  if (opener && visible(opener) && !opener.hasAttribute("disabled")) return opener.focus();
  if (rowKey !== null) {
    const rows = [...document.querySelectorAll<HTMLElement>("main [data-row-key]")];
    const row =
      rows.find((r) => r.dataset.rowKey === rowKey) ??
      rows[rowIndex] ??
      (rowIndex > 0 ? rows[rowIndex - 1] : undefined);
    if (row) return focusInto(row);
  }
  const heading = document.querySelector<HTMLElement>("main h1");
  if (heading) {
    heading.tabIndex = -1;
    heading.focus();
  }
}

/** Focus the page heading when a screen was reached with `state.focusHeading` (after deleting what was open). */
export function useFocusHeadingOnArrival() {
  const location = useLocation();
  const arrived = (location.state as { focusHeading?: boolean } | null)?.focusHeading === true;
  useEffect(() => {
    if (!arrived) return;
    const heading = document.querySelector<HTMLElement>("main h1");
    if (heading) {
      heading.tabIndex = -1;
      heading.focus();
    }
  }, [arrived]);
}
