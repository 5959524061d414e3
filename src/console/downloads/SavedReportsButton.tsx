// The header's 'Saved for offline' button: how many downloaded reports are kept on this device.
import { Button, Tag } from '@blueprintjs/core';
import { Archive } from '@blueprintjs/icons';
import { useNavigate } from 'react-router-dom';
import { SAVED_REPORTS_PATH } from '../ground/paths';
import { savedReportsAvailable } from './savedReports';
import { useSavedReports } from './useSavedReports';

export function SavedReportsButton() {
  const reports = useSavedReports();
  const navigate = useNavigate();
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
