/** The media module's door for code that also runs in the browser (policies, schemas, options, pure helpers). */
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
