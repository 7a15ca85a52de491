/**
 * Scans a QR code with the device's camera: the browser's BarcodeDetector where it has one, else jsQR on the
 * video frames (loaded only when needed). When the camera is refused or missing, it says so and the merchant
 * types the code instead.
 */
import { useEffect, useRef, useState } from "react";
import { Camera, X } from "~/components/icons";
import { useTranslation } from "~/lib/i18n/react";

type Detector = { detect: (source: CanvasImageSource) => Promise<{ rawValue: string }[]> };
type DetectorClass = new (options: { formats: string[] }) => Detector;

async function frameDecoder(): Promise<(video: HTMLVideoElement) => Promise<string | null>> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (Native) {
    const detector = new Native({ formats: ["qr_code"] });
    return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
  }
  const { default: jsQR } = await import("jsqr");
  const canvas = document.createElement("canvas");
  const ctx = canvas.getContext("2d", { willReadFrequently: true });
  return async (video) => {
    if (!ctx || !video.videoWidth) return null;
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    ctx.drawImage(video, 0, 0);
    const image = ctx.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(image.data, image.width, image.height)?.data ?? null;
  };
}

export function QrScanner({ onCode }: { onCode: (text: string) => void }) {
  const { t } = useTranslation("merchant");
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  // The scan loop starts once per opening: the latest callback and message are read through refs.
  const latest = useRef({ onCode, unavailable: t("redeem.cameraUnavailable") });
  latest.current = { onCode, unavailable: t("redeem.cameraUnavailable") };

  useEffect(() => {
    if (!open) return;
    let stream: MediaStream | null = null;
    let stopped = false;
    (async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw new Error("no camera");
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" } });
        const el = video.current;
        if (!el || stopped) return;
        el.srcObject = stream;
        await el.play();
        const decode = await frameDecoder();
        while (!stopped) {
          const text = await decode(el).catch(() => null);
          if (text) {
            setOpen(false);
            latest.current.onCode(text);
            return;
          }
          await new Promise((r) => setTimeout(r, 250));
        }
      } catch {
        if (!stopped) {
          setProblem(latest.current.unavailable);
          setOpen(false);
        }
      }
    })();
    return () => {
      stopped = true;
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [open]);

  return (
    <div className="space-y-2">
      {open ? (
        <div className="space-y-2">
          <video ref={video} className="w-full max-w-sm rounded-lg bg-slate-900" muted playsInline />
          <p className="text-sm text-slate-700" role="status">
            {t("redeem.scanning")}
          </p>
          <button type="button" className="btn-secondary" onClick={() => setOpen(false)}>
            <X aria-hidden="true" className="size-4" />
            {t("redeem.stopCamera")}
          </button>
        </div>
      ) : (
        <button
          type="button"
          className="btn-secondary"
          onClick={() => {
            setProblem(null);
            setOpen(true);
          }}
        >
          <Camera aria-hidden="true" className="size-4" />
          {t("redeem.scan")}
        </button>
      )}
      {problem && (
        <p className="text-sm text-amber-900" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
