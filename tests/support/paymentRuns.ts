// What payment runs keep true whatever happens to them (issue 33), read from the database: no
// payment on two lines that are not reversed, every run's total and count its lines', and a payment
// paid exactly when it is on such a line of a run that pays (not awaiting approval), the run it names,
// and each line naming its payment's event.
import type pg from 'pg';
import { expect } from 'vitest';

/** What holds whatever the runs did: checked after every round. */
export async function assertPaidOnce(sql: pg.Client | pg.Pool): Promise<void> {
  const twice = await sql.query('select payment_id from payment_run_lines where reversed_at is null group by payment_id having count(*) > 1');
  expect(twice.rows, 'a payment on two lines').toEqual([]);
  const unequal = await sql.query(`select r.id from payment_runs r left join payment_run_lines l on l.payment_run_id = r.id
    group by r.id having r.total <> coalesce(sum(l.amount), 0) or r.event_count <> count(l.id) or bool_or(l.currency_code <> r.currency_code)`);
  expect(unequal.rows, 'a run whose total is not its lines').toEqual([]);
  // A run awaiting approval holds its payments on its lines, due until it is approved.
  const mismatched = await sql.query(`select p.id from payments p left join payment_run_lines l on l.payment_id = p.id and l.reversed_at is null
      left join payment_runs r on r.id = l.payment_run_id
    where (p.status = 'paid') <> (l.id is not null and (r.approval_limit is null or r.approved_at is not null)) or p.payment_run_id is distinct from l.payment_run_id`);
  expect(mismatched.rows, 'a payment paid without its line, or on a line and not paid').toEqual([]);
  // A line names its payment's event (Agent Events Detail walks a run's events by it).
  const otherEvent = await sql.query('select l.id from payment_run_lines l join payments p on p.id = l.payment_id where l.event_id <> p.event_id');
  expect(otherEvent.rows, "a line naming another event than its payment's").toEqual([]);
}
