// The signed-in admin's saved reports, read again whenever one is saved or removed (in any tab).
import { useEffect, useState } from 'react';
import { useAppSelector } from '../ground/hooks';
import { listSavedReports, onSavedReportsChange, removeOthersReports, type SavedReport } from './savedReports';

/** The signed-in admin's username: saved reports are theirs. */
export const useReportOwner = (): string => useAppSelector((state) => state.session.user?.username ?? '');

/** Deletes what another admin saved on this browser, once the signed-in admin's shell opens. */
export function useForgetOthersReports(): void {
  const owner = useReportOwner();
  useEffect(() => {
    if (owner) void removeOthersReports(owner).catch(() => undefined);
  }, [owner]);
}

/** undefined while the list is read. */
export function useSavedReports(): SavedReport[] | undefined {
  const owner = useReportOwner();
  const [reports, setReports] = useState<SavedReport[]>();
  useEffect(() => {
    let current = true;
    const read = () =>
      void listSavedReports(owner)
        .catch(() => [])
        .then((found) => current && setReports(found));
    read();
    const stop = onSavedReportsChange(read);
    return () => {
      current = false;
      stop();
    };
  }, [owner]);
  return reports;
}
