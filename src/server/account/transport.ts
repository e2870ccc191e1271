/**
 * Where verification codes go. The default transport writes each message to `code_outbox`,
 * which the operator reads under /v1/admin/codes/outbox (a demo site has no SMS gateway).
 * With SMTP_URL set, mail goes out by SMTP (smtp.ts) and is also kept in the outbox.
 * An SMS gateway plugs in the same way: implement CodeTransport and pass it to codeTransport().
 */
import type { Config } from '../config.ts';
import type { Sql } from '../db/client.ts';
import { sendSmtpMail } from './smtp.ts';

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

export function codeTransport(sql: Sql, config: Config): CodeTransport {
  const outbox = outboxTransport(sql);
  const smtpUrl = config.smtpUrl;
  if (!smtpUrl) return outbox;
  return {
    async send(m) {
      if (m.channel === 'mail') await sendSmtpMail(smtpUrl, m.target, '验证码', m.message);
      await outbox.send(m);
    },
  };
}
