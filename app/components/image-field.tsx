/**
 * The one image field of every form that has an image: report photo, promotion and event image,
 * merchant logo. Choosing a file (a form that asks for a photo also offers the camera on a phone) shows a preview at once and
 * uploads it to /media/upload with a progress bar; the answer's address goes into the posted field, so the
 * form itself stays a plain form. The address field remains as the alternative (and is all there is before
 * the page's JavaScript has loaded). The server checks everything again; this only saves a wasted upload.
 */
import { useEffect, useId, useRef, useState } from "react";
import { messageKey } from "~/lib/i18n/keys";
import { useTranslation } from "~/lib/i18n/react";
import { MEDIA_LIMITS, MEDIA_UPLOAD_PATH, UPLOAD_ERRORS } from "~/modules/media";
import { mediaHashOf } from "~/modules/media";
import { Picture } from "./picture";

type State =
  | { step: "idle" }
  | { step: "uploading"; percent: number }
  | { step: "processing" }
  | { step: "done" }
  | { step: "failed"; error: string };

export function ImageField({
  name,
  label,
  defaultValue,
  error,
  capture,
  urlLabel,
  urlHint,
  previewSize = { width: 320, height: 180 },
}: {
  /** The posted field (image_url, logo_url). */
  name: string;
  label: React.ReactNode;
  defaultValue?: string | null;
  /** The server's field error (a translation key). */
  error?: string;
  /** Also offer a camera button on a phone ("environment": the back camera), next to choosing a photo. */
  capture?: "environment" | "user";
  /** The address field's own label and hint (the form's wording); by default "Or paste an image address". */
  urlLabel?: string;
  urlHint?: string;
  previewSize?: { width: number; height: number };
}) {
  const { t } = useTranslation();
  const id = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const rootRef = useRef<HTMLFieldSetElement>(null);
  const initialUpload = mediaHashOf(defaultValue) ? (defaultValue ?? null) : null;
  const [hydrated, setHydrated] = useState(false);
  const [uploaded, setUploaded] = useState<string | null>(initialUpload);
  const [preview, setPreview] = useState<string | null>(null);
  const [state, setState] = useState<State>({ step: "idle" });
  const request = useRef<XMLHttpRequest | null>(null);
  const busy = state.step === "uploading" || state.step === "processing";

  useEffect(() => setHydrated(true), []);
  useEffect(() => () => request.current?.abort(), []);
  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);
  // A form reset (after a successful submit) empties the field; a submit waits for the upload.
  useEffect(() => {
    const form = rootRef.current?.form;
    if (!form) return;
    const onReset = () => {
      request.current?.abort();
      setUploaded(null);
      setPreview(null);
      setState({ step: "idle" });
    };
    const onSubmit = (e: Event) => {
      if (form.dataset.uploading === "true") {
        e.preventDefault();
        e.stopImmediatePropagation();
      }
    };
    form.addEventListener("reset", onReset);
    form.addEventListener("submit", onSubmit, true);
    return () => {
      form.removeEventListener("reset", onReset);
      form.removeEventListener("submit", onSubmit, true);
    };
  }, []);
  useEffect(() => {
    const form = rootRef.current?.form;
    if (form) form.dataset.uploading = busy ? "true" : "false";
  }, [busy]);

  const reasonText = (reason: string) =>
    (UPLOAD_ERRORS as readonly string[]).includes(reason)
      ? t(messageKey(`media.errors.${reason}`))
      : t("media.errors.failed");

  const onFile = (e: React.ChangeEvent<HTMLInputElement>) => {
    const file = e.currentTarget.files?.[0];
    if (file) upload(file);
  };

  function upload(file: File) {
    request.current?.abort();
    setPreview(URL.createObjectURL(file));
    if (file.size > MEDIA_LIMITS.maxBytes) return setState({ step: "failed", error: reasonText("tooLarge") });
    const xhr = new XMLHttpRequest();
    request.current = xhr;
    const body = new FormData();
    body.append("file", file);
    xhr.open("POST", MEDIA_UPLOAD_PATH);
    xhr.responseType = "json";
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) setState({ step: "uploading", percent: Math.round((e.loaded / e.total) * 100) });
    };
    xhr.upload.onload = () => setState({ step: "processing" });
    xhr.onload = () => {
      const answer = xhr.response as { ok?: boolean; url?: string; reason?: string; error?: string } | null;
      if (xhr.status === 200 && answer?.ok && answer.url) {
        setUploaded(answer.url);
        setState({ step: "done" });
      } else {
        const reason = answer?.reason ?? (xhr.status === 413 ? "tooLarge" : "failed");
        setState({ step: "failed", error: answer?.error ?? reasonText(reason) });
      }
    };
    xhr.onerror = () => setState({ step: "failed", error: reasonText("failed") });
    setState({ step: "uploading", percent: 0 });
    xhr.send(body);
  }

  function remove() {
    request.current?.abort();
    setUploaded(null);
    setPreview(null);
    setState({ step: "idle" });
    if (fileRef.current) fileRef.current.value = "";
  }

  const statusText =
    state.step === "uploading"
      ? t("media.uploading", { percent: state.percent })
      : state.step === "processing"
        ? t("media.processing")
        : state.step === "done"
          ? t("media.uploaded")
          : "";
  const serverError = error ? t(messageKey(error)) : null;
  const shown = preview ?? uploaded;
  const describedBy = [`${id}-hint`, state.step === "failed" || serverError ? `${id}-error` : ""]
    .filter(Boolean)
    .join(" ");

  return (
    <fieldset ref={rootRef} className="space-y-2" data-image-field={name}>
      <legend className="label">{label}</legend>
      {hydrated && (
        <>
          {shown && (
            <div className="w-40 overflow-hidden rounded-lg bg-slate-100 ring-1 ring-slate-200">
              {preview ? (
                <img
                  src={preview}
                  alt={t("media.preview")}
                  width={previewSize.width}
                  height={previewSize.height}
                  className="aspect-video w-full object-cover"
                />
              ) : (
                <Picture
                  src={uploaded ?? ""}
                  alt={t("media.current")}
                  width={previewSize.width}
                  height={previewSize.height}
                  sizes="160px"
                  className="aspect-video w-full object-cover"
                />
              )}
            </div>
          )}
          <div className="flex flex-wrap items-center gap-3">
            {/* Always a picker for a photo already taken; on a phone also a button that opens the camera. */}
            <input
              ref={fileRef}
              id={`${id}-file`}
              type="file"
              accept="image/*"
              className="peer sr-only"
              aria-describedby={describedBy}
              onChange={onFile}
            />
            <label
              htmlFor={`${id}-file`}
              className="btn-secondary cursor-pointer peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600"
            >
              {capture ? t("media.choosePhoto") : shown ? t("media.replace") : t("media.choose")}
            </label>
            {capture && (
              <span className="hidden pointer-coarse:inline-flex">
                <input
                  id={`${id}-camera`}
                  type="file"
                  accept="image/*"
                  capture={capture}
                  className="peer sr-only"
                  aria-describedby={describedBy}
                  onChange={onFile}
                />
                <label
                  htmlFor={`${id}-camera`}
                  className="btn-secondary cursor-pointer peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600"
                >
                  {t("media.takePhoto")}
                </label>
              </span>
            )}
            {(uploaded || preview) && (
              <button type="button" className="link text-sm" onClick={remove}>
                {t("media.remove")}
              </button>
            )}
          </div>
          <p id={`${id}-hint`} className="text-xs text-slate-600">
            {t("media.hint")}
          </p>
          {busy && (
            <progress
              className="h-2 w-full max-w-xs"
              max={100}
              value={state.step === "uploading" ? state.percent : undefined}
              aria-label={statusText}
            />
          )}
          <p role="status" aria-live="polite" className="text-sm text-slate-700">
            {statusText}
          </p>
        </>
      )}
      {(state.step === "failed" || serverError) && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {state.step === "failed" ? state.error : serverError}
        </p>
      )}
      {uploaded ? (
        <input type="hidden" name={name} value={uploaded} />
      ) : (
        <div>
          <label htmlFor={`${id}-url`} className="text-xs text-slate-700">
            {urlLabel ?? (hydrated ? t("media.orUrl") : t("media.urlLabel"))}
          </label>
          <input
            id={`${id}-url`}
            name={name}
            type="url"
            inputMode="url"
            placeholder="https://"
            className="input"
            defaultValue={initialUpload ? "" : (defaultValue ?? "")}
            aria-invalid={serverError ? true : undefined}
            aria-describedby={
              [serverError ? `${id}-error` : "", urlHint ? `${id}-url-hint` : ""].filter(Boolean).join(" ") || undefined
            }
          />
          {urlHint && (
            <p id={`${id}-url-hint`} className="mt-1 text-xs text-slate-600">
              {urlHint}
            </p>
          )}
        </div>
      )}
    </fieldset>
  );
}
