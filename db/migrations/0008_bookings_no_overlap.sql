-- Issue 16: no two confirmed bookings may overlap, whatever their length (a 60-minute booking from the scheduling
-- service cannot cover a 30-minute one, nor a move land on a taken time). The unique index on the start stays; this
-- refuses every overlap with SQLSTATE 23P01, which the API answers like the unique violation (409). Fails if the
-- database already holds overlapping confirmed bookings: see docs/operations.md for the query that finds them.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_confirmed_no_overlap" EXCLUDE USING gist (tstzrange("starts_at", "ends_at", '[)') WITH &&) WHERE ("status" = 'confirmed');
