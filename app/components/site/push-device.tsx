import { useEffect, useState } from "react";
import { useTranslation } from "~/lib/i18n/react";

const SUBSCRIBE_TIMEOUT_MS = 10_000;

type State = "unknown" | "unsupported" | "denied" | "off" | "on" | "failed";

/** The VAPID public key (base64url) as the bytes PushManager.subscribe wants. */
function keyBytes(base64url: string): ArrayBuffer {
  const base64 = (base64url + "=".repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, "+").replace(/_/g, "/");
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)).buffer;
}

async function post(body: Record<string, string>) {
  const res = await fetch("/profile/push", { method: "POST", body: new URLSearchParams(body) });
  if (!res.ok) throw new Error(`push settings: HTTP ${res.status}`);
}

async function registration() {
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) return null;
  return (await navigator.serviceWorker.getRegistration()) ?? null;
}

/**
 * "Notify me on this device": Web Push for the urgent reports of the towns the resident follows, per browser.
 * Needs JavaScript, a service worker and push support; without them nothing shows and mail alerts stay as they
 * are. The choice lives in the browser's subscription; the server keeps the address the push service gave.
 */
export function PushDevice({ following }: { following: boolean }) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>("unknown");
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    registration()
      .then(async (reg) => {
        if (!reg) return setState("unsupported");
        if (Notification.permission === "denied") return setState("denied");
        setState((await reg.pushManager.getSubscription()) ? "on" : "off");
      })
      .catch(() => setState("unsupported"));
  }, []);

  async function turnOn() {
    const reg = await registration();
    if (!reg) return setState("unsupported");
    if ((await Notification.requestPermission()) !== "granted") return setState("denied");
    const { publicKey } = (await (await fetch("/profile/push")).json()) as { publicKey: string };
    // A browser that cannot reach its push service may never answer: give up after a while and say so.
    const sub = await Promise.race([
      reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }),
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error("push service timeout")), SUBSCRIBE_TIMEOUT_MS),
      ),
    ]);
    const json = sub.toJSON();
    await post({
      intent: "subscribe",
      endpoint: sub.endpoint,
      p256dh: json.keys?.p256dh ?? "",
      auth: json.keys?.auth ?? "",
    });
    setState("on");
  }

  async function turnOff() {
    const sub = await (await registration())?.pushManager.getSubscription();
    if (sub) {
      await post({ intent: "unsubscribe", endpoint: sub.endpoint });
      await sub.unsubscribe();
    }
    setState("off");
  }

  async function toggle() {
    setBusy(true);
    try {
      await (state === "on" ? turnOff() : turnOn());
    } catch {
      setState("failed");
    } finally {
      setBusy(false);
    }
  }

  if (state === "unknown") return null;
  const message = {
    unsupported: t("push.unsupported"),
    denied: t("push.denied"),
    off: following ? t("push.off") : t("push.noFollows"),
    on: t("push.on"),
    failed: t("push.failed"),
  }[state];
  return (
    <div className="mt-6 border-t border-slate-200 pt-4">
      <h3 className="font-semibold">{t("push.device")}</h3>
      <p className="mt-1 text-sm text-slate-700">{t("push.deviceIntro")}</p>
      <p aria-live="polite" className="mt-2 text-sm text-slate-800">
        {message}
      </p>
      {(state === "on" || state === "off" || state === "failed") && (
        <button type="button" className="btn-secondary mt-3" onClick={toggle} aria-disabled={busy || undefined}>
          {state === "on" ? t("push.turnOff") : t("push.turnOn")}
        </button>
      )}
    </div>
  );
}
