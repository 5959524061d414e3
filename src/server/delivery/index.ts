// Where one-time codes go. Demo mode: an outbox, listed by GET /dev/outbox (the log says a code was
// sent, never the code).
// Otherwise: email through SMTP and SMS through an HTTP provider, as configured.
import type { FastifyBaseLogger } from 'fastify';
import type { OutboxMessage } from '../../contract/api';
import type { OtpMedium } from '../../contract/constants';
import type { Config } from '../config';
import { MediumUnavailable } from '../domain/errors';

/** `purpose`: what a bound code opens, in words, said in the message ('Your code for approving payment run PR-000083 is ...'). */
export interface CodeMessage { to: string; medium: OtpMedium; otp_type: string; code: string; expiresAt: Date; purpose?: string }

export interface CodeDelivery {
  send(message: CodeMessage): Promise<void>;
  /** The demo outbox, newest first; absent outside demo mode. */
  outbox?: () => OutboxMessage[];
  /** Closes what stays open between codes (the SMTP pool). */
  close?(): void;
}

function text(m: CodeMessage): string {
  const minutes = Math.max(1, Math.round((m.expiresAt.getTime() - Date.now()) / 60_000));
  const what = m.purpose ? `code for ${m.purpose}` : `${m.otp_type.replace('_', ' ').toLowerCase()} code`;
  return `Your ${what} is ${m.code}. It expires in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

export function demoOutbox(log: FastifyBaseLogger, keep = 500): CodeDelivery {
  const sent: OutboxMessage[] = [];
  return {
    async send(message) {
      const { to, medium, otp_type, code, purpose } = message;
      sent.unshift({ to, medium, otp_type, code, sent_at: new Date().toISOString(), ...(purpose ? { purpose } : {}) });
      sent.length = Math.min(sent.length, keep);
      // Never the code itself: the log may be kept or shipped. /dev/outbox shows it.
      log.info({ medium, otp_type }, 'demo outbox: a one-time code was sent; read it at /dev/outbox');
    },
    outbox: () => [...sent],
  };
}

/**
 * The SMTP URL with its connections pooled (issue 17): a code is sent on a connection already open,
 * greeted, encrypted and signed in, instead of paying for all of that again before every code the
 * sign-in waits on. A URL that says `pool=` itself is taken as it is.
 */
export function pooledSmtpUrl(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
  return url.toString();
}

export async function productionDelivery(config: Config['delivery'], log: FastifyBaseLogger): Promise<CodeDelivery> {
  const mailer = config.smtpUrl ? (await import('nodemailer')).createTransport(pooledSmtpUrl(config.smtpUrl)) : undefined;
  if (!mailer) log.warn('SMTP_URL is not set: codes cannot be sent by EMAIL');
  if (!config.smsUrl) log.warn('SMS_HTTP_URL is not set: codes cannot be sent by SMS');
  const unavailable = (medium: string) =>
    new MediumUnavailable(`Codes cannot be sent by ${medium} on this server. Choose the other medium or contact support.`);
  return {
    close: () => mailer?.close(),
    async send(message) {
      if (message.medium === 'EMAIL') {
        if (!mailer) throw unavailable('EMAIL');
        await mailer.sendMail({ from: config.smtpFrom, to: message.to, subject: 'Your one-time code', text: text(message) });
        return;
      }
      if (!config.smsUrl) throw unavailable('SMS');
      const response = await fetch(config.smsUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(config.smsToken ? { authorization: `Bearer ${config.smsToken}` } : {}) },
        body: JSON.stringify({ to: message.to, text: text(message) }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`SMS provider answered ${response.status}`);
    },
  };
}
