/** The media module's server door: what routes, the server and other modules may use of it on the server. */
export { MEDIA_SWEEP_JOB } from "./media.jobs.server";
export { UploadRefused, processImage } from "./media.process.server";
export type { Processed } from "./media.process.server";
export { galleryOf, saveGallery, withGalleries } from "./media.gallery.server";
export { attachImage, readMedia, uploadImage } from "./media.server";
export { mediaStore } from "./media.storage.server";
export { readUpload } from "./media.upload.server";
