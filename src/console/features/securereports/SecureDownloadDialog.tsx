// A secure report's download (SPEC.md section 4: request a code, verify it, download): the popup
// reads 'Requesting OTP' while the code is asked for, then 'Enter the OTP sent to your device' with
// a 4-character code (letters and digits, any case: the contract's rule and message). Download sends
// the report's id with the code and saves the file to the user's disk, and only there: not in Saved
// for offline. A wrong or expired code's text shows in the popup, so the code can be typed again, or
// a new one sent.
import { Button, Callout, Classes, Dialog, DialogBody, DialogFooter, Intent, Spinner } from '@blueprintjs/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useStore } from 'react-redux';
import type { SecureReportRow } from '../../../contract/entities';
import * as messages from '../../../contract/messages';
import { secureDownloadRequest } from '../../../contract/schemas/secureReports';
import { SecureCodeField } from '../../components/SecureCodeField';
import { dismissToast, showNotice, showSuccess } from '../../components/toaster';
import { formatBytes, saveToDevice } from '../../downloads/savedReports';
import { downloadSecureReport, requestSecureCode } from './secureFiles';
import { useReturnFocus } from '../../components/returnFocus';

/** Where the popup is: asking for a code (or failed to), or waiting for it; what the server said. */
interface Step {
  asking: boolean;
  /** The server's word that the code is on its way. */
  sent?: string;
  /** Why the code was not sent, or the file not downloaded, in the server's words. */
  failure?: string;
}

export function SecureDownloadDialog({ report, onClose }: { report: SecureReportRow; onClose(): void }) {
  const close = useReturnFocus(onClose);
  const store = useStore();
  const [step, setStep] = useState<Step>({ asking: true });
  const [otp, setOtp] = useState('');
  const [tried, setTried] = useState(false);
  const [downloading, setDownloading] = useState(false);
  // 'Send a new code' counts the asks up; each ask emails a code, so it is made once, even where
  // React runs an effect twice (StrictMode), and only the latest ask's answer is shown.
  const [asks, setAsks] = useState(0);
  const asked = useRef(-1);

  useEffect(() => {
    if (asked.current === asks) return;
    asked.current = asks;
    void requestSecureCode(store, report.id).then((outcome) => {
      if (asked.current !== asks) return;
      setStep('error' in outcome ? { asking: true, failure: outcome.error.text } : { asking: false, sent: outcome.data.message });
    });
  }, [store, report.id, asks]);

  const checked = secureDownloadRequest.safeParse({ id: report.id, otp });
  const otpError = tried && !checked.success ? messages.secureOtpRequired : undefined;

  function sendNewCode() {
    setStep({ asking: true });
    setOtp('');
    setTried(false);
    setAsks((count) => count + 1);
  }

  async function download(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (!checked.success || downloading) return;
    setDownloading(true);
    setStep({ ...step, failure: undefined });
    const started = showNotice(messages.downloadStarted, 0);
    try {
      const outcome = await downloadSecureReport(store, checked.data, report.file_name);
      if ('error' in outcome) {
        setStep({ ...step, failure: outcome.error.text });
        return;
      }
      const { blob, filename } = outcome.data;
      saveToDevice(blob, filename);
      showSuccess(`${messages.downloadComplete}: ${filename}.`);
      close();
    } finally {
      dismissToast(started);
      setDownloading(false);
    }
  }

  const title = step.asking ? messages.secureReportRequestingOtp : messages.secureReportEnterOtp;
  return (
    <Dialog title={title} isOpen onClose={close} canOutsideClickClose={false}>
      <form onSubmit={(event) => void download(event)} noValidate>
        <DialogBody>
          <p>
            <strong>{report.description}</strong>
            <br />
            <span className={Classes.TEXT_MUTED}>{`${report.file_name}, ${formatBytes(report.size)}`}</span>
          </p>
          {step.asking && !step.failure && <Spinner size={24} aria-label={messages.secureReportRequestingOtp} />}
          {step.sent && <p role="status">{step.sent}</p>}
          {!step.asking && (
            <SecureCodeField id="secure-otp" value={otp} error={otpError} onChange={setOtp} />
          )}
          {step.failure && (
            <Callout intent={Intent.DANGER} role="alert" aria-label={step.asking ? 'No code sent' : 'Not downloaded'}>
              {step.failure}
            </Callout>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button onClick={close}>Cancel</Button>
              {(step.failure || !step.asking) && (
                <Button variant="minimal" onClick={sendNewCode} disabled={downloading}>
                  Send a new code
                </Button>
              )}
              <Button type="submit" intent={Intent.PRIMARY} disabled={step.asking} loading={downloading}>
                Download
              </Button>
            </>
          }
        />
      </form>
    </Dialog>
  );
}
