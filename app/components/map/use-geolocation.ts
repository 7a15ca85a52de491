/**
 * "Use my location": the browser's position once, with its accuracy. A refusal, an unknown position, a timeout
 * and a browser without geolocation each get their own state, so the page can say what happened and what to do
 * instead (put the pin by hand, or describe the place): never a dead end.
 */
import { useCallback, useEffect, useRef, useState } from "react";

export type GeoState =
  | { step: "idle" | "locating" | "denied" | "unavailable" | "timeout" | "unsupported" }
  | { step: "found"; lat: number; lng: number; accuracy: number | null };

/** How long the browser may look (a phone indoors can take a while) and how old a position may be. */
const OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 };

export function useGeolocation(): { state: GeoState; locate: () => void; reset: () => void } {
  const [state, setState] = useState<GeoState>({ step: "idle" });
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);

  const locate = useCallback(() => {
    if (typeof navigator === "undefined" || !navigator.geolocation) {
      setState({ step: "unsupported" });
      return;
    }
    setState({ step: "locating" });
    navigator.geolocation.getCurrentPosition(
      (position) => {
        if (!live.current) return;
        const { latitude, longitude, accuracy } = position.coords;
        setState({
          step: "found",
          lat: latitude,
          lng: longitude,
          accuracy: Number.isFinite(accuracy) ? accuracy : null,
        });
      },
      (error) => {
        if (!live.current) return;
        const step =
          error.code === error.PERMISSION_DENIED ? "denied" : error.code === error.TIMEOUT ? "timeout" : "unavailable";
        setState({ step });
      },
      OPTIONS,
    );
  }, []);

  const reset = useCallback(() => setState({ step: "idle" }), []);
  return { state, locate, reset };
}
