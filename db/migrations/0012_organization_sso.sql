CREATE TABLE "organization_sso" (
	"organization_id" integer PRIMARY KEY NOT NULL,
	"issuer" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret" text NOT NULL,
	"allow_account_creation" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization_sso_domains" (
	"domain" text PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_states" (
	"id" text PRIMARY KEY NOT NULL,
	"browser_hash" text NOT NULL,
	"organization_id" integer,
	"nonce" text NOT NULL,
	"redirect" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "organization_sso" ADD CONSTRAINT "organization_sso_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_sso_domains" ADD CONSTRAINT "organization_sso_domains_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_states" ADD CONSTRAINT "sso_states_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organization_sso_domains_org_idx" ON "organization_sso_domains" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "sso_states_created_idx" ON "sso_states" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sso_states_nonce_unique" ON "sso_states" USING btree ("nonce");