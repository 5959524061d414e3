// Placeholder while the screen is written.
import { NotAvailableYet } from '../../components/NotAvailableYet';

export function AgenciesPage() {
  return <NotAvailableYet title="AgenciesPage" />;
}
