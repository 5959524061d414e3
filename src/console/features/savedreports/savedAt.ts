/** When a report was saved, in the reader's own time: '21 Nov 2026, 14:05'. */
export const savedAtText = (epochMillis: number): string =>
  new Date(epochMillis).toLocaleString(undefined, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
