// A queued grid's screen (SPEC.md section 2, 'Admin grid screens' whose reports can be queued), its
// own lazy module: the grid (features/grids) with its report list's queue (features/reports). The
// app composes them: a feature never imports another.
import { REPORT_HOMES, type ReportHome } from '../../contract/reports';
import { GridTabScreen } from '../features/grids/GridPages';
import { GridReportQueue } from '../features/reports/GridReportQueue';

/** The grid of a report list (`queue`, the list's name) with the list's queue. */
export const QueuedGridScreen = ({ queue }: { queue: ReportHome }) => (
  <GridTabScreen grid={REPORT_HOMES[queue]} reportQueue={(body) => <GridReportQueue home={queue} body={body} />} />
);
