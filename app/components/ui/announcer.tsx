/**
 * The panels' live region: what a save, delete, approve or reject did, announced to screen readers and shown
 * for a few seconds at the bottom of the screen after the dialog that did it has closed.
 */
import { useEffect, useState } from "react";

const EVENT = "panel:announce";
const SHOWN_MS = 6000;

/** Announces a finished action's result (already translated). */
export function announce(message: string) {
  if (typeof window !== "undefined") window.dispatchEvent(new CustomEvent<string>(EVENT, { detail: message }));
}

export function Announcer() {
  const [message, setMessage] = useState("");
  useEffect(() => {
    let frame = 0;
    const onAnnounce = (e: Event) => {
      // Emptied first, so the same message twice in a row is read twice.
      setMessage("");
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setMessage((e as CustomEvent<string>).detail));
    };
    window.addEventListener(EVENT, onAnnounce);
    return () => {
      window.removeEventListener(EVENT, onAnnounce);
      cancelAnimationFrame(frame);
    };
  }, []);
  useEffect(() => {
    if (!message) return;
    const id = setTimeout(() => setMessage(""), SHOWN_MS);
    return () => clearTimeout(id);
  }, [message]);
  return (
    <div
      role="status"
      aria-live="polite"
      aria-atomic="true"
      data-testid="panel-announcer"
      className={
        message
          ? "fixed inset-x-4 bottom-4 z-30 mx-auto max-w-md rounded-lg bg-slate-900 px-4 py-3 text-sm text-white shadow-lg"
          : "sr-only"
      }
    >
      {message}
    </div>
  );
}
