-- Mobile numbers in one form (issue 17): international, country code without '+', as the demo data
-- and every agent have them. Numbers the admin user and whitelist forms stored as typed, in national
-- form (0...), take the dialling code of their country: a whitelist entry's own; a user's country,
-- else the one country of its linked agencies (a user whose agencies lie in several countries is
-- left as it is: its country cannot be told). Dialling codes 242 and 225 keep the 0 after the code
-- (KEEP_LEADING_ZERO_DIALING_CODES, src/contract/constants.ts). A number whose international form
-- another row already holds stays as it is: the unique indexes would refuse it. updated_at does not
-- move: the number is the same, written the one way. A whitelist number may now be as long as a user's.
ALTER TABLE "whitelists" ALTER COLUMN "msisdn" SET DATA TYPE varchar(30);--> statement-breakpoint
WITH "national" AS (
  SELECT u."id", u."msisdn", coalesce(
    (SELECT c."id" FROM "countries" c WHERE c."iso_code" = u."country_code"),
    (SELECT min(a."country_id") FROM "admin_agency_links" l JOIN "agencies" a ON a."id" = l."agency_id"
      WHERE l."user_id" = u."id" HAVING count(DISTINCT a."country_id") = 1)
  ) AS "country_id"
  FROM "users" u
  WHERE u."msisdn" LIKE '0%'
), "international" AS (
  SELECT n."id", c."iso_code",
    regexp_replace(c."dialing_code", '\D', '', 'g')
      || CASE WHEN regexp_replace(c."dialing_code", '\D', '', 'g') IN ('242', '225') THEN n."msisdn" ELSE substr(n."msisdn", 2) END AS "msisdn"
  FROM "national" n JOIN "countries" c ON c."id" = n."country_id"
)
UPDATE "users" u SET "msisdn" = i."msisdn", "country_code" = coalesce(u."country_code", i."iso_code")
FROM "international" i
WHERE u."id" = i."id"
  AND NOT EXISTS (SELECT 1 FROM "users" o WHERE o."msisdn" = i."msisdn")
  AND i."id" = (SELECT min(j."id") FROM "international" j WHERE j."msisdn" = i."msisdn");--> statement-breakpoint
UPDATE "whitelists" w SET "msisdn" = i."msisdn"
FROM (
  SELECT e."id",
    regexp_replace(c."dialing_code", '\D', '', 'g')
      || CASE WHEN regexp_replace(c."dialing_code", '\D', '', 'g') IN ('242', '225') THEN e."msisdn" ELSE substr(e."msisdn", 2) END AS "msisdn"
  FROM "whitelists" e JOIN "countries" c ON c."iso_code" = e."country_code"
  WHERE e."msisdn" LIKE '0%'
) i
WHERE w."id" = i."id"
  AND NOT EXISTS (
    SELECT 1 FROM "whitelists" o
    WHERE o."msisdn" = i."msisdn" AND o."country_code" = w."country_code" AND coalesce(o."campaign_id", 0) = coalesce(w."campaign_id", 0));
