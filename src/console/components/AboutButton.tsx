// The header's about button (SPEC.md section 1), plain so the login page draws it without the UI
// kit; its menu (a Blueprint popover with the version label) loads on the first click.
import { Suspense, useState } from 'react';
import infoSign from '@blueprintjs/icons/lib/esm/generated/16px/paths/info-sign';
import { lazyNamed } from './lazyNamed';
import { Glyph } from './plain/Glyph';
import './plain/plain.css';

const AboutMenu = lazyNamed(() => import('./AboutMenu'), 'AboutMenu');

/** `withLabel`: its word beside the icon (in the phone's header menu, where the buttons keep their words). */
export function AboutButton({ withLabel = false }: { withLabel?: boolean }) {
  const [wanted, setWanted] = useState(false);
  const placeholder = (
    <button type="button" className="plain-button" aria-label="About" onClick={() => setWanted(true)}>
      <Glyph paths={infoSign} />
      {withLabel && <span>About</span>}
    </button>
  );
  if (!wanted) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <AboutMenu defaultOpen withLabel={withLabel} />
    </Suspense>
  );
}
