// Placeholder while the screen is written.
import { NotAvailableYet } from '../../components/NotAvailableYet';

export function CampaignPage() {
  return <NotAvailableYet title="CampaignPage" />;
}
