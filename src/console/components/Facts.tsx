// Read-only label/value pairs (an agency's summary, a campaign's type, a campaign type's settings):
// a definition list laid out as a grid, two pairs a row, one on a narrow screen (console.css).
import type { ReactNode } from 'react';

export function Facts({ facts, label }: { facts: ReadonlyArray<readonly [label: string, value: ReactNode]>; label?: string }) {
  return (
    <dl className="console-facts" aria-label={label}>
      {facts.map(([term, value]) => (
        // A div may group a dt with its dd (HTML): one grid cell per pair.
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
