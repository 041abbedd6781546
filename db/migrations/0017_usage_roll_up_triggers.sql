-- The usage report's roll-ups (issue 18, decision 039), kept by the database itself so that every writer of
-- dashboard_views (the view recorder, a cascade from a deleted person or dashboard, the personal-data erase, a test's
-- factory, a bulk load) leaves them equal to it. Custom SQL: drizzle-kit writes no functions or triggers.
--
-- 1. Attribution: a view counts for the organizations the viewer is a member of AND that have the dashboard linked,
--    fixed when it is recorded (a person who leaves later does not take their past views along).
-- 2. Roll-ups: views per UTC hour, and per UTC month and dashboard, person, organization; statement triggers with
--    transition tables add what an insert adds and take away what a delete removes (an update does both), in key
--    order so that concurrent writers lock rows in the same order.
-- The table is locked first: nothing is inserted between the backfill and the triggers.
LOCK TABLE "dashboard_views" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "dashboard_views_attribute"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."organization_ids" IS NULL THEN
    NEW."organization_ids" := CASE WHEN NEW."user_id" IS NULL THEN '{}'::integer[] ELSE ARRAY(
      SELECT m."organization_id" FROM "memberships" m
      JOIN "organization_dashboards" l ON l."organization_id" = m."organization_id" AND l."dashboard_id" = NEW."dashboard_id"
      WHERE m."user_id" = NEW."user_id"
      ORDER BY m."organization_id") END;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "dashboard_views_attribute" BEFORE INSERT ON "dashboard_views"
  FOR EACH ROW EXECUTE FUNCTION "dashboard_views_attribute"();
--> statement-breakpoint
UPDATE "dashboard_views" v SET "organization_ids" = CASE WHEN v."user_id" IS NULL THEN '{}'::integer[] ELSE ARRAY(
  SELECT m."organization_id" FROM "memberships" m
  JOIN "organization_dashboards" l ON l."organization_id" = m."organization_id" AND l."dashboard_id" = v."dashboard_id"
  WHERE m."user_id" = v."user_id"
  ORDER BY m."organization_id") END
WHERE v."organization_ids" IS NULL;
--> statement-breakpoint
INSERT INTO "dashboard_view_hours" ("hour", "views")
  SELECT date_trunc('hour', "viewed_at", 'UTC'), count(*) FROM "dashboard_views" GROUP BY 1;
--> statement-breakpoint
INSERT INTO "dashboard_view_months" ("month", "dashboard_id", "views")
  SELECT date_trunc('month', "viewed_at", 'UTC'), "dashboard_id", count(*) FROM "dashboard_views" GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO "person_view_months" ("month", "user_id", "views")
  SELECT date_trunc('month', "viewed_at", 'UTC'), "user_id", count(*) FROM "dashboard_views"
  WHERE "user_id" IS NOT NULL GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO "organization_view_months" ("month", "organization_id", "views")
  SELECT date_trunc('month', v."viewed_at", 'UTC'), o.id, count(*)
  FROM "dashboard_views" v, unnest(v."organization_ids") AS o(id)
  WHERE EXISTS (SELECT 1 FROM "organizations" WHERE "organizations"."id" = o.id) GROUP BY 1, 2;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "dashboard_views_roll_up"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "dashboard_view_hours" AS r ("hour", "views")
      SELECT date_trunc('hour', "viewed_at", 'UTC'), count(*) FROM added GROUP BY 1 ORDER BY 1
      ON CONFLICT ("hour") DO UPDATE SET "views" = r."views" + excluded."views";
    INSERT INTO "dashboard_view_months" AS r ("month", "dashboard_id", "views")
      SELECT date_trunc('month', "viewed_at", 'UTC'), "dashboard_id", count(*) FROM added GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT ("month", "dashboard_id") DO UPDATE SET "views" = r."views" + excluded."views";
    INSERT INTO "person_view_months" AS r ("month", "user_id", "views")
      SELECT date_trunc('month', "viewed_at", 'UTC'), "user_id", count(*) FROM added
      WHERE "user_id" IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT ("month", "user_id") DO UPDATE SET "views" = r."views" + excluded."views";
    INSERT INTO "organization_view_months" AS r ("month", "organization_id", "views")
      SELECT date_trunc('month', a."viewed_at", 'UTC'), o.id, count(*) FROM added a, unnest(a."organization_ids") AS o(id)
      WHERE EXISTS (SELECT 1 FROM "organizations" WHERE "organizations"."id" = o.id) GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT ("month", "organization_id") DO UPDATE SET "views" = r."views" + excluded."views";
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    -- Plain updates: a row already gone with its person, dashboard or organization (a cascade) has nothing to subtract.
    UPDATE "dashboard_view_hours" r SET "views" = r."views" - c.n
      FROM (SELECT date_trunc('hour', "viewed_at", 'UTC') AS "hour", count(*) AS n FROM removed GROUP BY 1 ORDER BY 1) c
      WHERE r."hour" = c."hour";
    UPDATE "dashboard_view_months" r SET "views" = r."views" - c.n
      FROM (SELECT date_trunc('month', "viewed_at", 'UTC') AS "month", "dashboard_id", count(*) AS n FROM removed
            GROUP BY 1, 2 ORDER BY 1, 2) c
      WHERE r."month" = c."month" AND r."dashboard_id" = c."dashboard_id";
    UPDATE "person_view_months" r SET "views" = r."views" - c.n
      FROM (SELECT date_trunc('month', "viewed_at", 'UTC') AS "month", "user_id", count(*) AS n FROM removed
            WHERE "user_id" IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2) c
      WHERE r."month" = c."month" AND r."user_id" = c."user_id";
    UPDATE "organization_view_months" r SET "views" = r."views" - c.n
      FROM (SELECT date_trunc('month', d."viewed_at", 'UTC') AS "month", o.id AS "organization_id", count(*) AS n
            FROM removed d, unnest(d."organization_ids") AS o(id) GROUP BY 1, 2 ORDER BY 1, 2) c
      WHERE r."month" = c."month" AND r."organization_id" = c."organization_id";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "dashboard_views_roll_up_insert" AFTER INSERT ON "dashboard_views"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_views_roll_up"();
--> statement-breakpoint
CREATE TRIGGER "dashboard_views_roll_up_update" AFTER UPDATE ON "dashboard_views"
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_views_roll_up"();
--> statement-breakpoint
CREATE TRIGGER "dashboard_views_roll_up_delete" AFTER DELETE ON "dashboard_views"
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_views_roll_up"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "dashboard_views_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE "dashboard_view_hours", "dashboard_view_months", "person_view_months", "organization_view_months";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "dashboard_views_truncated" AFTER TRUNCATE ON "dashboard_views"
  FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_views_truncated"();
