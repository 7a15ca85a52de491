-- Places (issue: places and maps): where a report happened, where a merchant is, where a town's maps open.
ALTER TABLE "municipalities" ADD COLUMN "center_lat" double precision;
--> statement-breakpoint
ALTER TABLE "municipalities" ADD COLUMN "center_lng" double precision;
--> statement-breakpoint
ALTER TABLE "municipalities" ADD COLUMN "map_zoom" smallint;
--> statement-breakpoint
ALTER TABLE "municipalities" ADD CONSTRAINT "municipalities_center_check" CHECK ((center_lat is null and center_lng is null) or (center_lat between -90 and 90 and center_lng between -180 and 180));
--> statement-breakpoint
ALTER TABLE "municipalities" ADD CONSTRAINT "municipalities_map_zoom_check" CHECK (map_zoom is null or map_zoom between 1 and 19);
--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "latitude" double precision;
--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "longitude" double precision;
--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_place_check" CHECK ((latitude is null and longitude is null) or (latitude between -90 and 90 and longitude between -180 and 180));
--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "latitude" double precision;
--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "longitude" double precision;
--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "location_accuracy" real;
--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "place_text" text;
--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_place_check" CHECK ((latitude is null and longitude is null) or (latitude between -90 and 90 and longitude between -180 and 180));
--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_place_text_check" CHECK (place_text is null or char_length(place_text) <= 200);
