// The header's about button (SPEC.md section 1), plain so the login page draws it without the UI
// kit; its menu (a Blueprint popover with the version label) loads on the first click.
import { Suspense, useState } from 'react';
import infoSign from '@blueprintjs/icons/lib/esm/generated/16px/paths/info-sign';
import { lazyNamed } from './lazyNamed';
import { Glyph } from './plain/Glyph';
import './plain/plain.css';

const AboutMenu = lazyNamed(() => import('./AboutMenu'), 'AboutMenu');

export function AboutButton() {
  const [wanted, setWanted] = useState(false);
  const placeholder = (
    <button type="button" className="plain-button" aria-label="About" onClick={() => setWanted(true)}>
      <Glyph paths={infoSign} />
    </button>
  );
  if (!wanted) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <AboutMenu defaultOpen />
    </Suspense>
  );
}
