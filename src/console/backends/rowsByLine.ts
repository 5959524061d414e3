// 'All rows' of a grid is up to 100,000 rows, 30 MB of JSON: decoded and parsed at once it took the
// grid's mount most of a second in Chromium, for a table that draws forty rows at a time. The
// reference server writes that answer one row per line, its count first (routes/admin/grids.ts);
// here the answer stays bytes, each row is found by its line and parsed when the grid first draws
// it. Any other layout (another backend's) is parsed whole, as before.
import type { GridPage } from '../../contract/api';
import type { GridRecord, GridRowList } from '../components/grid/gridCells';

/** A grid page as read: its rows an array, or read by line. */
export type GridAnswer = Omit<GridPage<GridRecord>, 'data'> & { data: GridRowList };

const NEWLINE = 0x0a;
const COMMA = 0x2c;
const HEAD = /^\{"count":(\d+),"data":\[$/;

/** The rows of an answer laid out one per line, each parsed the first time it is read. */
export class RowsByLine implements GridRowList {
  readonly length: number;
  private readonly parsed: (GridRecord | undefined)[];
  private readonly decoder = new TextDecoder();

  /** `starts[i]` is where row i's line begins; `starts[length]` where the closing line does. */
  constructor(
    private readonly bytes: Uint8Array,
    private readonly starts: Int32Array,
  ) {
    this.length = starts.length - 1;
    this.parsed = new Array<GridRecord | undefined>(this.length);
  }

  at(index: number): GridRecord | undefined {
    const i = index < 0 ? index + this.length : index;
    if (!(i >= 0 && i < this.length)) return undefined;
    let row = this.parsed[i];
    if (!row) {
      // The line without its newline; a row after the first begins with the comma after the one before.
      let start = this.starts[i] as number;
      if (this.bytes[start] === COMMA) start++;
      row = JSON.parse(this.decoder.decode(this.bytes.subarray(start, (this.starts[i + 1] as number) - 1))) as GridRecord;
      this.parsed[i] = row;
    }
    return row;
  }

  /** Every row, for a cache written as JSON. */
  toJSON(): GridRecord[] {
    return Array.from({ length: this.length }, (_, i) => this.at(i) as GridRecord);
  }
}

/** The line starts of an answer laid out one row per line, or undefined for any other layout. */
function lineStarts(bytes: Uint8Array): { count: number; starts: Int32Array } | undefined {
  const headEnd = bytes.indexOf(NEWLINE);
  if (headEnd < 0 || headEnd > 40) return undefined;
  const head = HEAD.exec(new TextDecoder().decode(bytes.subarray(0, headEnd)));
  if (!head) return undefined;
  const count = Number(head[1]);
  const starts: number[] = [];
  for (let at = headEnd + 1; at < bytes.length; ) {
    starts.push(at);
    const end = bytes.indexOf(NEWLINE, at);
    if (end < 0) break;
    at = end + 1;
  }
  // The last line is the closing `]}`: a row per line before it.
  const closing = new TextDecoder().decode(bytes.subarray(starts.at(-1) ?? bytes.length)).trim();
  if (closing !== ']}') return undefined;
  return { count, starts: Int32Array.from(starts) };
}

/**
 * fetchBaseQuery's response handler for a grid page: a page as the server wrote it. A refusal is
 * read as text and parsed when it is JSON, as fetchBaseQuery's own handler does.
 */
export async function readGridAnswer(response: Response): Promise<unknown> {
  if (!response.ok) {
    const text = await response.text();
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  const bytes = new Uint8Array(await response.arrayBuffer());
  const lines = lineStarts(bytes);
  if (!lines) return JSON.parse(new TextDecoder().decode(bytes));
  const answer: GridAnswer = { count: lines.count, data: new RowsByLine(bytes, lines.starts) };
  return answer;
}
