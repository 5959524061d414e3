// The page header (SPEC.md section 1): product title, an about menu with the version label, and
// the signed-in username or 'Not logged in'. The shell adds its own buttons (the outbox) as children,
// and its menu button before the title at a tablet's width.
import { Button, Navbar, NavbarDivider, NavbarGroup, NavbarHeading } from '@blueprintjs/core';
import { InfoSign, User } from '@blueprintjs/icons';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { PRODUCT_TITLE } from '../../contract/constants';
import { messages } from '../../contract/messages';

const AboutMenu = lazy(async () => ({ default: (await import('./AboutMenu')).AboutMenu }));

function AboutButton() {
  const [wanted, setWanted] = useState(false);
  const placeholder = <Button variant="minimal" icon={<InfoSign />} aria-label="About" onClick={() => setWanted(true)} />;
  if (!wanted) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <AboutMenu defaultOpen />
    </Suspense>
  );
}

export function Header({ username, start, children }: { username: string | null; start?: ReactNode; children?: ReactNode }) {
  return (
    <Navbar className="console-header">
      <NavbarGroup>
        {start}
        <NavbarHeading>{PRODUCT_TITLE}</NavbarHeading>
      </NavbarGroup>
      <NavbarGroup align="end">
        {children}
        <AboutButton />
        <NavbarDivider />
        <span className="console-username" data-testid="username">
          <User /> {username ?? messages.notLoggedIn}
        </span>
      </NavbarGroup>
    </Navbar>
  );
}
