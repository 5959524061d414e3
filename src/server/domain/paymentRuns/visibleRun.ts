// Who sees a payment run (issue 33) is who sees it in the Payment Runs grid: a Super Admin; a
// Campaign Admin a run made for one of their campaigns (a run without a campaign may span
// campaigns, so it is a Super Admin's only); an Agency Admin none.
import { sql } from 'drizzle-orm';
import * as messages from '../../../contract/messages';
import type { RoleScope } from '../../../contract/roles';
import { queryRows, type Database } from '../../db/client';
import { paymentRuns } from '../../db/schema';
import { NotFound, Refused } from '../errors';
import { checkRunScope } from './dueSet';

/** The run, if the caller may see it: an Agency Admin 403, an unknown run 404, another's campaign 403. */
export async function visibleRun(db: Database, scope: RoleScope, runId: number): Promise<{ id: number; ref: string; start_date: string; end_date: string }> {
  checkRunScope(scope, {});
  const [run] = await queryRows<{ id: number; ref: string; campaign_id: number | null; start_date: string; end_date: string }>(
    db,
    sql`select id, ref, campaign_id, start_date::text as start_date, end_date::text as end_date from ${paymentRuns} where id = ${runId}`,
  );
  if (!run) throw new NotFound(messages.paymentRunNotFound);
  if (scope.kind !== 'all' && (run.campaign_id === null || scope.kind !== 'campaigns' || !scope.campaignIds.includes(run.campaign_id))) {
    throw Refused.outOfScope(messages.paymentRunNotYours);
  }
  return run;
}
