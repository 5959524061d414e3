// A part of the Agency detail filled by a list call (its campaign types, its campaigns): each call
// fails on its own, and its message stands in place of the part it would have filled.
import { Intent, Spinner } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import type { ListRows } from '../../backends/listPages';
import { TitledCallout } from '../../components/TitledCallout';

/** A list call as the part reads it (an RTK Query hook's result). */
export interface ListPart<T> {
  /** The rows of this agency, cached ones included: shown even when a refetch fails. */
  currentData?: ListRows<T>;
  isError: boolean;
}

interface LoadedPartProps<T> {
  part: ListPart<T>;
  /** The message of a failure with no rows to show (SPEC.md section 8). */
  failure: string;
  empty: string;
  children(rows: T[]): ReactNode;
}

export function LoadedPart<T>({ part, failure, empty, children }: LoadedPartProps<T>) {
  if (part.currentData) return part.currentData.rows.length ? children(part.currentData.rows) : <p className="bp6-text-muted">{empty}</p>;
  if (part.isError) return <TitledCallout intent={Intent.DANGER} title={failure} />;
  return <Spinner size={20} />;
}
