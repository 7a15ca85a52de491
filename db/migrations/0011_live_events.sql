-- Live events: one row per new item of a municipality's live stream, in commit order, so a
-- reader that reconnects with Last-Event-ID gets exactly what it missed. Filled by triggers, whatever code
-- path inserts the rows; only rows created in the last hour count (bulk imports of history are not "live").
-- The transaction-level advisory lock makes ids commit in the order they were taken.
CREATE TABLE "live_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"municipality_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"ref_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_events_kind_check" CHECK (kind in ('user', 'merchant', 'promotion', 'event', 'report'))
);
--> statement-breakpoint
ALTER TABLE "live_events" ADD CONSTRAINT "live_events_municipality_id_municipalities_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipalities"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "live_events_municipality_id_idx" ON "live_events" USING btree ("municipality_id","id");
--> statement-breakpoint
CREATE FUNCTION live_events_capture() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	n integer;
BEGIN
	IF TG_TABLE_NAME = 'users' THEN
		SELECT count(*) INTO n FROM new_rows WHERE role = 'user' AND municipality_id IS NOT NULL AND created_at > now() - interval '1 hour';
	ELSIF TG_TABLE_NAME = 'reports' AND TG_OP = 'UPDATE' THEN
		SELECT count(*) INTO n FROM new_rows r JOIN old_rows o ON o.id = r.id WHERE r.status = 'approved' AND o.status <> 'approved';
	ELSIF TG_TABLE_NAME = 'reports' THEN
		SELECT count(*) INTO n FROM new_rows WHERE status = 'approved' AND created_at > now() - interval '1 hour';
	ELSE
		EXECUTE 'SELECT count(*) FROM new_rows WHERE municipality_id IS NOT NULL AND created_at > now() - interval ''1 hour''' INTO n;
	END IF;
	IF n = 0 THEN
		RETURN NULL;
	END IF;
	PERFORM pg_advisory_xact_lock(727275);
	IF TG_TABLE_NAME = 'users' THEN
		INSERT INTO live_events (municipality_id, kind, ref_id)
			SELECT municipality_id, 'user', id::text FROM new_rows
			WHERE role = 'user' AND municipality_id IS NOT NULL AND created_at > now() - interval '1 hour' ORDER BY created_at, id;
	ELSIF TG_TABLE_NAME = 'reports' AND TG_OP = 'UPDATE' THEN
		INSERT INTO live_events (municipality_id, kind, ref_id)
			SELECT r.municipality_id, 'report', r.id::text FROM new_rows r JOIN old_rows o ON o.id = r.id
			WHERE r.status = 'approved' AND o.status <> 'approved' ORDER BY r.created_at, r.id;
	ELSIF TG_TABLE_NAME = 'reports' THEN
		INSERT INTO live_events (municipality_id, kind, ref_id)
			SELECT municipality_id, 'report', id::text FROM new_rows
			WHERE status = 'approved' AND created_at > now() - interval '1 hour' ORDER BY created_at, id;
	ELSE
		EXECUTE format(
			'INSERT INTO live_events (municipality_id, kind, ref_id) SELECT municipality_id, %L, id::text FROM new_rows '
			'WHERE municipality_id IS NOT NULL AND created_at > now() - interval ''1 hour'' ORDER BY created_at, id',
			TG_ARGV[0]);
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_live_events" AFTER INSERT ON "users" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION live_events_capture('user');
--> statement-breakpoint
CREATE TRIGGER "merchants_live_events" AFTER INSERT ON "merchants" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION live_events_capture('merchant');
--> statement-breakpoint
CREATE TRIGGER "promotions_live_events" AFTER INSERT ON "promotions" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION live_events_capture('promotion');
--> statement-breakpoint
CREATE TRIGGER "events_live_events" AFTER INSERT ON "events" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION live_events_capture('event');
--> statement-breakpoint
CREATE TRIGGER "reports_live_events_insert" AFTER INSERT ON "reports" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION live_events_capture('report');
--> statement-breakpoint
CREATE TRIGGER "reports_live_events_update" AFTER UPDATE ON "reports" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION live_events_capture('report');
