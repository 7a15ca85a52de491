-- A town's reports map: its approved reports that have a place, newest first (app/modules/report/report.server.ts,
-- approvedReportMarkers). Partial, so reports without a place cost it nothing.
CREATE INDEX IF NOT EXISTS "reports_place_idx" ON "reports" USING btree ("municipality_id", "created_at" DESC, "id" DESC) WHERE status = 'approved' and latitude is not null;
