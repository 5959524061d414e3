// The toaster itself, with the UI kit's stylesheet: a chunk of its own, loaded by the first toast (toaster.ts).
import './blueprint';
import { OverlayToaster, Position, type Toaster } from '@blueprintjs/core';

export const createToaster = (): Promise<Toaster> => OverlayToaster.createAsync({ position: Position.TOP, maxToasts: 4 });
