import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred, fakeBackend, type FakeReply } from '../../test/fakeBackend';
import { renderWithProviders } from '../../test/renderWithProviders';
import { payouts } from '../../test/secureReports';
import { signedIn } from '../../test/sessions';
import { SecureReportsPage } from './SecureReportsPage';

const SENT = { message: 'A 4 character OTP was sent to your email. It works for this report only, once, for 5 minutes.', filename: payouts.file_name, url: '/admin/download_secure' };
const FILE: FakeReply = {
  file: {
    text: 'agent,amount\r\nAma,120.50\r\n',
    headers: { 'content-type': 'text/csv', 'content-disposition': `attachment; filename="${payouts.file_name}"`, 'x-content-sha256': payouts.sha256 },
  },
};

function downloadBackend() {
  return fakeBackend()
    .on('POST', 'admin/list_secure_reports', { body: { data: [payouts], count: 1 } })
    .on('POST', 'admin/send_secure_otp', { body: SENT })
    .on('POST', 'admin/download_secure', FILE);
}

/** The browser's side of saving a file: the object URL made, the link clicked, the URL let go. */
function savedFiles() {
  const createObjectURL = vi.fn((_blob: Blob) => 'blob:secure');
  const revokeObjectURL = vi.fn();
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL }));
  const clicked: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this.download);
  });
  return { createObjectURL, revokeObjectURL, clicked };
}

async function openDownload() {
  const rendered = renderWithProviders(<SecureReportsPage />, { preloadedState: signedIn('Agency Admin'), route: '/secure-reports' });
  const table = await screen.findByRole('table', { name: 'Secure reports' });
  await rendered.user.click(within(table).getByRole('button', { name: 'Download' }));
  return rendered;
}

const codeDialog = () => screen.findByRole('dialog', { name: 'Enter the OTP sent to your device' });

describe('downloading a secure report', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it("reads 'Requesting OTP' while the code is asked for, then 'Enter the OTP sent to your device'", async () => {
    const backend = downloadBackend();
    const answer = deferred<FakeReply>();
    backend.on('POST', 'admin/send_secure_otp', () => answer.promise);
    await openDownload();

    const asking = await screen.findByRole('dialog', { name: 'Requesting OTP' });
    expect(within(asking).getByRole('button', { name: 'Download' })).toBeDisabled();
    expect(within(asking).queryByLabelText('OTP')).not.toBeInTheDocument();
    answer.resolve({ body: SENT });

    const dialog = await codeDialog();
    expect(within(dialog).getByText(SENT.message)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('OTP')).toHaveFocus();
    expect(backend.calls('POST', 'admin/send_secure_otp').map((call) => call.body)).toEqual([{ report_id: payouts.id }]);
    expect(backend.calls('POST', 'admin/send_secure_otp')[0]?.authorization).toBe('Bearer access-1');
  });

  it('takes 4 letters or digits in any case, and says so otherwise without asking the server', async () => {
    const backend = downloadBackend();
    const { user } = await openDownload();
    const dialog = await codeDialog();
    const code = within(dialog).getByLabelText('OTP');

    await user.type(code, 'a1!');
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    expect(await within(dialog).findByText('4 character OTP is required')).toBeInTheDocument();
    await user.clear(code);
    await user.type(code, 'a1B');
    expect(within(dialog).getByText('4 character OTP is required')).toBeInTheDocument();
    await user.type(code, '2x');
    expect(code).toHaveValue('a1B2');
    expect(within(dialog).queryByText('4 character OTP is required')).not.toBeInTheDocument();
    expect(backend.calls('POST', 'admin/download_secure')).toHaveLength(0);
  });

  it("sends the report's id with the code, saves the file under the server's name, and says 'Download started', then 'Download complete'", async () => {
    const backend = downloadBackend();
    const file = deferred<FakeReply>();
    backend.on('POST', 'admin/download_secure', () => file.promise);
    const saved = savedFiles();
    const { user } = await openDownload();
    const dialog = await codeDialog();
    await user.type(within(dialog).getByLabelText('OTP'), 'k7Qz');
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));

    expect(await screen.findByText('Download started')).toBeInTheDocument();
    file.resolve(FILE);
    expect(await screen.findByText(`Download complete: ${payouts.file_name}.`)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Download started')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const [call] = backend.calls('POST', 'admin/download_secure');
    expect(call?.body).toEqual({ id: payouts.id, otp: 'k7Qz' });
    expect(call?.authorization).toBe('Bearer access-1');
    expect(saved.clicked).toEqual([payouts.file_name]);
    expect(await (saved.createObjectURL.mock.calls[0]?.[0] as Blob).text()).toBe('agent,amount\r\nAma,120.50\r\n');
  });

  it("lets go of the file's object URL once the browser has it", async () => {
    downloadBackend();
    const saved = savedFiles();
    const { user } = await openDownload();
    const dialog = await codeDialog();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.type(within(dialog).getByLabelText('OTP'), 'k7Qz');
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(saved.clicked).toHaveLength(1));
    expect(saved.revokeObjectURL).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(saved.revokeObjectURL).toHaveBeenCalledWith('blob:secure');
  });

  it("shows a wrong code's text in the popup, where the code can be typed again", async () => {
    const backend = downloadBackend();
    const wrong = 'The OTP is wrong or has expired. Ask for a new one.';
    let tries = 0;
    backend.on('POST', 'admin/download_secure', () => (++tries === 1 ? { status: 400, body: { error: wrong, code: 'otp_wrong' } } : FILE));
    const saved = savedFiles();
    const { user } = await openDownload();
    const dialog = await codeDialog();
    const code = within(dialog).getByLabelText('OTP');
    await user.type(code, 'AAAA');
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));

    expect(await within(dialog).findByRole('alert', { name: 'Not downloaded' })).toHaveTextContent(wrong);
    expect(screen.getByRole('dialog', { name: 'Enter the OTP sent to your device' })).toBeInTheDocument();
    expect(saved.clicked).toEqual([]);

    await user.clear(code);
    await user.type(code, 'k7Qz');
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    expect(await screen.findByText(`Download complete: ${payouts.file_name}.`)).toBeInTheDocument();
    expect(backend.calls('POST', 'admin/download_secure').map((call) => call.body)).toEqual([
      { id: payouts.id, otp: 'AAAA' },
      { id: payouts.id, otp: 'k7Qz' },
    ]);
  });

  it('sends a new code when asked, and says why when a code could not be sent', async () => {
    const backend = downloadBackend();
    const { user } = await openDownload();
    const dialog = await codeDialog();
    await user.type(within(dialog).getByLabelText('OTP'), 'AAAA');

    const limit = 'Too many codes were asked for. Try again in 10 minutes.';
    backend.on('POST', 'admin/send_secure_otp', { status: 429, body: { error: limit, code: 'too_many_requests' } });
    await user.click(within(dialog).getByRole('button', { name: 'Send a new code' }));
    const asking = await screen.findByRole('dialog', { name: 'Requesting OTP' });
    expect(await within(asking).findByRole('alert', { name: 'No code sent' })).toHaveTextContent(limit);
    expect(within(asking).getByRole('button', { name: 'Download' })).toBeDisabled();

    backend.on('POST', 'admin/send_secure_otp', { body: SENT });
    await user.click(within(asking).getByRole('button', { name: 'Send a new code' }));
    const again = await codeDialog();
    expect(within(again).getByLabelText('OTP')).toHaveValue('');
    expect(backend.calls('POST', 'admin/send_secure_otp')).toHaveLength(3);
  });
});
