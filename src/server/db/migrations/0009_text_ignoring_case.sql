-- Text ignoring case (issue 17). A country's name is unique whatever its case ('ghana' is Ghana),
-- and its ISO code is two upper-case letters, so its plain unique constraint ignores case too. On a
-- database holding two names that differ only in case, or a code of another shape, this stops:
-- rename or correct them first. The agents list sorts names by lower(...): its indexes follow.
ALTER TABLE "countries" DROP CONSTRAINT "countries_name_unique";--> statement-breakpoint
DROP INDEX "users_first_name";--> statement-breakpoint
DROP INDEX "users_last_name";--> statement-breakpoint
CREATE UNIQUE INDEX "countries_name_lower" ON "countries" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "users_first_name_lower" ON "users" USING btree (lower("first_name"));--> statement-breakpoint
CREATE INDEX "users_last_name_lower" ON "users" USING btree (lower("last_name"));--> statement-breakpoint
ALTER TABLE "countries" ADD CONSTRAINT "countries_iso_code_letters" CHECK ("countries"."iso_code" ~ '^[A-Z]{2}$');