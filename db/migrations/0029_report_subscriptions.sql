CREATE TABLE "report_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"dashboard_id" integer NOT NULL,
	"frequency" text NOT NULL,
	"weekday" smallint,
	"day_of_month" smallint,
	"time" text NOT NULL,
	"time_zone" text NOT NULL,
	"format" text NOT NULL,
	"recipient_user_ids" integer[],
	"next_run_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"run_id" integer NOT NULL,
	"subscription_id" integer NOT NULL,
	"organization_id" integer NOT NULL,
	"user_id" integer,
	"email" text NOT NULL,
	"file_name" text NOT NULL,
	"status" text DEFAULT 'sending' NOT NULL,
	"error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL,
	"scheduled_for" timestamp with time zone,
	"trigger" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"file_name" text,
	"file_bytes" integer,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_unsubscribes" (
	"subscription_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"via" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_unsubscribes_subscription_id_user_id_pk" PRIMARY KEY("subscription_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "report_subscriptions" ADD CONSTRAINT "report_subscriptions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_subscriptions" ADD CONSTRAINT "report_subscriptions_dashboard_id_dashboards_id_fk" FOREIGN KEY ("dashboard_id") REFERENCES "public"."dashboards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_subscriptions" ADD CONSTRAINT "report_subscriptions_link_fk" FOREIGN KEY ("organization_id","dashboard_id") REFERENCES "public"."organization_dashboards"("organization_id","dashboard_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_deliveries" ADD CONSTRAINT "subscription_deliveries_run_id_subscription_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."subscription_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_deliveries" ADD CONSTRAINT "subscription_deliveries_subscription_id_report_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."report_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_deliveries" ADD CONSTRAINT "subscription_deliveries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_deliveries" ADD CONSTRAINT "subscription_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_runs" ADD CONSTRAINT "subscription_runs_subscription_id_report_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."report_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_unsubscribes" ADD CONSTRAINT "subscription_unsubscribes_subscription_id_report_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."report_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_unsubscribes" ADD CONSTRAINT "subscription_unsubscribes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_subscriptions_next_run_idx" ON "report_subscriptions" USING btree ("next_run_at");--> statement-breakpoint
CREATE INDEX "report_subscriptions_link_idx" ON "report_subscriptions" USING btree ("organization_id","dashboard_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_deliveries_run_email_idx" ON "subscription_deliveries" USING btree ("run_id",lower("email"));--> statement-breakpoint
CREATE INDEX "subscription_deliveries_subscription_idx" ON "subscription_deliveries" USING btree ("subscription_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_runs_scheduled_idx" ON "subscription_runs" USING btree ("subscription_id","scheduled_for") WHERE scheduled_for is not null;--> statement-breakpoint
CREATE INDEX "subscription_runs_subscription_idx" ON "subscription_runs" USING btree ("subscription_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_runs_one_send_now_idx" ON "subscription_runs" USING btree ("subscription_id") WHERE trigger = 'send-now' and state in ('pending', 'exporting');--> statement-breakpoint
CREATE INDEX "subscription_runs_open_idx" ON "subscription_runs" USING btree ("state") WHERE state in ('pending', 'exporting');--> statement-breakpoint
CREATE INDEX "subscription_unsubscribes_user_idx" ON "subscription_unsubscribes" USING btree ("user_id");