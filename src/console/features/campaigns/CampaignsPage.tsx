// Placeholder while the screen is written.
import { NotAvailableYet } from '../../components/NotAvailableYet';

export function CampaignsPage() {
  return <NotAvailableYet title="CampaignsPage" />;
}
