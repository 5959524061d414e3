// The main shell: header (with the saved reports and outbox buttons), side menu, and the screen of the current path,
// under the offline banner when the console cannot reach its backends.
import { Spinner } from '@blueprintjs/core';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import type { MenuItem } from '../../contract/roles';
import { useStatusTypesQuery, useTranslationsQuery } from '../api/referenceApi';
import { Header } from '../components/Header';
import { OfflineBanner } from '../components/OfflineBanner';
import { SavedReportsButton } from '../downloads/SavedReportsButton';
import { useForgetOthersReports } from '../downloads/useSavedReports';
import { OutboxButton } from '../outbox/OutboxButton';
import { useAppSelector } from './hooks';
import { SideMenu } from './SideMenu';

export function Shell({ menu }: { menu: MenuItem[] }) {
  const username = useAppSelector((state) => state.session.user?.username ?? null);
  // Reference data the screens share; loaded once per session and cached.
  useStatusTypesQuery();
  useTranslationsQuery();
  // Reports another admin saved on this browser are not this one's to see or keep.
  useForgetOthersReports();
  return (
    <div className="console-shell">
      <Header username={username}>
        <SavedReportsButton />
        <OutboxButton />
      </Header>
      <div className="console-shell-body">
        <SideMenu items={menu} />
        <main className="console-main">
          <OfflineBanner />
          <Suspense fallback={<Spinner className="console-centered" />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
