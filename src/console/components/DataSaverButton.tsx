// The header's data saver setting (http/dataSaver.ts says what it does): on, off, or left to the
// connection, with why it is on and the bytes this tab has received since it opened.
import { Button, Popover, Radio, RadioGroup } from '@blueprintjs/core';
import { Compressed } from '@blueprintjs/icons';
import { chooseDataSaver, DATA_SAVER_PAGE_SIZE, sizeText, useBytesUsed, useDataSaver, type DataSaverChoice } from '../http/dataSaver';


function DataSaverSettings() {
  const saver = useDataSaver();
  const bytes = useBytesUsed();
  return (
    <div className="console-data-saver" role="group" aria-label="Data saver">
      <RadioGroup label="Data saver" selectedValue={saver.choice} onChange={(e) => chooseDataSaver(e.currentTarget.value as DataSaverChoice)}>
        <Radio value="auto" label={`Automatic (${saver.reason ? `on: ${saver.reason}` : 'off on this connection'})`} />
        <Radio value="on" label="On" />
        <Radio value="off" label="Off" />
      </RadioGroup>
      <p>
        {saver.on
          ? `On: pages of ${DATA_SAVER_PAGE_SIZE} rows, large lists read again only when you ask, and a download says its size before it starts.`
          : 'Off: lists and grids load as asked.'}
      </p>
      <p data-testid="bytes-used">This session has used {sizeText(bytes)}.</p>
    </div>
  );
}

export function DataSaverButton() {
  const saver = useDataSaver();
  const label = `Data saver: ${saver.on ? 'on' : 'off'}`;
  return (
    <Popover content={<DataSaverSettings />} placement="bottom-end">
      <Button variant="minimal" icon={<Compressed />} aria-label={label} title={label} intent={saver.on ? 'primary' : 'none'}>
        <span className="console-header-label">{saver.on ? 'Data saver on' : 'Data saver'}</span>
      </Button>
    </Popover>
  );
}
