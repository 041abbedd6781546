CREATE TABLE "embed_connections" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"provider" text NOT NULL,
	"settings" jsonb NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dashboards" ADD COLUMN "embed_mode" text DEFAULT 'url' NOT NULL;--> statement-breakpoint
ALTER TABLE "dashboards" ADD COLUMN "connection_id" integer;--> statement-breakpoint
ALTER TABLE "dashboards" ADD COLUMN "embed_target" jsonb;--> statement-breakpoint
ALTER TABLE "organization_dashboards" ADD COLUMN "data_scope" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "embed_connections_name_idx" ON "embed_connections" USING btree ("name");--> statement-breakpoint
ALTER TABLE "dashboards" ADD CONSTRAINT "dashboards_connection_id_embed_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."embed_connections"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dashboards_connection_idx" ON "dashboards" USING btree ("connection_id");