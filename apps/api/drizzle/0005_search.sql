-- Search (GET /api/search?q=) matches substrings with ILIKE; trigram GIN indexes make that indexable.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_username_trgm_idx ON users USING gin (username gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_full_name_trgm_idx ON users USING gin ((coalesce(first_name, '') || ' ' || coalesce(last_name, '')) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS businesses_name_trgm_idx ON businesses USING gin (name gin_trgm_ops);
