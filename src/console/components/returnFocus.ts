// A popup opened by a button and closed by unmounting it: Blueprint returns the focus to the opener
// only after its closing transition, which an unmounted dialog never runs. This hands it back at once.
import { useState } from 'react';

/** `close` wrapped to put the focus back where it was when the popup first drew (its opener). */
export function useReturnFocus(close: () => void): () => void {
  // Read while the popup renders for the first time, before its dialog takes the focus (in an effect).
  const [opener] = useState(() => (typeof document === 'undefined' ? null : document.activeElement));
  return () => {
    close();
    if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
  };
}
