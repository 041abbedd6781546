CREATE TABLE "dashboard_favourites" (
	"user_id" integer NOT NULL,
	"dashboard_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dashboard_favourites_user_id_dashboard_id_pk" PRIMARY KEY("user_id","dashboard_id")
);
--> statement-breakpoint
ALTER TABLE "dashboard_favourites" ADD CONSTRAINT "dashboard_favourites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_favourites" ADD CONSTRAINT "dashboard_favourites_dashboard_id_dashboards_id_fk" FOREIGN KEY ("dashboard_id") REFERENCES "public"."dashboards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dashboard_favourites_dashboard_idx" ON "dashboard_favourites" USING btree ("dashboard_id");--> statement-breakpoint
CREATE INDEX "dashboard_views_viewed_at_idx" ON "dashboard_views" USING btree ("viewed_at","dashboard_id","user_id");