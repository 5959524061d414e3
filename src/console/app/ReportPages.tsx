// The report screens (SPEC.md section 2), one lazy module for the menu: the service reports' screens,
// and the admin grid screens whose reports can be queued, each grid (features/grids) with its report
// queue (features/reports). The app composes them: a feature never imports another.
import type { ReportHome } from '../../contract/reports';
import { CampaignConversionPage as CampaignConversionGrid, FraudEventsPage as FraudEventsGrid, RetentionEventDetailsPage as RetentionEventDetailsGrid, RetentionEventsPage as RetentionEventsGrid } from '../features/grids/GridPages';
import type { ReportQueueSlot } from '../features/grids/GridScreen';
import { GridReportQueue } from '../features/reports/GridReportQueue';

const queueOf = (home: ReportHome): ReportQueueSlot => (body) => <GridReportQueue home={home} body={body} />;

export const CampaignConversionPage = () => <CampaignConversionGrid reportQueue={queueOf('comm_reports')} />;
export const FraudEventsPage = () => <FraudEventsGrid reportQueue={queueOf('fraud_report')} />;
export const RetentionEventDetailsPage = () => <RetentionEventDetailsGrid reportQueue={queueOf('retention_detail')} />;
export const RetentionEventsPage = () => <RetentionEventsGrid reportQueue={queueOf('retention_events')} />;

export { ServiceReportScreen } from '../features/reports/ServiceReportScreen';
