// The frame of the logged-out screens: the header (SPEC.md section 1: title, about, 'Not logged
// in'), then one card in the middle. Plain HTML in Blueprint's look (plain/plain.css): the login
// page draws nothing else, so it paints before the UI kit has loaded.
import type { ReactNode } from 'react';
import user from '@blueprintjs/icons/lib/esm/generated/16px/paths/user';
import { PRODUCT_TITLE } from '../../contract/constants';
import * as messages from '../../contract/messages';
import { AboutButton } from './AboutButton';
import { Glyph } from './plain/Glyph';
import './plain/plain.css';

export function SignedOutFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="console-signed-out">
      <header className="plain-topbar console-header">
        <span className="plain-topbar-title">{PRODUCT_TITLE}</span>
        <span className="plain-topbar-end">
          <AboutButton />
          <span className="plain-topbar-divider" />
          <span className="plain-user" data-testid="username">
            <Glyph paths={user} /> {messages.notLoggedIn}
          </span>
        </span>
      </header>
      <main className="plain-body">
        <section className="plain-card">
          <h1>{title}</h1>
          {children}
        </section>
      </main>
    </div>
  );
}
