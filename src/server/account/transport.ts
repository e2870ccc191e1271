/**
 * Where verification codes go. The default transport writes each message to `code_outbox`,
 * which the operator reads under /v1/admin/codes/outbox (a demo site has no SMS gateway).
 * With SMTP_URL set, mail goes out by SMTP (smtp.ts, nodemailer) and is also kept in the outbox;
 * a mail the server could not send is still kept there, and the caller is told it failed.
 * An SMS gateway plugs in the same way: implement CodeTransport and pass it to codeTransport().
 */
import type { Config } from '../config.ts';
import type { Sql } from '../db/client.ts';
import { AppError } from '../http/envelope.ts';
import { createSmtpMailer } from './smtp.ts';

export interface CodeMessage {
  channel: 'sms' | 'mail';
  target: string;
  purpose: string;
  message: string;
  userId: number | null;
}

export interface CodeTransport {
  send(msg: CodeMessage): Promise<void>;
}

export function outboxTransport(sql: Sql): CodeTransport {
  return {
    async send(m) {
      await sql`
        insert into code_outbox (channel, target, purpose, message, user_id)
        values (${m.channel}, ${m.target}, ${m.purpose}, ${m.message}, ${m.userId})`;
    },
  };
}

/** Where SMTP failures are reported: the reason only, never the SMTP URL (it holds the password). */
export interface MailLog {
  warn(obj: object, msg: string): void;
}

export function codeTransport(sql: Sql, config: Config, log?: MailLog): CodeTransport {
  const outbox = outboxTransport(sql);
  if (!config.smtpUrl) return outbox;
  const mailer = createSmtpMailer(config.smtpUrl);
  return {
    async send(m) {
      if (m.channel !== 'mail') return outbox.send(m);
      const failure = await mailer.send(m.target, '验证码', m.message).then(
        () => null,
        (e: Error & { code?: string }) => e,
      );
      await outbox.send(m);
      if (failure) {
        log?.warn(
          { reason: failure.message.slice(0, 300), code: failure.code },
          'mail code not sent by SMTP',
        );
        throw new AppError('邮件发送失败，请稍后再试');
      }
    },
  };
}
