-- The campaigns each payment run paid (issue 53): a run made for a country, or for every campaign,
-- has no campaign_id, so the Payment Run Report filtered by a campaign it paid listed nothing. A
-- run's campaigns are those of the payments on its lines, released ones included (it paid them once).
ALTER TABLE "payment_runs" ADD COLUMN "campaign_ids" integer[] DEFAULT '{}'::int[] NOT NULL;--> statement-breakpoint
UPDATE "payment_runs" r SET "campaign_ids" = paid.campaign_ids
FROM (
  SELECT l.payment_run_id, array_agg(DISTINCT p.campaign_id ORDER BY p.campaign_id) AS campaign_ids
  FROM "payment_run_lines" l JOIN "payments" p ON p.id = l.payment_id
  GROUP BY l.payment_run_id
) paid
WHERE paid.payment_run_id = r.id;
