// The saved reports, read again whenever one is saved or removed (in any tab of the console).
import { useEffect, useState } from 'react';
import { listSavedReports, onSavedReportsChange, type SavedReport } from './savedReports';

/** undefined while the list is read. */
export function useSavedReports(): SavedReport[] | undefined {
  const [reports, setReports] = useState<SavedReport[]>();
  useEffect(() => {
    let current = true;
    const read = () =>
      void listSavedReports()
        .catch(() => [])
        .then((found) => current && setReports(found));
    read();
    const stop = onSavedReportsChange(read);
    return () => {
      current = false;
      stop();
    };
  }, []);
  return reports;
}
