// The update prompt's toast: at the bottom, apart from the error and success toasts at the top
// (components/toaster.ts), and it stays until the admin acts on it or closes it.
import { Intent, OverlayToaster, Position, type Toaster } from '@blueprintjs/core';
import { RELOAD_ACTION, UPDATE_AVAILABLE_MESSAGE } from './updatePrompt';

const TOAST_KEY = 'console-update';
let toaster: Promise<Toaster> | undefined;

export async function showUpdatePrompt(reload: () => void): Promise<void> {
  const t = await (toaster ??= OverlayToaster.createAsync({ position: Position.BOTTOM, maxToasts: 1 }));
  t.show({ message: UPDATE_AVAILABLE_MESSAGE, intent: Intent.PRIMARY, timeout: 0, action: { text: RELOAD_ACTION, onClick: reload } }, TOAST_KEY);
}
