-- Issue 27, decision 049: every contact message (not spam) and every consultation booking is a lead, one lead per
-- person (their address trimmed and lower-cased). Kept by the database, in the transaction of the message or booking
-- itself, so that no path (the contact form's batched insert, the booking form, the scheduling service's webhook, a
-- script) can store one without its lead. Custom SQL: drizzle-kit writes no functions or triggers.
--
-- A new message or booking makes the lead, or brings it up to date: the name they gave last, the business they named
-- last, the time of their last activity. A booking moves a lead that is 'new' or 'contacted' on to 'consultation';
-- any other status (set by an administrator, or 'won' by a conversion) is left as it is.
CREATE OR REPLACE FUNCTION "leads_record_activity"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  is_booking boolean := TG_TABLE_NAME = 'bookings';
  business text := CASE WHEN TG_TABLE_NAME = 'bookings' THEN nullif(btrim(to_jsonb(NEW) ->> 'business_name'), '') END;
BEGIN
  INSERT INTO "leads" AS l ("email", "name", "business_name", "status", "last_activity_at", "created_at")
  VALUES (
    lower(btrim(NEW."email")),
    NEW."name",
    business,
    CASE WHEN is_booking THEN 'consultation' ELSE 'new' END,
    NEW."created_at",
    NEW."created_at"
  )
  ON CONFLICT ("email") DO UPDATE SET
    "name" = EXCLUDED."name",
    "business_name" = coalesce(EXCLUDED."business_name", l."business_name"),
    "status" = CASE WHEN is_booking AND l."status" IN ('new', 'contacted') THEN 'consultation' ELSE l."status" END,
    "last_activity_at" = greatest(l."last_activity_at", EXCLUDED."last_activity_at"),
    "updated_at" = now();
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "contact_messages_lead" AFTER INSERT ON "contact_messages"
  FOR EACH ROW WHEN (NOT NEW."is_spam") EXECUTE FUNCTION "leads_record_activity"();
--> statement-breakpoint
CREATE TRIGGER "bookings_lead" AFTER INSERT ON "bookings"
  FOR EACH ROW EXECUTE FUNCTION "leads_record_activity"();
--> statement-breakpoint
-- The lead's messages and bookings are found by the normalised address.
CREATE INDEX IF NOT EXISTS "contact_messages_email_key_idx" ON "contact_messages" (lower(btrim("email")), "created_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "bookings_email_key_idx" ON "bookings" (lower(btrim("email")), "created_at");
--> statement-breakpoint
-- The messages and bookings stored before: one lead per person, named as they were last, 'consultation' when they
-- booked, 'new' otherwise.
INSERT INTO "leads" ("email", "name", "business_name", "status", "last_activity_at", "created_at")
SELECT
  a.key,
  (array_agg(a.name ORDER BY a.at DESC, a.is_booking DESC))[1],
  (array_agg(a.business ORDER BY a.at DESC) FILTER (WHERE a.business IS NOT NULL))[1],
  CASE WHEN bool_or(a.is_booking) THEN 'consultation' ELSE 'new' END,
  max(a.at),
  min(a.at)
FROM (
  SELECT lower(btrim("email")) AS key, "name", NULL::text AS business, false AS is_booking, "created_at" AS at
  FROM "contact_messages" WHERE NOT "is_spam"
  UNION ALL
  SELECT lower(btrim("email")), "name", nullif(btrim("business_name"), ''), true, "created_at"
  FROM "bookings"
) a
GROUP BY a.key
ON CONFLICT ("email") DO NOTHING;
