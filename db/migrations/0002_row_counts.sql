CREATE TABLE "row_counts" (
	"table_name" text PRIMARY KEY NOT NULL,
	"n" bigint NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION row_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE row_counts SET n = n + (SELECT count(*) FROM changed_rows) WHERE table_name = TG_TABLE_NAME;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION row_counts_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE row_counts SET n = n - (SELECT count(*) FROM changed_rows) WHERE table_name = TG_TABLE_NAME;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION row_counts_reset() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE row_counts SET n = 0 WHERE table_name = TG_TABLE_NAME;
  RETURN NULL;
END $$;
--> statement-breakpoint
INSERT INTO row_counts (table_name, n) SELECT 'users', count(*) FROM "users";
--> statement-breakpoint
CREATE TRIGGER users_count_insert AFTER INSERT ON "users" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_add();
--> statement-breakpoint
CREATE TRIGGER users_count_delete AFTER DELETE ON "users" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_remove();
--> statement-breakpoint
CREATE TRIGGER users_count_truncate AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION row_counts_reset();
--> statement-breakpoint
INSERT INTO row_counts (table_name, n) SELECT 'merchants', count(*) FROM "merchants";
--> statement-breakpoint
CREATE TRIGGER merchants_count_insert AFTER INSERT ON "merchants" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_add();
--> statement-breakpoint
CREATE TRIGGER merchants_count_delete AFTER DELETE ON "merchants" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_remove();
--> statement-breakpoint
CREATE TRIGGER merchants_count_truncate AFTER TRUNCATE ON "merchants" FOR EACH STATEMENT EXECUTE FUNCTION row_counts_reset();
--> statement-breakpoint
INSERT INTO row_counts (table_name, n) SELECT 'promotions', count(*) FROM "promotions";
--> statement-breakpoint
CREATE TRIGGER promotions_count_insert AFTER INSERT ON "promotions" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_add();
--> statement-breakpoint
CREATE TRIGGER promotions_count_delete AFTER DELETE ON "promotions" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_remove();
--> statement-breakpoint
CREATE TRIGGER promotions_count_truncate AFTER TRUNCATE ON "promotions" FOR EACH STATEMENT EXECUTE FUNCTION row_counts_reset();
--> statement-breakpoint
INSERT INTO row_counts (table_name, n) SELECT 'events', count(*) FROM "events";
--> statement-breakpoint
CREATE TRIGGER events_count_insert AFTER INSERT ON "events" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_add();
--> statement-breakpoint
CREATE TRIGGER events_count_delete AFTER DELETE ON "events" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_remove();
--> statement-breakpoint
CREATE TRIGGER events_count_truncate AFTER TRUNCATE ON "events" FOR EACH STATEMENT EXECUTE FUNCTION row_counts_reset();
--> statement-breakpoint
INSERT INTO row_counts (table_name, n) SELECT 'reports', count(*) FROM "reports";
--> statement-breakpoint
CREATE TRIGGER reports_count_insert AFTER INSERT ON "reports" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_add();
--> statement-breakpoint
CREATE TRIGGER reports_count_delete AFTER DELETE ON "reports" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_remove();
--> statement-breakpoint
CREATE TRIGGER reports_count_truncate AFTER TRUNCATE ON "reports" FOR EACH STATEMENT EXECUTE FUNCTION row_counts_reset();
--> statement-breakpoint
INSERT INTO row_counts (table_name, n) SELECT 'platform_event_logs', count(*) FROM "platform_event_logs";
--> statement-breakpoint
CREATE TRIGGER platform_event_logs_count_insert AFTER INSERT ON "platform_event_logs" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_add();
--> statement-breakpoint
CREATE TRIGGER platform_event_logs_count_delete AFTER DELETE ON "platform_event_logs" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_remove();
--> statement-breakpoint
CREATE TRIGGER platform_event_logs_count_truncate AFTER TRUNCATE ON "platform_event_logs" FOR EACH STATEMENT EXECUTE FUNCTION row_counts_reset();
