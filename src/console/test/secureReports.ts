// Secure reports as the server lists them, the agencies a file may be shared with, and a fake
// XMLHttpRequest for the upload (jsdom's would go to the network): the test sees what was sent and
// answers it, progress first if it likes.
import { vi } from 'vitest';
import type { SecureAgencies } from '../../contract/api';
import type { SecureLedgerEntry, SecureReportRow } from '../../contract/entities';

export const payouts: SecureReportRow = {
  id: 7,
  description: 'Agent payouts for October 2026, Ghana: every agent paid, with the amounts and the mobile money references, for the finance team to reconcile',
  agency_id: 3,
  campaign_id: 5,
  date_created: '2026-11-21T08:15:30.000Z',
  created_by_id: 1,
  agency_name: 'Ghana Agents',
  campaign_name: 'Agent Referral GH-01',
  created_by: 'super@demo.test',
  file_name: 'payouts-2026-10.csv',
  size: 2048,
  sha256: 'a3f1c2d4e5b6a7980123456789abcdef0123456789abcdef0123456789abcdef',
};

export const fraudList: SecureReportRow = {
  ...payouts,
  id: 8,
  description: 'Blocked devices, November',
  agency_id: 4,
  campaign_id: 9,
  date_created: '2026-11-20T17:02:09.000Z',
  created_by_id: 2,
  agency_name: 'Kenya Field Team',
  campaign_name: 'SIM Drive KE-02',
  created_by: 'agency@demo.test',
  file_name: 'blocked-devices.csv',
};

export const secureAgencies: SecureAgencies = {
  agencies: [
    {
      id: 3,
      agency_name: 'Ghana Agents',
      campaigns: [
        { id: 5, campaign_name: 'Agent Referral GH-01', country_code: 'GH' },
        { id: 6, campaign_name: 'SIM Drive GH-02', country_code: 'GH' },
      ],
    },
    { id: 4, agency_name: 'Kenya Field Team', campaigns: [{ id: 9, campaign_name: 'SIM Drive KE-02', country_code: 'KE' }] },
  ],
};

export const ledger: SecureLedgerEntry[] = [
  { id: 3, at: '2026-11-22T09:01:02.000Z', action: 'downloaded', admin_id: 2, admin: 'agency@demo.test', address: '203.0.113.9', detail: null },
  { id: 2, at: '2026-11-22T09:00:40.000Z', action: 'refused', admin_id: 2, admin: 'agency@demo.test', address: '203.0.113.9', detail: 'The OTP is wrong' },
  { id: 1, at: '2026-11-22T09:00:00.000Z', action: 'code_requested', admin_id: 2, admin: 'agency@demo.test', address: '203.0.113.9', detail: null },
];

/** One upload sent through the fake XMLHttpRequest. */
export interface SentUpload {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: FormData;
  /** Reports `loaded` of `total` bytes sent. */
  progress(loaded: number, total: number): void;
  /** Answers it (JSON unless `body` is text). */
  respond(status: number, body: unknown): void;
  /** The network fails it. */
  fail(): void;
  aborted: boolean;
}

/** Replaces XMLHttpRequest; `sent` lists every upload as it is sent. */
export function fakeXhr() {
  const sent: SentUpload[] = [];
  class FakeXMLHttpRequest {
    status = 0;
    responseText = '';
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private request: Partial<SentUpload> & { headers: Record<string, string> } = { headers: {} };

    open(method: string, url: string) {
      Object.assign(this.request, { method, url });
    }
    setRequestHeader(name: string, value: string) {
      this.request.headers[name.toLowerCase()] = value;
    }
    send(body: FormData) {
      const upload: SentUpload = {
        ...(this.request as SentUpload),
        body,
        aborted: false,
        progress: (loaded, total) => this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent),
        respond: (status, answer) => {
          this.status = status;
          this.responseText = typeof answer === 'string' ? answer : JSON.stringify(answer);
          this.onload?.();
        },
        fail: () => this.onerror?.(),
      };
      sent.push(upload);
      this.abort = () => {
        upload.aborted = true;
        this.onabort?.();
      };
    }
    abort() {}
  }
  vi.stubGlobal('XMLHttpRequest', FakeXMLHttpRequest);
  return { sent };
}
