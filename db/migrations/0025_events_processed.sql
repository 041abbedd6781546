ALTER TABLE "outbox_events" ADD COLUMN "processed_at" timestamp with time zone;--> statement-breakpoint
-- Events published before this column existed were handled then (or are still on the queue): none is published again.
UPDATE "outbox_events" SET "processed_at" = "published_at" WHERE "published_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "outbox_events_unprocessed_idx" ON "outbox_events" USING btree ("published_at") WHERE "outbox_events"."published_at" is not null and "outbox_events"."processed_at" is null;--> statement-breakpoint
CREATE INDEX "outbox_events_booking_idx" ON "outbox_events" USING btree ((("payload"->>'bookingId')::integer),"created_at") WHERE "outbox_events"."type" in ('booking.created', 'booking.rescheduled');