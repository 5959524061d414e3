// The stats tab, empty in the specification (SPEC.md section 2): a welcome, and no invented figures.
import { Dashboard } from '@blueprintjs/icons';
import { useAppSelector } from '../../app/hooks';
import { EmptyState } from '../../components/EmptyState';

export function StatsPage() {
  const user = useAppSelector((state) => state.session.user);
  return (
    <EmptyState
      icon={<Dashboard size={48} />}
      titleAs="h1"
      title={`Welcome, ${user?.firstname ?? ''}`}
      description={`Signed in as ${user?.role_type ?? ''}. Choose a screen in the menu. There are no statistics to show yet.`}
    />
  );
}
