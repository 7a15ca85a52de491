CREATE TABLE "row_count_deltas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"table_name" text NOT NULL,
	"n" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "row_count_deltas_table_name_idx" ON "row_count_deltas" USING btree ("table_name");--> statement-breakpoint
-- The counting triggers of 0002 updated one row per table: every transaction that inserted a report (or an audit
-- row, which nearly every write makes) held that row's lock until it committed, so concurrent writers queued
-- behind each other's whole transaction. They now insert a delta row, which conflicts with nothing.
CREATE OR REPLACE FUNCTION row_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO row_count_deltas (table_name, n)
    SELECT TG_TABLE_NAME, c FROM (SELECT count(*) AS c FROM changed_rows) s WHERE c > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION row_counts_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO row_count_deltas (table_name, n)
    SELECT TG_TABLE_NAME, -c FROM (SELECT count(*) AS c FROM changed_rows) s WHERE c > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION row_counts_reset() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM row_count_deltas WHERE table_name = TG_TABLE_NAME;
  UPDATE row_counts SET n = 0 WHERE table_name = TG_TABLE_NAME;
  RETURN NULL;
END $$;
