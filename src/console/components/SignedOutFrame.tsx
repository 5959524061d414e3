// The frame of the logged-out screens: the header, then one card in the middle.
import { Card, H3 } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { Header } from './Header';

export function SignedOutFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="console-signed-out">
      <Header username={null} />
      <main className="console-signed-out-body">
        <Card className="console-card" elevation={1}>
          <H3>{title}</H3>
          {children}
        </Card>
      </main>
    </div>
  );
}
