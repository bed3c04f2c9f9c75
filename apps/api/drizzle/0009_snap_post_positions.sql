-- Post positions are kept snapped to the centre of their ~500 m grid cell (lib/geo.ts snapToPositionGrid), so radius
-- filters can't reveal where exactly a post was written. This snaps the rows written before: the same arithmetic in
-- float8 (40030 rows of 180/40030 degrees; each row split into whole columns at least one row high at its middle
-- latitude). A centre snaps to itself, so running it twice changes nothing.
WITH snapped_row AS (
  SELECT id, longitude,
    -90 + (least(40029, floor((latitude + 90) / (180::float8 / 40030))) + 0.5) * (180::float8 / 40030) AS latitude
  FROM posts
  WHERE latitude IS NOT NULL AND longitude IS NOT NULL
), row_columns AS (
  SELECT id, longitude, latitude,
    greatest(1, floor((360 * cos(latitude * pi() / 180)) / (180::float8 / 40030)))::bigint AS columns
  FROM snapped_row
)
UPDATE posts
SET latitude = row_columns.latitude,
  longitude = -180 + ((floor((row_columns.longitude + 180) / (360::float8 / row_columns.columns))::bigint
    % row_columns.columns)::float8 + 0.5) * (360::float8 / row_columns.columns)
FROM row_columns
WHERE posts.id = row_columns.id;
--> statement-breakpoint
-- A post with only one coordinate can't be placed on the grid (nor matched by a radius): it keeps neither.
UPDATE posts SET latitude = NULL, longitude = NULL WHERE (latitude IS NULL) <> (longitude IS NULL);
