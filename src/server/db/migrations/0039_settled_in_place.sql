-- A results file of 100,000 lines settled within 5 s (issue 52). A settlement wrote each line it
-- settled with a new entry in each of its 7 indexes, because one of them (payout_lines_open, read by
-- no query) named the line's status. Now no index names what a settlement writes (status, reference,
-- reason, settled at and by) and each page keeps room for its lines' new versions, each some 30 bytes
-- longer with the provider's reference (fillfactor 40: at 50 a page held 81% of them), so PostgreSQL
-- keeps them on the same page and writes no index entry (a HOT update), as a run's claim does for
-- its payments (0038). Lines written before this migration keep their pages packed until
-- the table is rewritten (VACUUM FULL payout_lines, in a quiet hour).
ALTER TABLE "payout_lines" SET (fillfactor = 40);--> statement-breakpoint
DROP INDEX "payout_lines_open";
