// The header's 'Saved for offline' button: how many downloaded reports are kept on this device.
// Shown in the shell of every signed-in admin, it also deletes what another admin left here.
import { Button, Tag } from '@blueprintjs/core';
import { Archive } from '@blueprintjs/icons';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { SAVED_REPORTS_PATH } from '../app/tabs';
import { removeOthersReports, savedReportsAvailable } from './savedReports';
import { useReportOwner, useSavedReports } from './useSavedReports';

export function SavedReportsButton() {
  const owner = useReportOwner();
  const reports = useSavedReports();
  const navigate = useNavigate();
  useEffect(() => {
    if (owner) void removeOthersReports(owner).catch(() => undefined);
  }, [owner]);
  if (!savedReportsAvailable()) return null;
  const count = reports?.length ?? 0;
  const label = `Saved for offline: ${count} ${count === 1 ? 'report' : 'reports'}`;
  return (
    <Button variant="minimal" icon={<Archive />} aria-label={label} title={label} onClick={() => navigate(SAVED_REPORTS_PATH)}>
      Saved
      {count > 0 && (
        <Tag round className="console-row-note">
          {count}
        </Tag>
      )}
    </Button>
  );
}
