/**
 * The page side of the view and click counts: a view is reported once the page is interactive, a
 * click when it happens, with navigator.sendBeacon (it survives the page being left for a phone call or
 * another site). An administrator's and the owner's own visits are not sent; the server checks again.
 */
import { useCallback, useEffect } from "react";
import { useRootData } from "~/lib/use-root-data";
import { BEACON_PATH, type MetricEntity, type MetricKind } from "~/modules/metrics";
import { counts } from "~/modules/metrics";

function sendBeacon(t: MetricEntity, id: string, k: MetricKind) {
  const body = new URLSearchParams({ t, id, k });
  try {
    if (typeof navigator.sendBeacon === "function" && navigator.sendBeacon(BEACON_PATH, body)) return;
  } catch {
    /* falls back to fetch */
  }
  void fetch(BEACON_PATH, { method: "POST", body, keepalive: true, credentials: "same-origin" }).catch(() => {});
}

/** Reports the page's view once, and returns the function that reports a click (no item: nothing is sent). */
export function useMetrics(t: MetricEntity, id: string | null | undefined, ownerId: string | null | undefined) {
  const user = useRootData().user;
  const counted = !!id && counts(user, { merchantId: ownerId ?? "" });
  useEffect(() => {
    if (counted && id) sendBeacon(t, id, "view");
  }, [t, id, counted]);
  return useCallback(
    (k: Exclude<MetricKind, "view">) => {
      if (counted && id) sendBeacon(t, id, k);
    },
    [t, id, counted],
  );
}
