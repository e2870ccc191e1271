/** The minimal SMTP transport against a scripted SMTP server on localhost, and the rate limits. */
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { sendSmtpMail } from '../../src/server/account/smtp.ts';
import { setupTestApp } from './helpers.ts';

/** Answers like a relay, records the commands and the message, optionally refuses RCPT. */
function fakeSmtp(opts: { refuseRcpt?: boolean } = {}) {
  const seen: string[] = [];
  let data = '';
  const server = net.createServer((s) => {
    let inData = false;
    let buf = '';
    s.write('220 fake ESMTP\r\n');
    s.on('data', (chunk) => {
      buf += chunk.toString();
      let i: number;
      while ((i = buf.indexOf('\r\n')) >= 0) {
        const line = buf.slice(0, i);
        buf = buf.slice(i + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            s.write('250 queued\r\n');
          } else data += `${line}\n`;
          continue;
        }
        seen.push(line);
        if (line.startsWith('EHLO')) s.write('250-fake\r\n250 AUTH PLAIN\r\n');
        else if (line.startsWith('AUTH')) s.write('235 ok\r\n');
        else if (line.startsWith('RCPT') && opts.refuseRcpt) s.write('550 no such user\r\n');
        else if (line === 'DATA') {
          inData = true;
          s.write('354 go\r\n');
        } else if (line === 'QUIT') s.end('221 bye\r\n');
        else s.write('250 ok\r\n');
      }
    });
  });
  return new Promise<{ port: number; seen: string[]; data: () => string; close: () => void }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ port: (server.address() as net.AddressInfo).port, seen, data: () => data, close: () => server.close() }),
    ),
  );
}

describe('smtp transport', () => {
  it('authenticates, sends one UTF-8 message and quits', async () => {
    const srv = await fakeSmtp();
    await sendSmtpMail(`smtp://mailer%40site.cn:s3cret@127.0.0.1:${srv.port}`, 'to@example.com', '验证码', '您的验证码是1234');
    srv.close();
    expect(srv.seen[0]).toBe('EHLO 127.0.0.1');
    expect(Buffer.from(srv.seen[1].split(' ')[2], 'base64').toString()).toBe('\0mailer@site.cn\0s3cret');
    expect(srv.seen).toContain('MAIL FROM:<mailer@site.cn>');
    expect(srv.seen).toContain('RCPT TO:<to@example.com>');
    const body = srv.data().split('\n\n')[1].trim();
    expect(Buffer.from(body, 'base64').toString()).toBe('您的验证码是1234');
  });

  it('rejects when the server refuses', async () => {
    const srv = await fakeSmtp({ refuseRcpt: true });
    await expect(sendSmtpMail(`smtp://127.0.0.1:${srv.port}`, 'x@example.com', 's', 'b')).rejects.toThrow(/550/);
    srv.close();
  });
});

describe('mail codes over SMTP', async () => {
  const srv = await fakeSmtp();
  const ctx = await setupTestApp({ SMTP_URL: `smtp://127.0.0.1:${srv.port}` });
  afterAll(() => srv.close());

  it('sends the mail code by SMTP and keeps it in the outbox', async () => {
    const u = await ctx.userClient({ userName: 'smtp_u1' });
    expect((await u.post('/v1/users/sendMailCode', { email: 'smtp@example.com', purpose: 'bind' })).code).toBe(1);
    expect(srv.seen).toContain('RCPT TO:<smtp@example.com>');
    const [row] = await ctx.sql`select message from code_outbox where target = 'smtp@example.com'`;
    const body = Buffer.from(srv.data().split('\n\n')[1].trim(), 'base64').toString();
    expect(body).toBe(row.message);
  });

  it('limits image codes per client address (429) without touching other addresses', async () => {
    const c = ctx.client('10.9.9.9');
    let last = 0;
    for (let i = 0; i < 61; i++) last = (await c.get('/v1/users/imageCode')).status;
    expect(last).toBe(429);
    expect((await ctx.client('10.9.9.8').get('/v1/users/imageCode')).code).toBe(1);
  });
});
