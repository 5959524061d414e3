// BACK on a detail screen: back through the console's own history, or to `to` when the screen was
// opened directly (a bookmark, a deep link), where going back would leave the console.
import { Button } from '@blueprintjs/core';
import { ArrowLeft } from '@blueprintjs/icons';
import { useLocation, useNavigate } from 'react-router-dom';

export function BackButton({ to }: { to: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <Button icon={<ArrowLeft />} onClick={() => (location.key !== 'default' ? navigate(-1) : navigate(to))}>
      BACK
    </Button>
  );
}
