/** The media sweep: hourly, uploads never saved with their form and files no row owns. */
import { registerJob, registerRecurring } from "~/lib/jobs/jobs.server";
import { sweepMedia } from "./media.server";

export const MEDIA_SWEEP_JOB = "media.sweep";

registerRecurring(MEDIA_SWEEP_JOB, { everyMs: 3_600_000 });
registerJob(MEDIA_SWEEP_JOB, async () => {
  await sweepMedia();
});
