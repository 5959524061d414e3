-- Text ignoring accents too (issue 17): the agents list sorts names on translate(lower(...)) (db/
-- foldedText.ts), so 'Émile' sits beside 'Emile'; its indexes follow the same expression.
DROP INDEX "users_first_name_lower";--> statement-breakpoint
DROP INDEX "users_last_name_lower";--> statement-breakpoint
CREATE INDEX "users_first_name_folded" ON "users" USING btree (translate(lower("first_name"), 'àáâãäåāăąçćčďđèéêëēėęěìíîïīįıłñńňòóôõöøōőŕřśšşťţùúûüūůűųýÿźżž', 'aaaaaaaaacccddeeeeeeeeiiiiiiilnnnoooooooorrsssttuuuuuuuuyyzzz'));--> statement-breakpoint
CREATE INDEX "users_last_name_folded" ON "users" USING btree (translate(lower("last_name"), 'àáâãäåāăąçćčďđèéêëēėęěìíîïīįıłñńňòóôõöøōőŕřśšşťţùúûüūůűųýÿźżž', 'aaaaaaaaacccddeeeeeeeeiiiiiiilnnnoooooooorrsssttuuuuuuuuyyzzz'));