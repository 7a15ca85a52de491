/** The media module's door for code that also runs in the browser (policies, schemas, options, pure helpers). */
export {
  GALLERY_ALT_MAX,
  GALLERY_MAX,
  GALLERY_POSTED,
  galleryAltField,
  galleryUrlField,
  withGallery,
} from "./media.gallery";
export type { GalleryInput, GalleryItem } from "./media.gallery";
export { MEDIA_LIMITS, MEDIA_UPLOAD_PATH, UPLOAD_ERRORS } from "./media.limits";
export { can } from "./media.policy";
export {
  CONTENT_TYPES,
  isOutsideImage,
  mediaHashOf,
  mediaSrcSet,
  mediaUrl,
  parseMediaFile,
  storedMediaUrl,
} from "./media.url";
