// Every grid call the legacy admin backend answers (routes/admin/grids.ts), each a declaration: the
// report grids, the Audit trail and a payment run's lines. Who may read a grid is its contract
// declaration's `readers`; a grid of one record's rows says here how that record is opened.
import { auditTrail } from './audit';
import type { Grid } from './defineGrid';
import type { GridRecord } from './source';
import { paymentRunDetail, paymentRunRecord } from './paymentRunDetail';
import { REPORT_GRIDS } from './reportGrids';

export interface GridCall {
  grid: Grid;
  /** A grid of one record's rows (`?id=`): the record is opened before its rows are read. */
  record?: GridRecord;
  /** What the API document says beside the generic grid text. */
  about?: string;
}

export const GRID_CALLS: readonly GridCall[] = [
  ...REPORT_GRIDS.map((grid) => ({ grid })),
  {
    grid: auditTrail as unknown as Grid,
    about: 'Every change made through the console. admin is a user id (GET /admin/audit/admins), entity what changed (admin_user, campaign, payment_run, ...); the dates filter when the change arrived. offline is true for a write made offline and replayed from the outbox; made_at is when the admin made it.',
  },
  {
    grid: paymentRunDetail as unknown as Grid,
    record: paymentRunRecord,
    about: "One row per payment the run pays. Its dates are optional and ignored (the lines are the run's, whatever their dates). 404: no such run; 403: not a run the caller may see.",
  },
];
