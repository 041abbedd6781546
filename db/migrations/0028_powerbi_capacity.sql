CREATE TABLE "capacity_pauses" (
	"id" serial PRIMARY KEY NOT NULL,
	"connection_id" integer NOT NULL,
	"paused_at" timestamp with time zone NOT NULL,
	"resumed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "dashboard_target_problems" (
	"dashboard_id" integer PRIMARY KEY NOT NULL,
	"problem" text NOT NULL,
	"found_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "powerbi_capacities" (
	"connection_id" integer PRIMARY KEY NOT NULL,
	"subscription_id" text NOT NULL,
	"resource_group" text NOT NULL,
	"capacity_name" text NOT NULL,
	"kind" text NOT NULL,
	"time_zone" text NOT NULL,
	"active_from" text NOT NULL,
	"active_to" text NOT NULL,
	"active_days" smallint[] NOT NULL,
	"idle_minutes" integer NOT NULL,
	"hourly_price" numeric(12, 4),
	"last_viewer_at" timestamp with time zone,
	"resume_requested_at" timestamp with time zone,
	"held_until" timestamp with time zone,
	"last_state" text,
	"checked_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "capacity_pauses" ADD CONSTRAINT "capacity_pauses_connection_id_embed_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."embed_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_target_problems" ADD CONSTRAINT "dashboard_target_problems_dashboard_id_dashboards_id_fk" FOREIGN KEY ("dashboard_id") REFERENCES "public"."dashboards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "powerbi_capacities" ADD CONSTRAINT "powerbi_capacities_connection_id_embed_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."embed_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "capacity_pauses_connection_idx" ON "capacity_pauses" USING btree ("connection_id","paused_at");