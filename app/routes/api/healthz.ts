import { pingDatabase } from "~/lib/db.server";
import { log } from "~/lib/log.server";

/** 200 when the database answers, 503 otherwise. */
export async function loader() {
  try {
    await pingDatabase();
    return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
  } catch (err) {
    log("error", "health check failed", { err });
    return Response.json({ status: "unavailable" }, { status: 503, headers: { "Cache-Control": "no-store" } });
  }
}
