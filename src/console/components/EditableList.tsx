// The screens of editable reference data (users, whitelists, event types, countries, languages):
// a list with search, sort and pages, whose rows open an add/edit dialog, with the changes waiting
// in the outbox shown on their rows ('pending') and new ones above the list, and a refused change
// opened again from the outbox ('Edit and retry'). A screen declares what differs: its list (query,
// first order, pending overlay; next to its endpoints), its words, its columns and its dialog.
import { Button, Intent } from '@blueprintjs/core';
import { Plus } from '@blueprintjs/icons';
import { useState, type ReactNode } from 'react';
import type { ListRows, ListView } from '../backends/listPages';
import { useListParams } from '../address/useListParams';
import { useShownAnswer } from './NotLoadedOffline';
import { PendingNewRows, usePendingRows, type PendingOverlay } from '../outbox/pendingRows';
import { useOutboxRetry } from '../outbox/retry';
import type { EditDialogProps } from './FormDialog';
import { ListTable, type Column } from './ListTable';
import { OnFirstOpen } from './OnFirstOpen';
import { PageTitle } from './PageTitle';

type Row = { id: number | string };

export interface EditableList<R extends Row> {
  /** The sort the list starts with ('email', '-created_at'). */
  initialOrder: string;
  /** The list's query hook (RTK Query), asked with the list's view. */
  useList(view: ListView): { data?: ListRows<R>; currentData?: ListRows<R>; isFetching: boolean; isError: boolean };
  /** The outbox entity of the rows ('EventType'), and how a queued save of its endpoint shows on a row. */
  pending: PendingOverlay<R> & { entity: string };
}

/**
 * The wiring of an editable list: its view (page, search, sort; in the address), its rows with the
 * changes waiting in the outbox applied, and the dialog that is open, if any: a row (or a new one)
 * opened from the list, or a refused change the outbox panel asked to edit again. `columns` are the
 * list's (an order in the address that none of them sorts by is not taken).
 */
export function useEditableList<R extends Row>({ initialOrder, useList, pending: overlay }: EditableList<R>, columns: Array<Column<R>>) {
  const list = useListParams({ initialOrder, columns });
  const query = useList(list.view);
  const { answer: data, failed, notLoaded } = useShownAnswer(query);
  const [editing, setEditing] = useState<R | 'new' | null>(null);
  const pending = usePendingRows<R>(overlay.entity, overlay);
  const retry = useOutboxRetry(overlay.endpoint);
  const rows = pending.rows(data?.rows);

  /** The dialog open, if any; a refused change's dialog is keyed by its entry (a fresh form for each). */
  let dialog: { key?: string; props: EditDialogProps<R> } | null = null;
  if (retry.entry) {
    // The row of a refused change: as the server has it now (a conflict says), else as listed.
    const id = (retry.entry.body as { id?: unknown } | null)?.id;
    const row = (retry.entry.refusal?.current as R | undefined) ?? rows?.find((candidate) => candidate.id === id);
    dialog = { key: retry.entry.key, props: { row, retry: retry.entry, onClose: retry.finish } };
  } else if (editing) {
    // The row as listed now: read again while its dialog is open, it is the fresher version.
    const row = editing === 'new' ? undefined : (rows?.find((candidate) => candidate.id === editing.id) ?? editing);
    dialog = { props: { row, onClose: () => setEditing(null) } };
  }

  return {
    list,
    rows,
    count: data?.count ?? 0,
    countCapped: data?.countCapped ?? false,
    loading: query.isFetching,
    /** The list could not be loaded (online). */
    failed,
    /** Offline, the view asked for was never loaded. */
    notLoaded,
    pending,
    open: (row: R) => setEditing(row),
    add: () => setEditing('new'),
    dialog,
  };
}

export interface EditableListPageProps<R extends Row> {
  /** The list's query and outbox wiring (declared next to its endpoints). */
  list: EditableList<R>;
  title: string;
  /** The Add button's text; without it, rows are only edited. */
  addLabel?: string;
  /** Said between the title and the list. */
  intro?: ReactNode;
  /** What the rows are ('event types'): the table's name ('Event types') and its load failure's. */
  rowsAre: string;
  columns: Array<Column<R>>;
  emptyText: string;
  /** What a row is called on its Edit button; the first column's text when it is text. */
  rowLabel?(row: R): string;
  /** Rows that do not open; all open when absent. */
  canOpen?(row: R): boolean;
  /** A row's mark when it has no change waiting in the outbox. */
  rowNote?(row: R): ReactNode;
  /** The add/edit dialog. */
  dialog(props: EditDialogProps<R>): ReactNode;
}

export function EditableListPage<R extends Row>(props: EditableListPageProps<R>) {
  const editable = useEditableList(props.list, props.columns);
  const { pending, dialog } = editable;
  return (
    <section>
      <header className="console-page-header">
        <PageTitle>{props.title}</PageTitle>
        {props.addLabel && (
          <Button intent={Intent.PRIMARY} icon={<Plus />} onClick={editable.add}>
            {props.addLabel}
          </Button>
        )}
      </header>
      {props.intro && <p>{props.intro}</p>}
      <PendingNewRows entries={pending.added} />
      <ListTable<R>
        label={props.rowsAre.charAt(0).toUpperCase() + props.rowsAre.slice(1)}
        columns={props.columns}
        rows={editable.rows}
        count={editable.count}
        list={editable.list}
        loading={editable.loading}
        error={editable.failed ? `The ${props.rowsAre} could not be loaded.` : undefined}
        notLoaded={editable.notLoaded}
        emptyText={props.emptyText}
        rowKey={(row) => row.id}
        rowLabel={props.rowLabel}
        onOpen={editable.open}
        canOpen={props.canOpen}
        rowNote={(row) => pending.note(row) ?? props.rowNote?.(row) ?? null}
      />
      {dialog && (
        <OnFirstOpen key={dialog.key} onClose={dialog.props.onClose}>
          {props.dialog(dialog.props)}
        </OnFirstOpen>
      )}
    </section>
  );
}
