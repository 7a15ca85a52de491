import type { Actor } from "~/lib/auth/auth.server";

type MediaAction = "upload" | "attach" | "view";

/** What a rule needs of an image: its owner, and the status of the report it belongs to (if any). */
type MediaRow = {
  ownerId: string;
  attached: boolean;
  /** Set when the image is a report's photo. */
  reportStatus?: string | null;
};

/**
 * Any signed-in user uploads (a resident's report photo, a merchant's pictures); only the owner of
 * an upload (or an administrator) attaches it to a row. An image attached to a promotion, an event or a
 * merchant is public; a report's photo only once the report is approved; a fresh, unattached upload and a
 * pending or rejected report's photo are seen only by their owner and administrators.
 */
export function can(actor: Pick<Actor, "id" | "role"> | null, action: MediaAction, row?: MediaRow): boolean {
  switch (action) {
    case "upload":
      return !!actor;
    case "attach":
      return !!actor && !!row && (row.ownerId === actor.id || actor.role === "admin");
    case "view":
      if (!row) return false;
      if (isPublic(row)) return true;
      return !!actor && (row.ownerId === actor.id || actor.role === "admin");
    default:
      return false;
  }
}

/** Whether everyone may see the image (and shared caches may keep it). */
export function isPublic(row: MediaRow): boolean {
  if (!row.attached) return false;
  if (row.reportStatus !== undefined && row.reportStatus !== null) return row.reportStatus === "approved";
  return true;
}
