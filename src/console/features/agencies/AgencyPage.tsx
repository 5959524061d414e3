// Placeholder while the screen is written.
import { NotAvailableYet } from '../../components/NotAvailableYet';

export function AgencyPage() {
  return <NotAvailableYet title="AgencyPage" />;
}
