// The report screens (SPEC.md section 2), one lazy module for the menu: the service reports' screen,
// and the admin grid screens whose reports can be queued, each grid (features/grids) with its report
// queue (features/reports); and Payment Runs (features/paymentruns) with the queue of its runs being
// made (features/reports). The app composes them: a feature never imports another.
import { REPORT_HOMES, type ReportHome } from '../../contract/reports';
import { GridTabScreen } from '../features/grids/GridPages';
import { PaymentRunsPage } from '../features/paymentruns/PaymentRunPages';
import { GridReportQueue } from '../features/reports/GridReportQueue';
import { PaymentRunJobQueue } from '../features/reports/PaymentRunJobQueue';

/** The grid of a report list (`queue`, the list's name) with the list's queue. */
export const QueuedGridScreen = ({ queue }: { queue: ReportHome }) => (
  <GridTabScreen grid={REPORT_HOMES[queue]} reportQueue={(body) => <GridReportQueue home={queue} body={body} />} />
);

/** Payment Runs with the paymentrun jobs' queue. */
export const PaymentRunsScreen = () => <PaymentRunsPage jobQueue={<PaymentRunJobQueue />} />;

export { ServiceReportScreen } from '../features/reports/ServiceReportScreen';
