CREATE TABLE "case_studies" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"client" text NOT NULL,
	"problem" text DEFAULT '' NOT NULL,
	"picture_url" text,
	"outcome" text DEFAULT '' NOT NULL,
	"quote" text DEFAULT '' NOT NULL,
	"quote_author" text DEFAULT '' NOT NULL,
	"quote_role" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_published" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_pages" (
	"key" text PRIMARY KEY NOT NULL,
	"markdown" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "case_studies_slug_unique" ON "case_studies" USING btree (lower("slug"));--> statement-breakpoint
CREATE INDEX "case_studies_published_idx" ON "case_studies" USING btree ("is_published","position");