// A report grid's screen (SPEC.md section 2, 'Admin grid screens'), the same for every grid: its
// title, its filters (kept in the address), Download CSV of the whole filtered result (kept for
// offline use), and the grid itself, all read from the grid's contract declaration; on the grids
// whose reports can be queued, the report queue the app hands it, given the grid's current body; on
// a screen that sums every row (Pending Payments' totals), that summary under the filters.
import { Button, Intent } from '@blueprintjs/core';
import { Download } from '@blueprintjs/icons';
import { useState, type ReactNode } from 'react';
import type { GridQuery } from '../../../contract/api';
import { toRequestDate } from '../../../contract/dates';
import { gridFilename, type GridDeclaration } from '../../../contract/grids';
import { GridFilters, type FilterChoices } from '../GridFilters';
import { useReferenceChoices } from './referenceChoices';
import { ReportGrid } from './ReportGrid';
import type { GridRecord, GridRows } from './gridCells';
import { needsConnectionText, useBrowserOffline } from '../NeedsConnection';
import { useShownAnswer } from '../NotLoadedOffline';
import { useReportDownload } from '../../downloads/useReportDownload';
import { sizeText } from '../../http/dataSaver';
import { useGridQuery } from '../../address/useGridQuery';
import { formatRows } from '../../format/formatCount';
import { gridExport, useGridPageQuery } from '../../backends/gridsApi';
import { PageTitle } from '../PageTitle';
import { OnFirstOpen } from '../OnFirstOpen';

/** A report queue under the filters, made with the grid's current body (features/reports, composed by the app). */
export type ReportQueueSlot = (body: GridQuery) => ReactNode;

/**
 * A row's own popup: each row gets a button named `label` that opens it; `render` draws the popup
 * (its dialog, from the screen's own folder, loaded with its first opening: OnFirstOpen's `dialog`)
 * for that row, and calls `close` when it is done.
 */
export interface RowPopup {
  label: string;
  render: (row: GridRecord, close: () => void) => ReactNode;
}

interface GridScreenProps {
  grid: GridDeclaration;
  /** The screen's own actions beside its title; given the grid's current body, they may act on its filters. */
  actions?: ReactNode | ((body: GridQuery) => ReactNode);
  reportQueue?: ReportQueueSlot;
  rowPopup?: RowPopup;
  /** What the screen shows of every row its filters select, under the filters (from the screen's own folder), given the grid's current body. */
  summary?: (body: GridQuery) => ReactNode;
  /** The choices of its filters that choose a record: the reference lists' unless the screen reads its own (the Audit screen's admins). */
  useChoices?: (grid: GridDeclaration) => FilterChoices;
}

/**
 * What a grid's export will weigh, before it starts: its rows, and bytes estimated from the page on
 * screen written as CSV lines (the export is a stream whose length nobody knows beforehand).
 */
export function exportSize(count: number, rows: GridRows['rows']): string {
  let sampled = 0;
  let bytes = 0;
  for (let index = 0; index < Math.min(rows.length, 50); index += 1) {
    const row = rows.at(index);
    if (!row) continue;
    sampled += 1;
    bytes += Object.values(row).reduce<number>((sum, value) => sum + String(value ?? '').length + 1, 0);
  }
  const rowsText = formatRows(count);
  return sampled === 0 ? rowsText : `${rowsText}, about ${sizeText((bytes / sampled) * count)}`;
}

export function GridScreen({ grid, actions, reportQueue, rowPopup, summary, useChoices = useReferenceChoices }: GridScreenProps) {
  const query = useGridQuery(grid);
  const [openRow, setOpenRow] = useState<GridRecord>();
  const { state, body } = query;
  const choices = useChoices(grid);
  const request = { path: grid.path, body };
  const page = useGridPageQuery(request);
  const offline = useBrowserOffline();
  const { download, downloading } = useReportDownload();
  const closeRow = () => setOpenRow(undefined);

  // The page asked for; while it comes, the one before it (shown as loading cells, not as an answer).
  // Offline, a page never loaded says so, with the way back to the last one loaded.
  const { answer, failed, notLoaded } = useShownAnswer(page);
  const errorText = failed && page.error ? ('text' in page.error ? page.error.text : page.error.message) : undefined;
  const campaignName = choices.campaign?.find((campaign) => campaign.value === String(state.campaign))?.label;
  const description = `${grid.title}, ${toRequestDate(state.start)} to ${toRequestDate(state.end)}${campaignName ? `, ${campaignName}` : ''}`;
  const downloadText = offline ? needsConnectionText('Downloading a report') : 'Download every row of this report as a CSV file';

  return (
    <section className="report-grid-screen">
      <header className="console-page-header">
        <PageTitle>{grid.title}</PageTitle>
        {typeof actions === 'function' ? actions(body) : actions}
      </header>
      <GridFilters grid={grid} query={query} choices={choices}>
        <Button
          icon={<Download />}
          intent={Intent.PRIMARY}
          loading={downloading}
          disabled={offline}
          title={downloadText}
          aria-description={downloadText}
          onClick={() =>
            void download({
              backend: 'admin',
              request: gridExport(request),
              fallbackName: gridFilename(grid, state.start, state.end),
              description,
              size: answer ? exportSize(answer.count, answer.rows) : undefined,
            })
          }
        >
          Download CSV
        </Button>
      </GridFilters>
      {summary?.(body)}
      {reportQueue?.(body)}
      <ReportGrid
        grid={grid}
        answer={answer}
        loading={page.isFetching && !page.currentData}
        error={errorText}
        notLoaded={notLoaded}
        query={query}
        openRow={rowPopup && { label: rowPopup.label, open: setOpenRow }}
      />
      {rowPopup && openRow && <OnFirstOpen onClose={closeRow}>{rowPopup.render(openRow, closeRow)}</OnFirstOpen>}
    </section>
  );
}
