// Downloading a report (SPEC.md section 8: 'Download started', 'Download complete'; a failure shows
// the server's error text): the file is fetched with the session, handed to the browser to save
// and kept in 'Saved for offline', so it opens again without a network.
import type { FetchArgs } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import { useStore } from 'react-redux';
import * as messages from '../../contract/messages';
import type { Backend } from '../ground/config';
import { askToConfirm } from '../components/confirm';
import { dismissToast, showError, showNotice, showSuccess } from '../components/toaster';
import { isDataSaverOn } from '../http/dataSaver';
import { fetchFile, type FetchedFile } from './fetchFile';
import { NotSavedError, saveReport, saveToDevice } from './savedReports';
import { useReportOwner } from './useSavedReports';

export interface ReportDownload {
  backend: Backend;
  request: FetchArgs;
  /** The name used when the server does not give one. */
  fallbackName: string;
  /** What the report holds, shown in Saved for offline. */
  description: string;
  /** The file inside the answer, when the answer is not the file itself (fileOfLegacyAnswer). */
  unwrap?(answer: FetchedFile): Promise<FetchedFile>;
  /** How large the file is, when known before it starts ('162 rows, about 24 KB'): the data saver asks first. */
  size?: string;
}

export function useReportDownload() {
  const store = useStore();
  const owner = useReportOwner();
  const [downloading, setDownloading] = useState(false);

  async function download(report: ReportDownload): Promise<void> {
    if (report.size && isDataSaverOn() && !(await askToConfirm(`This download is ${report.size}. Download it now?`, 'Download'))) return;
    setDownloading(true);
    const started = showNotice(messages.downloadStarted, 0);
    try {
      const result = await fetchFile(report.backend, report.request, store, report.fallbackName);
      if ('error' in result) {
        showError(result.error.text);
        return;
      }
      const { blob, filename, mime } = report.unwrap ? await report.unwrap(result.data) : result.data;
      saveToDevice(blob, filename);
      try {
        await saveReport(blob, { owner, filename, mime, description: report.description });
        showSuccess(`${messages.downloadComplete}: ${filename}, also saved for offline use.`);
      } catch (error) {
        if (!(error instanceof NotSavedError)) throw error;
        showSuccess(`${messages.downloadComplete}: ${filename}.`);
        void showNotice(error.message, 8_000);
      }
    } finally {
      dismissToast(started);
      setDownloading(false);
    }
  }

  return { download, downloading };
}
