/**
 * Mail over SMTP with nodemailer, configured by one URL (SMTP_URL):
 * - `smtp://user:pass@host:587`: submission; STARTTLS is required before the credentials go
 *   out (`requireTLS`), so a server or a man in the middle that offers no STARTTLS gets no AUTH;
 * - `smtps://user:pass@host:465`: TLS from the first byte (`secure`);
 * - `smtp://host:25` without credentials: a local relay; STARTTLS is used when offered.
 * `?from=addr` sets the sender (default: the user name, else noreply@host). Server certificates
 * are verified. The body goes base64 in UTF-8.
 */
import nodemailer from 'nodemailer';
import type { ConnectionOptions } from 'node:tls';

const TIMEOUT_MS = 15_000;

export interface SmtpMailer {
  send(to: string, subject: string, body: string): Promise<void>;
  close(): void;
}

/** `tls`: extra TLS options (e.g. a private CA for the relay's certificate). */
export function smtpOptions(smtpUrl: string, tls: ConnectionOptions = {}) {
  const url = new URL(smtpUrl);
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:')
    throw new Error('SMTP_URL must start with smtp:// or smtps://');
  const secure = url.protocol === 'smtps:';
  const user = decodeURIComponent(url.username);
  return {
    host: url.hostname,
    port: Number(url.port || (secure ? 465 : 587)),
    secure,
    requireTLS: !secure && user !== '',
    auth: user ? { user, pass: decodeURIComponent(url.password) } : undefined,
    tls,
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS,
    from: url.searchParams.get('from') || user || `noreply@${url.hostname}`,
  };
}

export function createSmtpMailer(smtpUrl: string, tls?: ConnectionOptions): SmtpMailer {
  const { from, ...options } = smtpOptions(smtpUrl, tls);
  const transporter = nodemailer.createTransport(options);
  return {
    async send(to, subject, body) {
      await transporter.sendMail({ from, to, subject, text: body, textEncoding: 'base64' });
    },
    close: () => transporter.close(),
  };
}

/** One message on its own connection. */
export async function sendSmtpMail(
  smtpUrl: string,
  to: string,
  subject: string,
  body: string,
  tls?: ConnectionOptions,
): Promise<void> {
  const mailer = createSmtpMailer(smtpUrl, tls);
  try {
    await mailer.send(to, subject, body);
  } finally {
    mailer.close();
  }
}
