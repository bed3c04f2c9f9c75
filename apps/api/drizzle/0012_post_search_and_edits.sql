-- Full-text search over posts (title, content, tags): one immutable function builds the document, so the GIN index
-- and every search use the same expression. array_to_string is only "stable" (element output functions could
-- depend on settings); for text[] it is not, so wrapping it as immutable is safe. 'english' stems words ("tacos"
-- finds "taco"); title and tags weigh more than the text.
CREATE FUNCTION posts_search_document(title text, content text, tags text[]) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A')
    || setweight(to_tsvector('english'::regconfig, coalesce(array_to_string(tags, ' '), '')), 'A')
    || setweight(to_tsvector('english'::regconfig, coalesce(content, '')), 'B') $$;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "posts_search_idx" ON "posts" USING gin (posts_search_document("title", "content", "tags"));
