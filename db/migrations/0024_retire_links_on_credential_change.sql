-- Issue 26, decision 045: every way a person's password or address changes (account page, reset link, invitation,
-- e-mail-change link, an administrator's edit, the create-admin command, a script) retires the links still waiting
-- for that person: invitation and reset links (D5, D6) and e-mail-change links. Kept by the database, in the
-- transaction of the change itself, so that no path can forget it and no link can be used after the change commits.
-- Custom SQL: drizzle-kit writes no functions or triggers.
--
-- 1. When the password was set: password_changed_at follows every change of password_hash.
CREATE OR REPLACE FUNCTION "users_password_changed_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW."password_hash" IS NOT NULL AND NEW."password_changed_at" IS NULL THEN
      NEW."password_changed_at" := now();
    END IF;
  ELSIF NEW."password_hash" IS DISTINCT FROM OLD."password_hash" THEN
    NEW."password_changed_at" := CASE WHEN NEW."password_hash" IS NULL THEN NULL ELSE now() END;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_password_changed_at" BEFORE INSERT OR UPDATE OF "password_hash" ON "users"
  FOR EACH ROW EXECUTE FUNCTION "users_password_changed_at"();
--> statement-breakpoint
-- 2. A new password or a new address (another mailbox: letter case alone is the same address, D4) retires the
--    person's outstanding links. The rows are updated after the user's row is locked by the change, the order every
--    path that uses a link follows too (user, then link), so a link used in parallel either wins before the change
--    or finds itself retired.
CREATE OR REPLACE FUNCTION "users_retire_links"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "user_tokens" SET "used_at" = now() WHERE "user_id" = NEW."id" AND "used_at" IS NULL;
  UPDATE "email_changes" SET "used_at" = now() WHERE "user_id" = NEW."id" AND "used_at" IS NULL;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_retire_links" AFTER UPDATE OF "password_hash", "email" ON "users"
  FOR EACH ROW
  WHEN (OLD."password_hash" IS DISTINCT FROM NEW."password_hash" OR lower(OLD."email") <> lower(NEW."email"))
  EXECUTE FUNCTION "users_retire_links"();
