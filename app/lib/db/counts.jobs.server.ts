/**
 * `row_counts.compact`, every five minutes: folds the counting triggers' delta rows into `row_counts`
 * (migration 0016), so a count reads at most a few minutes of deltas.
 */
import { compactRowCounts } from "./counts.server";
import { registerJob, registerRecurring } from "~/lib/jobs/jobs.server";

const COMPACT_JOB = "row_counts.compact";

registerRecurring(COMPACT_JOB, { everyMs: 5 * 60_000 });
registerJob(COMPACT_JOB, async (_payload, { db }) => {
  await compactRowCounts(db);
});
