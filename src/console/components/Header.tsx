// The page header (SPEC.md section 1): product title, an about menu with the version label, and
// the signed-in username or 'Not logged in'. The shell adds its own buttons (the outbox) as children,
// and its menu button before the title at a tablet's width.
import { Navbar, NavbarDivider, NavbarGroup, NavbarHeading } from '@blueprintjs/core';
import { User } from '@blueprintjs/icons';
import type { ReactNode } from 'react';
import { PRODUCT_TITLE } from '../../contract/constants';
import * as messages from '../../contract/messages';
import { AboutButton } from './AboutButton';

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
