-- Search (GET /api/search?q=) finds businesses by category as well as by name: an index for each side of the OR.
CREATE INDEX "businesses_category_idx" ON "businesses" USING btree ("category");