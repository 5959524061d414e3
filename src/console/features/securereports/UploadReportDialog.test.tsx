import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES } from '../../../contract/constants';
import type { SecureReportRow } from '../../../contract/entities';
import { makeStore } from '../../app/store';
import { browserWentOffline } from '../../http/connectivity';
import { fakeBackend } from '../../test/fakeBackend';
import { renderWithProviders } from '../../test/renderWithProviders';
import { fakeXhr, payouts, secureAgencies } from '../../test/secureReports';
import { signedIn } from '../../test/sessions';
import { SecureReportsPage } from './SecureReportsPage';

const LIST = 'admin/list_secure_reports';
const CSV = 'agent,msisdn,amount\r\nAma Mensah,0241234567,120.50\r\n"Kofi, Jr.",0209876543,80.00\r\nEfua,0551112223,42.10\r\n';
const csvFile = (text = CSV, name = 'payouts-2026-10.csv') => new File([text], name, { type: 'text/csv' });

function uploadBackend(rows: SecureReportRow[] = []) {
  let listed = rows;
  const backend = fakeBackend()
    .on('POST', LIST, () => ({ body: { data: listed, count: listed.length } }))
    .on('POST', 'admin/get-secure-agencies', { body: secureAgencies });
  return Object.assign(backend, { list: (next: SecureReportRow[]) => (listed = next) });
}

async function openUpload(store = makeStore(signedIn('Agency Admin'))) {
  const rendered = renderWithProviders(<SecureReportsPage />, { store, route: '/secure-reports' });
  await screen.findByText(/No secure reports|Ghana Agents/);
  await rendered.user.click(screen.getByRole('button', { name: 'Upload A Report' }));
  const dialog = await screen.findByRole('dialog', { name: 'Upload A Report' });
  await within(dialog).findByRole('option', { name: 'Ghana Agents' });
  return { ...rendered, dialog };
}

const chooseFile = (file: File) => fireEvent.change(screen.getByLabelText('CSV file'), { target: { files: [file] } });

/** Ghana Agents, then its campaign Agent Referral GH-01. */
async function chooseGhanaCampaign(user: UserEvent, dialog: HTMLElement) {
  await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Agency' }), 'Ghana Agents');
  await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Campaign' }), 'Agent Referral GH-01');
}

/** A valid upload sent: the agency, its campaign and a CSV file, then Upload. */
async function sendUpload(user: UserEvent, dialog: HTMLElement, sent: readonly unknown[]) {
  await chooseGhanaCampaign(user, dialog);
  chooseFile(csvFile());
  await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
  await waitFor(() => expect(sent).toHaveLength(1));
}

describe('Upload A Report', () => {
  it("offers the campaigns of the agency chosen, and only once one is; another agency clears the campaign", async () => {
    uploadBackend();
    const { user, dialog } = await openUpload();
    const agency = within(dialog).getByRole('combobox', { name: 'Agency' });
    const campaign = within(dialog).getByRole('combobox', { name: 'Campaign' });
    expect(campaign).toBeDisabled();

    await user.selectOptions(agency, 'Ghana Agents');
    expect(campaign).toBeEnabled();
    expect(within(campaign).getAllByRole('option').map((option) => option.textContent)).toEqual(['Choose a campaign', 'Agent Referral GH-01', 'SIM Drive GH-02']);
    await user.selectOptions(campaign, 'SIM Drive GH-02');
    expect(campaign).toHaveValue('6');

    await user.selectOptions(agency, 'Kenya Field Team');
    expect(campaign).toHaveValue('');
    expect(within(campaign).getAllByRole('option').map((option) => option.textContent)).toEqual(['Choose a campaign', 'SIM Drive KE-02']);
  });

  it('says what is wrong in the words of the specification, and sends nothing', async () => {
    uploadBackend();
    const { sent } = fakeXhr();
    const { user, dialog } = await openUpload();

    chooseFile(new File(['%PDF-1.7'], 'payouts.pdf', { type: 'application/pdf' }));
    expect(await within(dialog).findByText('Only CSV files are allowed.')).toBeInTheDocument();

    // A file past 20 MB, without 20 MB of memory: its size is all the rule reads.
    const big = csvFile();
    Object.defineProperty(big, 'size', { value: UPLOAD_MAX_BYTES + 1 });
    chooseFile(big);
    expect(await within(dialog).findByText('File size exceeds the maximum allowed limit.')).toBeInTheDocument();
    expect(within(dialog).queryByText('Only CSV files are allowed.')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('region', { name: /^Preview of/ })).not.toBeInTheDocument();

    const exactlyTheLimit = csvFile();
    Object.defineProperty(exactlyTheLimit, 'size', { value: UPLOAD_MAX_BYTES });
    chooseFile(exactlyTheLimit);
    await waitFor(() => expect(within(dialog).queryByText('File size exceeds the maximum allowed limit.')).not.toBeInTheDocument());

    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText('Please select both an agency and a campaign.')).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Agency' }), 'Ghana Agents');
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(within(dialog).getByText('Please select both an agency and a campaign.')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it('previews the first rows of the file under its header, and counts its rows', async () => {
    uploadBackend();
    const { dialog } = await openUpload();
    const lines = ['agent,msisdn,amount', ...Array.from({ length: 25 }, (_, i) => `Agent ${i + 1},02400000${String(i).padStart(2, '0')},${i}.00`)];
    chooseFile(csvFile(`${lines.join('\n')}\n`));

    const preview = await within(dialog).findByRole('region', { name: 'Preview of payouts-2026-10.csv' });
    const table = await within(preview).findByRole('table', { name: 'First rows of payouts-2026-10.csv' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['agent', 'msisdn', 'amount']);
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(within(table).getByText('Agent 10')).toBeInTheDocument();
    expect(within(table).queryByText('Agent 11')).not.toBeInTheDocument();
    expect(await within(preview).findByText('25 rows below the header')).toBeInTheDocument();
  });

  it('sends the agency, the campaign and the file as multipart with the session, shows its progress, then closes and lists it', async () => {
    const backend = uploadBackend();
    const { sent } = fakeXhr();
    const { user, dialog } = await openUpload();
    await chooseGhanaCampaign(user, dialog);
    const file = csvFile();
    chooseFile(file);
    expect(await within(dialog).findByText('3 rows below the header')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    const [upload] = sent as [(typeof sent)[number]];
    expect(upload.method).toBe('POST');
    expect(upload.url).toBe(`${window.location.origin}/service/payments-secure-page/`);
    expect(upload.headers.authorization).toBe('Bearer access-1');
    // The fields before the file (the lib types here leave out DOM.Iterable, not FormData's iteration).
    expect([...(upload.body as unknown as Iterable<[string, unknown]>)].map(([name]) => name)).toEqual(['agency_id', 'campaign_id', 'created_by_id', 'file']);
    expect(upload.body.get('agency_id')).toBe('3');
    expect(upload.body.get('campaign_id')).toBe('5');
    expect(upload.body.get('created_by_id')).toBe('1');
    const sentFile = upload.body.get('file') as File;
    expect(sentFile.name).toBe('payouts-2026-10.csv');
    expect(await sentFile.text()).toBe(CSV);

    act(() => upload.progress(512, 2048));
    const bar = within(dialog).getByRole('progressbar', { name: 'Upload progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '25');
    expect(within(dialog).getByText('Uploading… 25%')).toBeInTheDocument();
    act(() => upload.progress(2048, 2048));
    expect(within(dialog).getByText('Sent: the server is checking the file…')).toBeInTheDocument();

    backend.list([payouts]);
    act(() => upload.respond(201, payouts));
    expect(await screen.findByText('payouts-2026-10.csv uploaded for Ghana Agents, Agent Referral GH-01')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Upload A Report' })).not.toBeInTheDocument());
    const table = await screen.findByRole('table', { name: 'Secure reports' });
    expect(within(table).getByText(payouts.description)).toBeInTheDocument();
    expect(backend.calls('POST', LIST)).toHaveLength(2);
  });

  it("says when the same file was uploaded before for that agency and campaign", async () => {
    uploadBackend();
    const { sent } = fakeXhr();
    const { user, dialog } = await openUpload();
    await sendUpload(user, dialog, sent);
    act(() => sent[0]?.respond(200, payouts));
    expect(await screen.findByText('payouts-2026-10.csv was already uploaded for Ghana Agents, Agent Referral GH-01')).toBeInTheDocument();
  });

  it("keeps the popup open with the server's refusal in its own words, and sends again when asked", async () => {
    uploadBackend();
    const { sent } = fakeXhr();
    const { user, dialog } = await openUpload();
    await sendUpload(user, dialog, sent);

    const text = 'This file is not a CSV file: its content is not text. Only CSV files are allowed.';
    act(() => sent[0]?.respond(415, { error: text, code: 'unsupported_media_type' }));
    expect(await within(dialog).findByRole('alert', { name: 'Not uploaded' })).toHaveTextContent(text);
    expect(screen.getByRole('dialog', { name: 'Upload A Report' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('progressbar')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(within(dialog).queryByRole('alert', { name: 'Not uploaded' })).not.toBeInTheDocument();
  });

  it('renews an expired session once and sends the file again with the new token', async () => {
    const backend = uploadBackend();
    backend.on('POST', 'api/v1/auth/token/refresh/', { body: { access: 'access-2', refresh: 'refresh-2' } });
    const { sent } = fakeXhr();
    const { user, dialog } = await openUpload();
    await sendUpload(user, dialog, sent);
    act(() => sent[0]?.respond(401, { error: 'The session has expired', code: 'session_expired' }));

    await waitFor(() => expect(sent).toHaveLength(2));
    expect(backend.calls('POST', 'api/v1/auth/token/refresh/').map((call) => call.body)).toEqual([{ refresh: 'refresh-1' }]);
    expect(sent[1]?.headers.authorization).toBe('Bearer access-2');
    expect((sent[1]?.body.get('file') as File).name).toBe('payouts-2026-10.csv');
    act(() => sent[1]?.respond(201, payouts));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Upload A Report' })).not.toBeInTheDocument());
  });

  it('stops the upload when the popup is closed', async () => {
    uploadBackend();
    const { sent } = fakeXhr();
    const { user, dialog } = await openUpload();
    await sendUpload(user, dialog, sent);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(sent[0]?.aborted).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Upload A Report' })).not.toBeInTheDocument());
  });

  it('cannot send offline, says why, and keeps nothing to send later', async () => {
    uploadBackend();
    const { sent } = fakeXhr();
    const store = makeStore(signedIn('Agency Admin'));
    const { user, dialog } = await openUpload(store);
    await chooseGhanaCampaign(user, dialog);
    chooseFile(csvFile());

    act(() => void store.dispatch(browserWentOffline()));
    expect(within(dialog).getByText('Secure reports need a connection: they are never kept on this device.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Upload' })).toBeDisabled();
    expect(sent).toHaveLength(0);
    expect(store.getState().outbox.byUser).toEqual({});
  });
});
