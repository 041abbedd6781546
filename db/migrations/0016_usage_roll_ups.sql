CREATE TABLE "dashboard_view_hours" (
	"hour" timestamp with time zone PRIMARY KEY NOT NULL,
	"views" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard_view_months" (
	"month" timestamp with time zone NOT NULL,
	"dashboard_id" integer NOT NULL,
	"views" integer NOT NULL,
	CONSTRAINT "dashboard_view_months_month_dashboard_id_pk" PRIMARY KEY("month","dashboard_id")
);
--> statement-breakpoint
CREATE TABLE "organization_view_months" (
	"month" timestamp with time zone NOT NULL,
	"organization_id" integer NOT NULL,
	"views" integer NOT NULL,
	CONSTRAINT "organization_view_months_month_organization_id_pk" PRIMARY KEY("month","organization_id")
);
--> statement-breakpoint
CREATE TABLE "person_view_months" (
	"month" timestamp with time zone NOT NULL,
	"user_id" integer NOT NULL,
	"views" integer NOT NULL,
	CONSTRAINT "person_view_months_month_user_id_pk" PRIMARY KEY("month","user_id")
);
--> statement-breakpoint
ALTER TABLE "dashboard_views" ADD COLUMN "organization_ids" integer[];--> statement-breakpoint
ALTER TABLE "dashboard_view_months" ADD CONSTRAINT "dashboard_view_months_dashboard_id_dashboards_id_fk" FOREIGN KEY ("dashboard_id") REFERENCES "public"."dashboards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_view_months" ADD CONSTRAINT "organization_view_months_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_view_months" ADD CONSTRAINT "person_view_months_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dashboard_views_organizations_idx" ON "dashboard_views" USING gin ("organization_ids");