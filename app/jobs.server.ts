/**
 * The modules whose background jobs this app runs (app/lib/jobs/jobs.server.ts). Importing a module's jobs file
 * registers its handlers; the server entry imports this file, so every process that starts the worker knows
 * every job type. Add a line here when a module gets a jobs file.
 */
import "~/lib/mail/mail.server";
import "~/lib/db/counts.jobs.server";
import "~/lib/ops/backup.jobs.server";
import "./modules/notification/notification.jobs.server";
import "./modules/notification/push.jobs.server";
import "./modules/notification/report-resolved.jobs.server";
import "./modules/privacy/privacy.jobs.server";
import "./modules/media/media.jobs.server";
