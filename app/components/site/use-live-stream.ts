/**
 * The municipality home's live stream in the browser: an EventSource on `/live/:municipality`
 * from the page's cursor. New live items go on top of the scroller (capped at docs/product.md's 10) and, for a
 * signed-in reader, newly approved reports on top of the urgent panel (3); the component renders them in the
 * reader's language like the server-rendered ones. When the connection drops it is opened again after 1, 2, 5,
 * then every 10 seconds, from the last event received, so nothing is lost or shown twice. Without
 * JavaScript (or EventSource) the server-rendered lists stay as they are.
 */
import { useEffect, useRef, useState } from "react";
import type { LiveItem } from "./live-updates";
import type { UrgentReport } from "./urgent-panel";

const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000] as const;
const LIVE_ITEMS_MAX = 10;
const URGENT_REPORTS_MAX = 3;

type Lists = { live: LiveItem[]; reports: UrgentReport[] };

export function useLiveStream(input: {
  slug: string;
  cursor: string | null;
  live: LiveItem[];
  reports: UrgentReport[];
  signedIn: boolean;
}): Lists {
  const { slug, cursor, live, reports, signedIn } = input;
  const [lists, setLists] = useState<Lists>({ live, reports });
  // A new loader result (another municipality, a revalidation) replaces the lists.
  useEffect(() => setLists({ live, reports }), [live, reports]);
  const cursorRef = useRef(cursor);
  useEffect(() => {
    cursorRef.current = cursor;
  }, [cursor]);
  const signedInRef = useRef(signedIn);
  signedInRef.current = signedIn;

  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let stopped = false;
    const moved = (e: MessageEvent) => {
      if (/^\d+$/.test(e.lastEventId)) cursorRef.current = e.lastEventId;
    };
    const connect = () => {
      const after = cursorRef.current;
      source = new EventSource(`/live/${encodeURIComponent(slug)}${after ? `?after=${after}` : ""}`);
      source.onopen = () => {
        failures = 0;
      };
      source.addEventListener("live", (e) => {
        moved(e);
        const item = JSON.parse(e.data) as LiveItem;
        setLists((s) => ({
          ...s,
          live: [item, ...s.live.filter((x) => !(x.type === item.type && x.id === item.id))].slice(0, LIVE_ITEMS_MAX),
        }));
      });
      source.addEventListener("report", (e) => {
        moved(e);
        if (!signedInRef.current) return;
        const report = JSON.parse(e.data) as UrgentReport;
        setLists((s) => ({
          ...s,
          reports: [report, ...s.reports.filter((r) => r.id !== report.id)].slice(0, URGENT_REPORTS_MAX),
        }));
      });
      source.onerror = () => {
        // Our own schedule rather than the browser's fixed retry: 1, 2, 5, then 10 seconds.
        source?.close();
        if (stopped) return;
        const delay = RECONNECT_DELAYS_MS[Math.min(failures, RECONNECT_DELAYS_MS.length - 1)];
        failures++;
        timer = setTimeout(connect, delay);
      };
    };
    connect();
    return () => {
      stopped = true;
      source?.close();
      if (timer) clearTimeout(timer);
    };
  }, [slug]);

  return lists;
}
