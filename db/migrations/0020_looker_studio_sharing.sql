CREATE TABLE "looker_sharing" (
	"id" serial PRIMARY KEY NOT NULL,
	"connection_id" integer NOT NULL,
	"asset_name" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"granted" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"link_sharing_off" boolean DEFAULT false NOT NULL,
	"last_synced_at" timestamp with time zone,
	"error" text,
	"out_of_step_since" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "embed_connections" ADD COLUMN "last_sync" jsonb;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "google_group" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "google_account" text;--> statement-breakpoint
ALTER TABLE "looker_sharing" ADD CONSTRAINT "looker_sharing_connection_id_embed_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."embed_connections"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "looker_sharing_asset_idx" ON "looker_sharing" USING btree ("connection_id","asset_name");--> statement-breakpoint
CREATE INDEX "looker_sharing_state_idx" ON "looker_sharing" USING btree ("state");