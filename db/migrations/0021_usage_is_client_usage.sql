DROP INDEX "dashboard_views_viewed_at_idx";--> statement-breakpoint
DROP INDEX "dashboard_views_organizations_idx";--> statement-breakpoint
ALTER TABLE "dashboard_views" ADD COLUMN "by_admin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "dashboard_views" ADD COLUMN "loaded" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "dashboard_views" ADD COLUMN "client_usage" boolean GENERATED ALWAYS AS (not by_admin and loaded) STORED;--> statement-breakpoint
CREATE INDEX "dashboard_views_client_dashboard_idx" ON "dashboard_views" USING btree ("dashboard_id","viewed_at") WHERE client_usage;--> statement-breakpoint
CREATE INDEX "dashboard_views_apart_idx" ON "dashboard_views" USING btree ("viewed_at","dashboard_id") WHERE not client_usage;--> statement-breakpoint
CREATE INDEX "dashboard_views_viewed_at_idx" ON "dashboard_views" USING btree ("viewed_at","dashboard_id","user_id") WHERE client_usage;--> statement-breakpoint
CREATE INDEX "dashboard_views_organizations_idx" ON "dashboard_views" USING gin ("organization_ids") WHERE client_usage;