-- Accounts created before email verification existed count as verified, so the migration locks nobody out
-- (and a listed SUPERUSER_EMAILS address keeps its rights).
UPDATE "users" SET "email_verified_at" = "created_at" WHERE "email_verified_at" IS NULL;
