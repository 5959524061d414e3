// Upload A Report (SPEC.md sections 2 and 5): an agency, then one of its campaigns (the choice waits
// for the agency; another agency clears it), and a CSV file of at most 20 MB, previewed before it
// goes. Upload checks the form by the contract's rule and shows each message in the specification's
// words; the file then goes with a progress bar, and the popup closes on success, or stays open with
// the server's refusal. Offline nothing can be sent, and nothing waits in the outbox: a secure file
// is never kept on the device.
import { Callout, FileInput, FormGroup, HTMLSelect, Intent, ProgressBar } from '@blueprintjs/core';
import { useRef, useState } from 'react';
import { useStore } from 'react-redux';
import * as messages from '../../../contract/messages';
import { useAppDispatch } from '../../ground/hooks';
import { FormDialog } from '../../components/FormDialog';
import { useBrowserOffline } from '../../components/NeedsConnection';
import { showSuccess } from '../../components/toaster';
import { idParam } from '../../address/useListParams';
import { uploadSecureReport } from './secureFiles';
import { SECURE_REPORTS_LIST, secureReportsApi, useSecureAgenciesQuery } from './secureReportsApi';
import { checkUpload, type UploadChoice } from './uploadForm';
import { UploadPreview } from './UploadPreview';
import { useReturnFocus } from '../../components/returnFocus';

export function UploadReportDialog({ onClose: closed }: { onClose(): void }) {
  const onClose = useReturnFocus(closed);
  const store = useStore();
  const dispatch = useAppDispatch();
  const offline = useBrowserOffline();
  const agencies = useSecureAgenciesQuery();
  const [choice, setChoice] = useState<UploadChoice>({});
  const [submitted, setSubmitted] = useState(false);
  const [progress, setProgress] = useState<number>();
  const [refusal, setRefusal] = useState<string>();
  const uploading = useRef<AbortController | null>(null);

  const { upload, errors } = checkUpload(choice);
  const agency = agencies.data?.find((candidate) => candidate.id === choice.agency_id);
  // A file's own problems show as soon as it is chosen; a missing choice once Upload was tried.
  const fileError = choice.file || submitted ? errors?.file : undefined;
  const choiceError = submitted ? errors?.agencyAndCampaign : undefined;

  function close() {
    uploading.current?.abort();
    onClose();
  }

  async function send() {
    setSubmitted(true);
    if (!upload || uploading.current) return;
    setRefusal(undefined);
    const controller = new AbortController();
    uploading.current = controller;
    const outcome = await uploadSecureReport(store, upload, setProgress, controller.signal);
    uploading.current = null;
    setProgress(undefined);
    // Closed while it went: the popup is gone, and so is the upload.
    if (!outcome) return;
    if ('error' in outcome) {
      setRefusal(outcome.error.text);
      return;
    }
    const { report, created } = outcome.data;
    dispatch(secureReportsApi.util.invalidateTags([SECURE_REPORTS_LIST]));
    const sharedWith = `${report.agency_name}, ${report.campaign_name}`;
    showSuccess(created ? `${report.file_name} uploaded for ${sharedWith}` : `${report.file_name} was already uploaded for ${sharedWith}`);
    onClose();
  }

  return (
    <FormDialog
      title="Upload A Report"
      isOpen
      // Upload stays clickable: a click with something missing says what, in the specification's words.
      valid
      saving={progress !== undefined}
      saveLabel="Upload"
      blockedReason={offline ? messages.secureNeedsConnection : undefined}
      onClose={close}
      onSave={() => void send()}
    >
      {agencies.error && (
        <Callout intent={Intent.DANGER} role="alert" className="console-prompt">
          {'text' in agencies.error ? agencies.error.text : 'The agencies could not be loaded.'}
        </Callout>
      )}
      <FormGroup label="Agency" labelFor="secure-agency" intent={choiceError ? Intent.DANGER : Intent.NONE}>
        <HTMLSelect
          id="secure-agency"
          fill
          value={choice.agency_id === undefined ? '' : String(choice.agency_id)}
          // Another agency has other campaigns: the one chosen no longer applies.
          onChange={(event) => setChoice({ ...choice, agency_id: idParam(event.target.value), campaign_id: undefined })}
        >
          <option value="">{agencies.isLoading ? 'Loading agencies…' : 'Choose an agency'}</option>
          {agencies.data?.map((option) => (
            <option key={option.id} value={String(option.id)}>
              {option.agency_name}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      <FormGroup
        label="Campaign"
        labelFor="secure-campaign"
        helperText={choiceError ?? (agency ? undefined : 'Choose an agency first.')}
        intent={choiceError ? Intent.DANGER : Intent.NONE}
      >
        <HTMLSelect
          id="secure-campaign"
          fill
          disabled={!agency}
          value={choice.campaign_id === undefined ? '' : String(choice.campaign_id)}
          onChange={(event) => setChoice({ ...choice, campaign_id: idParam(event.target.value) })}
        >
          <option value="">Choose a campaign</option>
          {agency?.campaigns.map((option) => (
            <option key={option.id} value={String(option.id)}>
              {option.campaign_name}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      <FormGroup label="CSV file" labelFor="secure-file" helperText={fileError} intent={fileError ? Intent.DANGER : Intent.NONE}>
        <FileInput
          fill
          text={choice.file?.name ?? 'Choose a CSV file…'}
          hasSelection={Boolean(choice.file)}
          inputProps={{ id: 'secure-file', accept: '.csv,text/csv' }}
          onInputChange={(event) => {
            const file = event.currentTarget.files?.[0];
            setRefusal(undefined);
            setChoice({ ...choice, file });
          }}
        />
      </FormGroup>
      {choice.file && !errors?.file && <UploadPreview file={choice.file} />}
      {progress !== undefined && (
        // Every byte sent, the server still checks and stores the file (seconds for 20 MB): the bar says so.
        <FormGroup label={progress < 1 ? `Uploading… ${Math.round(progress * 100)}%` : 'Sent: the server is checking the file…'} className="secure-upload-progress">
          <ProgressBar value={progress} intent={Intent.PRIMARY} aria-label="Upload progress" animate={false} stripes={progress === 1} />
        </FormGroup>
      )}
      {refusal && (
        <Callout intent={Intent.DANGER} role="alert" aria-label="Not uploaded" className="console-prompt">
          {refusal}
        </Callout>
      )}
    </FormDialog>
  );
}
