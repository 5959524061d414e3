// An honest placeholder for a screen that is not built yet: it shows no data, real or fake.
import { Build } from '@blueprintjs/icons';
import { EmptyState } from './EmptyState';

export function NotAvailableYet({ title }: { title: string }) {
  return (
    <EmptyState
      icon={<Build size={48} />}
      titleAs="h1"
      title={title}
      description="This screen is not available yet. It is planned for a later release of the console."
    />
  );
}
