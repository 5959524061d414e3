// An honest placeholder for a screen that is not built yet: it shows no data, real or fake.
import { NonIdealState } from '@blueprintjs/core';
import { Build } from '@blueprintjs/icons';

export function NotAvailableYet({ title }: { title: string }) {
  return (
    <NonIdealState
      icon={<Build size={48} />}
      title={title}
      description="This screen is not available yet. It is planned for a later release of the console."
    />
  );
}
