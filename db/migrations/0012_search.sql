-- Search that understands Dutch, French and English (decision record 0012).
-- unaccent and pg_trgm are contrib extensions; PGlite loads them as modules (app/lib/db.server.ts).
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- unaccent() is STABLE (it reads its dictionary); generated columns and indexes need IMMUTABLE. The
-- dictionary and the functions are named with their schema: index builds run with a restricted search_path.
CREATE OR REPLACE FUNCTION immutable_unaccent(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, value) $$;--> statement-breakpoint
-- A name as compared by the searches: without accents, lower case, every run of spaces and punctuation one
-- space ("'s-Hertogenbosch" -> "s hertogenbosch", "Liège" -> "liege").
CREATE OR REPLACE FUNCTION search_key(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT btrim(regexp_replace(lower(public.immutable_unaccent(value)), '[^[:alnum:]]+', ' ', 'g')) $$;--> statement-breakpoint
-- The search document of one text, in every language at once: the unaccented text parsed with the simple
-- configuration (exact words) and stemmed as Dutch, French and English, so a row's language need not be
-- known. NULL is an empty document.
CREATE OR REPLACE FUNCTION search_document(body text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT to_tsvector('simple'::regconfig, d) || to_tsvector('dutch'::regconfig, d)
        || to_tsvector('french'::regconfig, d) || to_tsvector('english'::regconfig, d)
    FROM (SELECT public.immutable_unaccent(coalesce(body, '')) AS d) AS s
  $$;--> statement-breakpoint
-- The query side: every word of the search (at most 8) must match, as itself or as its Dutch, French or
-- English stem, also as the beginning of a longer word ("fleurs" -> fleur:* finds "fleuriste"). The stems
-- come from to_tsvector (no notices for stop words, unlike to_tsquery) and only letters and digits reach the
-- query, so its operators cannot be injected. NULL (matches nothing) when the text has no word.
CREATE OR REPLACE FUNCTION search_query(q text) RETURNS tsquery
  LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE STRICT
  AS $$
  DECLARE
    result tsquery;
    term tsquery;
    word text;
    n int := 0;
  BEGIN
    FOREACH word IN ARRAY regexp_split_to_array(lower(public.immutable_unaccent(q)), '[^[:alnum:]]+') LOOP
      CONTINUE WHEN word = '';
      n := n + 1;
      EXIT WHEN n > 8;
      word := left(word, 60);
      SELECT string_agg(DISTINCT quote_literal(v.lexeme) || ':*', ' | ')::tsquery INTO term
        FROM unnest(to_tsvector('simple'::regconfig, word) || to_tsvector('dutch'::regconfig, word)
          || to_tsvector('french'::regconfig, word) || to_tsvector('english'::regconfig, word)) AS v;
      CONTINUE WHEN term IS NULL;
      result := CASE WHEN result IS NULL THEN term ELSE result && term END;
    END LOOP;
    RETURN result;
  END
  $$;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
  setweight(search_document("title"), 'A') || setweight(search_document("description"), 'B')
) STORED;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
  setweight(search_document("title"), 'A') || setweight(search_document("description"), 'B')
  || setweight(search_document("venue"), 'C')
) STORED;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
  setweight(search_document("business_name"), 'A') || setweight(search_document("address"), 'C')
) STORED;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
  setweight(search_document("description"), 'B')
) STORED;--> statement-breakpoint
CREATE INDEX "promotions_search_idx" ON "promotions" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "events_search_idx" ON "events" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "merchants_search_idx" ON "merchants" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "reports_search_idx" ON "reports" USING gin ("search_vector");--> statement-breakpoint
-- Names: trigram similarity and substrings of the normalised name (near misses, "s hertogenbosch").
CREATE INDEX "merchants_name_key_trgm_idx" ON "merchants" USING gin (search_key("business_name") gin_trgm_ops);--> statement-breakpoint
-- The admin's merchant search also matches the business email as a substring.
CREATE INDEX "merchants_email_trgm_idx" ON "merchants" USING gin ("business_email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "municipalities_name_key_trgm_idx" ON "municipalities" USING gin (search_key("name") gin_trgm_ops);
