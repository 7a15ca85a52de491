/** The limits of an upload, shared by the HTTP layer, the parser and the image field. */
export const MEDIA_LIMITS = {
  /** The largest file accepted. */
  maxBytes: 10 * 1024 * 1024,
  /** Decompression bombs: the most pixels a decoded image may have (40 megapixels). */
  maxPixels: 40_000_000,
  /** The largest request body the upload route lets in (the file, its multipart framing, a few small fields). */
  maxBodyBytes: 10 * 1024 * 1024 + 64 * 1024,
  /** The largest value of a text field posted beside the file. */
  maxFieldBytes: 1024,
} as const;

/** The upload route: the one path whose body may be larger than the site's general limit. */
export const MEDIA_UPLOAD_PATH = "/media/upload";

/** The reasons an upload is refused: each has its translated message under common:media.errors. */
export const UPLOAD_ERRORS = [
  "tooLarge",
  "notImage",
  "heic",
  "tooManyPixels",
  "corrupt",
  "tooManyFiles",
  "noFile",
  "badForm",
  "busy",
] as const;
export type UploadError = (typeof UPLOAD_ERRORS)[number];
