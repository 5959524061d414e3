// The header's outbox button: how many of the user's changes wait to be sent (red when one was
// refused). It opens the outbox panel, a chunk of its own loaded on the first click.
import { Button, Intent, Tag } from '@blueprintjs/core';
import { CloudUpload } from '@blueprintjs/icons';
import { Suspense, useState } from 'react';
import { useAppSelector } from '../ground/hooks';
import { lazyNamed } from '../components/lazyNamed';
import { selectOwnOutbox } from './outboxSlice';

const OutboxPanel = lazyNamed(() => import('./OutboxPanel'), 'OutboxPanel');

export function OutboxButton() {
  const entries = useAppSelector(selectOwnOutbox);
  const [wanted, setWanted] = useState(false);
  const [open, setOpen] = useState(false);
  const failed = entries.filter((entry) => entry.status === 'failed').length;
  const count = entries.length;
  const label = count === 0 ? 'Outbox: nothing waiting' : `Outbox: ${count} ${count === 1 ? 'change' : 'changes'} not sent${failed ? `, ${failed} refused` : ''}`;
  return (
    <>
      <Button
        variant="minimal"
        icon={<CloudUpload />}
        intent={failed ? Intent.DANGER : count ? Intent.WARNING : Intent.NONE}
        aria-label={label}
        title={label}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        Outbox
        {count > 0 && (
          <Tag round className="console-row-note" intent={failed ? Intent.DANGER : Intent.WARNING}>
            {count}
          </Tag>
        )}
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <OutboxPanel isOpen={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
