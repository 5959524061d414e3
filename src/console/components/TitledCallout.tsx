// A callout with a title. Blueprint's Callout draws its title as an h5, which skips heading levels
// wherever it stands (under a dialog's h2, a screen's h1: axe heading-order); the title labels the
// notice rather than opening a section, so it is text drawn as the h5 was.
import { Callout, Classes, type CalloutProps } from '@blueprintjs/core';
import type { ReactNode } from 'react';

export function TitledCallout({ title, children, ...props }: Omit<CalloutProps, 'title'> & { title: ReactNode }) {
  return (
    <Callout {...props}>
      <p className={`${Classes.HEADING} console-callout-title`}>{title}</p>
      {children}
    </Callout>
  );
}
