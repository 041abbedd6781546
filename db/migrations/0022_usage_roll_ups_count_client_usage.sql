-- D37 (issue 26, decision 042): usage is clients' usage. The roll-ups of decision 039 count only the views whose
-- "client_usage" (migration 0021: not by an administrator, and loaded) is true; an update that turns a failed load
-- into a loaded one (the viewer's 'Try again') adds it, as an update always did: it takes away the old row and adds
-- the new one, each only when it is client usage.
-- The table is locked first: nothing is inserted between the new function and the backfill.
LOCK TABLE "dashboard_views" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "dashboard_views_roll_up"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "dashboard_view_hours" AS r ("hour", "views")
      SELECT date_trunc('hour', "viewed_at", 'UTC'), count(*) FROM added WHERE "client_usage" GROUP BY 1 ORDER BY 1
      ON CONFLICT ("hour") DO UPDATE SET "views" = r."views" + excluded."views";
    INSERT INTO "dashboard_view_months" AS r ("month", "dashboard_id", "views")
      SELECT date_trunc('month', "viewed_at", 'UTC'), "dashboard_id", count(*) FROM added WHERE "client_usage" GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT ("month", "dashboard_id") DO UPDATE SET "views" = r."views" + excluded."views";
    INSERT INTO "person_view_months" AS r ("month", "user_id", "views")
      SELECT date_trunc('month', "viewed_at", 'UTC'), "user_id", count(*) FROM added
      WHERE "client_usage" AND "user_id" IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT ("month", "user_id") DO UPDATE SET "views" = r."views" + excluded."views";
    INSERT INTO "organization_view_months" AS r ("month", "organization_id", "views")
      SELECT date_trunc('month', a."viewed_at", 'UTC'), o.id, count(*) FROM added a, unnest(a."organization_ids") AS o(id)
      WHERE a."client_usage" AND EXISTS (SELECT 1 FROM "organizations" WHERE "organizations"."id" = o.id) GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT ("month", "organization_id") DO UPDATE SET "views" = r."views" + excluded."views";
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    -- Plain updates: a row already gone with its person, dashboard or organization (a cascade) has nothing to subtract.
    UPDATE "dashboard_view_hours" r SET "views" = r."views" - c.n
      FROM (SELECT date_trunc('hour', "viewed_at", 'UTC') AS "hour", count(*) AS n FROM removed WHERE "client_usage" GROUP BY 1 ORDER BY 1) c
      WHERE r."hour" = c."hour";
    UPDATE "dashboard_view_months" r SET "views" = r."views" - c.n
      FROM (SELECT date_trunc('month', "viewed_at", 'UTC') AS "month", "dashboard_id", count(*) AS n FROM removed
            WHERE "client_usage" GROUP BY 1, 2 ORDER BY 1, 2) c
      WHERE r."month" = c."month" AND r."dashboard_id" = c."dashboard_id";
    UPDATE "person_view_months" r SET "views" = r."views" - c.n
      FROM (SELECT date_trunc('month', "viewed_at", 'UTC') AS "month", "user_id", count(*) AS n FROM removed
            WHERE "client_usage" AND "user_id" IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2) c
      WHERE r."month" = c."month" AND r."user_id" = c."user_id";
    UPDATE "organization_view_months" r SET "views" = r."views" - c.n
      FROM (SELECT date_trunc('month', d."viewed_at", 'UTC') AS "month", o.id AS "organization_id", count(*) AS n
            FROM removed d, unnest(d."organization_ids") AS o(id) WHERE d."client_usage" GROUP BY 1, 2 ORDER BY 1, 2) c
      WHERE r."month" = c."month" AND r."organization_id" = c."organization_id";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Views recorded before this migration did not say who was an administrator then: those of people who are
-- administrators now are taken for previews. The update trigger above takes them out of the roll-ups.
UPDATE "dashboard_views" v SET "by_admin" = true FROM "users" u WHERE u."id" = v."user_id" AND u."is_admin";
