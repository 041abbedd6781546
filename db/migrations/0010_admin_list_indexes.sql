-- The administration lists at scale (issue 18, decision 038): each list's filtered, sorted page is served by an
-- index. `q` and the text filters are ILIKE '%...%' searches, which trigram indexes (pg_trgm, a trusted extension
-- the database owner may create) answer without reading every row; the sort keys have B-tree indexes that end in
-- the id that breaks ties.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_name_trgm_idx" ON "users" USING gin ((coalesce("first_name", '') || ' ' || coalesce("last_name", '')) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_name_sort_idx" ON "users" (lower(coalesce("first_name", '') || ' ' || coalesce("last_name", '')), "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_last_login_sort_idx" ON "users" (coalesce("last_login_at", '-infinity'::timestamptz), "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_created_sort_idx" ON "users" ("created_at", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "organizations_name_trgm_idx" ON "organizations" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "organizations_name_sort_idx" ON "organizations" (lower("name"), "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "dashboards_name_trgm_idx" ON "dashboards" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "dashboards_name_sort_idx" ON "dashboards" (lower("name"), "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_log_created_id_idx" ON "audit_log" ("created_at", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_log_actor_email_trgm_idx" ON "audit_log" USING gin ("actor_email" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_log_action_trgm_idx" ON "audit_log" USING gin ("action" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_log_search_trgm_idx" ON "audit_log" USING gin ((coalesce("actor_email", '') || E'\n' || "action" || E'\n' || "target_type" || E'\n' || coalesce("target_id", '') || E'\n' || coalesce("changes" ->> 'targetName', '')) gin_trgm_ops);
