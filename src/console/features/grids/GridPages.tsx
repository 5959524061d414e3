// A grid tab's screen: its declaration (contract/grids.ts) on the one grid screen, drawn for the
// screen registry's grids (app/screenPages.tsx). The grids whose reports can be queued take their
// queue from the app (app/QueuedGridScreen.tsx): a feature never imports another.
import { gridOf, type GridId } from '../../../contract/grids';
import { GridScreen, type ReportQueueSlot } from '../../components/grid/GridScreen';

/** A grid's screen: its row popup, filters and CSV come with its declaration. */
export const GridTabScreen = ({ grid, reportQueue }: { grid: GridId; reportQueue?: ReportQueueSlot }) => <GridScreen grid={gridOf(grid)} reportQueue={reportQueue} />;

