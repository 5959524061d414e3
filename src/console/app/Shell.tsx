// The main shell: header (with the saved reports and outbox buttons), side menu, and the screen of
// the current path, under the offline banner when the console cannot reach its backends. At a
// tablet's width the side menu folds into a drawer behind the header's menu button, so a grid gets
// the whole width; on a desktop it can be folded to icons, and the device remembers the choice.
import { Button, Drawer } from '@blueprintjs/core';
import { Menu as MenuIcon } from '@blueprintjs/icons';
import { useState, type MouseEvent } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useStatusTypesQuery, useTranslationsQuery } from '../backends/referenceApi';
import { DataSaverButton } from '../components/DataSaverButton';
import { Header } from '../components/Header';
import { OfflineBanner } from '../components/OfflineBanner';
import { OnFirstOpen } from '../components/OnFirstOpen';
import { SavedReportsButton } from '../downloads/SavedReportsButton';
import { useForgetOthersReports } from '../downloads/useSavedReports';
import { OutboxButton } from '../outbox/OutboxButton';
import { TABLET_WIDTH, useDevicePreference, useMediaQuery } from '../device/preferences';
import { useAppSelector } from '../ground/hooks';
import type { MenuItem } from '../ground/screens';
import { SideMenu } from './SideMenu';

/** Moves the focus to the screen itself: the router would otherwise take the link's #hash for a path. */
function skipToMain(event: MouseEvent) {
  event.preventDefault();
  document.getElementById('console-main')?.focus();
}

export function Shell({ menu }: { menu: MenuItem[] }) {
  const username = useAppSelector((state) => state.session.user?.username ?? null);
  const tablet = useMediaQuery(TABLET_WIDTH);
  const [compact, setCompact] = useDevicePreference('sideMenuCompact');
  const [drawerOpen, setDrawerOpen] = useState(false);
  const location = useLocation();
  // Reference data the screens share; loaded once per session and cached.
  useStatusTypesQuery();
  useTranslationsQuery();
  // Reports another admin saved on this browser are not this one's to see or keep.
  useForgetOthersReports();
  const menuButton = tablet && (
    <Button variant="minimal" icon={<MenuIcon />} aria-label="Menu" aria-expanded={drawerOpen} onClick={() => setDrawerOpen(true)} />
  );
  return (
    <div className="console-shell">
      {/* The first stop of Tab: past the header and the side menu to the screen (WCAG 2.4.1). */}
      <a className="console-skip-link" href="#console-main" onClick={skipToMain}>
        Skip to main content
      </a>
      <Header username={username} start={menuButton}>
        <DataSaverButton />
        <SavedReportsButton />
        <OutboxButton />
      </Header>
      <div className="console-shell-body">
        {tablet ? (
          <Drawer isOpen={drawerOpen} onClose={() => setDrawerOpen(false)} position="left" size={280} className="console-menu-drawer" aria-label="Menu">
            <SideMenu items={menu} onChosen={() => setDrawerOpen(false)} />
          </Drawer>
        ) : (
          <SideMenu items={menu} compact={compact} onCompactChange={setCompact} />
        )}
        <main className="console-main" id="console-main" tabIndex={-1}>
          <OfflineBanner />
          <OnFirstOpen resetKey={location.pathname}>
            <Outlet />
          </OnFirstOpen>
        </main>
      </div>
    </div>
  );
}
