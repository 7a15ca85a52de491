import cluster from "node:cluster";
import { pingDatabase } from "~/lib/db/db.server";
import { log } from "~/lib/log.server";

/** 200 when the database answers, 503 otherwise; says which process answered (one of the cluster's workers). */
export async function loader() {
  const proc = { worker: cluster.worker?.id ?? 0, pid: process.pid };
  try {
    await pingDatabase();
    return Response.json({ status: "ok", ...proc }, { headers: { "Cache-Control": "no-store" } });
  } catch (err) {
    log("error", "health check failed", { err });
    return Response.json({ status: "unavailable", ...proc }, { status: 503, headers: { "Cache-Control": "no-store" } });
  }
}
