/**
 * Mail over SMTP (nodemailer) against a scripted SMTP server on localhost that can offer
 * STARTTLS or speak TLS from the start, with a self-signed certificate made for this test;
 * then mail codes through the app, and the rate limits.
 */
import net from 'node:net';
import tls from 'node:tls';
import { afterAll, describe, expect, it } from 'vitest';
import { sendSmtpMail } from '../../src/server/account/smtp.ts';
import { setupTestApp } from './helpers.ts';

/** CN=localhost, SAN DNS:localhost and IP:127.0.0.1, valid 2020-2120 (made with `openssl ca`). */
const KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgAd+M10KM0hTSP8wq
P6VipoGThkdJlySj+HzdmKQQyCyhRANCAATqRD8KMdDo+DCPAlVeUTKbmcwglGRn
tUI9T7rCRSsoXA6FH7JZq4eDrLIQlEa8Swzh/dAGOCCLjJOKPH7xHVJj
-----END PRIVATE KEY-----`;
const CERT = `-----BEGIN CERTIFICATE-----
MIIBZzCCAQ2gAwIBAgIBATAKBggqhkjOPQQDAjAUMRIwEAYDVQQDDAlsb2NhbGhv
c3QwIBcNMjAwMTAxMDAwMDAwWhgPMjEyMDAxMDEwMDAwMDBaMBQxEjAQBgNVBAMM
CWxvY2FsaG9zdDBZMBMGByqGSM49AgEGCCqGSM49AwEHA0IABOpEPwox0Oj4MI8C
VV5RMpuZzCCUZGe1Qj1PusJFKyhcDoUfslmrh4OsshCURrxLDOH90AY4IIuMk4o8
fvEdUmOjTjBMMBoGA1UdEQQTMBGCCWxvY2FsaG9zdIcEfwAAATAPBgNVHRMBAf8E
BTADAQH/MB0GA1UdDgQWBBRT70P/BoZLxFUCpeK+ivZnt70kAjAKBggqhkjOPQQD
AgNIADBFAiEA0mHGH06Bde4kX4Cl1WF2KHF+3wWJ7XzqLSa3hlQhilICIDIkmzMW
1BFb06gJhIf59AQHTbhodm/NfcP5axsPFF96
-----END CERTIFICATE-----`;
const TRUST_TEST_CA = { ca: CERT };

interface Seen {
  line: string;
  secure: boolean;
}
interface FakeOpts {
  startTls?: boolean;
  implicitTls?: boolean;
  refuseRcpt?: boolean;
}

/** Answers like a mail server; records each command with whether it came over TLS, and the message. */
function fakeSmtp(opts: FakeOpts = {}) {
  const seen: Seen[] = [];
  let data = '';
  let plainBytes = '';
  const serve = (s: net.Socket, secure: boolean) => {
    let inData = false;
    let buf = '';
    const onData = (chunk: Buffer) => {
      if (!secure) plainBytes += chunk.toString('latin1');
      buf += chunk.toString();
      for (let i = buf.indexOf('\r\n'); i >= 0; i = buf.indexOf('\r\n')) {
        const line = buf.slice(0, i);
        buf = buf.slice(i + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            s.write('250 queued\r\n');
          } else data += `${line}\n`;
          continue;
        }
        seen.push({ line, secure });
        if (/^EHLO /.test(line)) {
          s.write(
            `250-fake\r\n${opts.startTls && !secure ? '250-STARTTLS\r\n' : ''}250 AUTH PLAIN\r\n`,
          );
        } else if (line === 'STARTTLS') {
          if (!opts.startTls || secure) {
            s.write('502 not supported\r\n');
            continue;
          }
          s.removeListener('data', onData);
          s.write('220 go ahead\r\n');
          serve(new tls.TLSSocket(s, { isServer: true, key: KEY, cert: CERT }), true);
          return;
        } else if (line.startsWith('AUTH')) s.write('235 ok\r\n');
        else if (line.startsWith('RCPT') && opts.refuseRcpt) s.write('550 no such user\r\n');
        else if (line === 'DATA') {
          inData = true;
          s.write('354 go\r\n');
        } else if (line === 'QUIT') s.end('221 bye\r\n');
        else s.write('250 ok\r\n');
      }
    };
    s.on('data', onData);
    s.on('error', () => undefined);
  };
  const greet = (s: net.Socket, secure: boolean) => {
    s.write('220 fake ESMTP\r\n');
    serve(s, secure);
  };
  const server = opts.implicitTls
    ? tls.createServer({ key: KEY, cert: CERT }, (s) => greet(s, true))
    : net.createServer((s) => greet(s, false));
  return new Promise<{
    port: number;
    seen: Seen[];
    body: () => string;
    plainBytes: () => string;
    close: () => void;
  }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        port: (server.address() as net.AddressInfo).port,
        seen,
        // headers, a blank line, the base64 body
        body: () => Buffer.from(data.split('\n\n')[1].replace(/\s+/g, ''), 'base64').toString(),
        plainBytes: () => plainBytes,
        close: () => server.close(),
      }),
    ),
  );
}

const lines = (seen: Seen[]) => seen.map((s) => s.line);
const credentialsOf = (seen: Seen[]) => {
  const auth = seen.find((s) => s.line.startsWith('AUTH PLAIN'));
  return (
    auth && {
      secure: auth.secure,
      plain: Buffer.from(auth.line.split(' ')[2], 'base64').toString(),
    }
  );
};

describe('smtp transport', () => {
  it('on 587 switches to TLS with STARTTLS before AUTH, then sends one UTF-8 message', async () => {
    const srv = await fakeSmtp({ startTls: true });
    await sendSmtpMail(
      `smtp://mailer%40site.cn:s3cret@127.0.0.1:${srv.port}`,
      'to@example.com',
      '验证码',
      '您的验证码是1234',
      TRUST_TEST_CA,
    );
    srv.close();
    expect(lines(srv.seen).indexOf('STARTTLS')).toBeGreaterThan(-1);
    expect(lines(srv.seen).indexOf('STARTTLS')).toBeLessThan(
      lines(srv.seen).findIndex((l) => l.startsWith('AUTH')),
    );
    expect(credentialsOf(srv.seen)).toEqual({ secure: true, plain: '\0mailer@site.cn\0s3cret' });
    expect(srv.seen.find((s) => s.line === 'MAIL FROM:<mailer@site.cn>')?.secure).toBe(true);
    expect(lines(srv.seen)).toContain('RCPT TO:<to@example.com>');
    expect(srv.body()).toBe('您的验证码是1234');
    expect(srv.plainBytes()).not.toContain('s3cret');
  });

  it('refuses to authenticate when the server offers no STARTTLS: the password never goes out', async () => {
    const srv = await fakeSmtp({ startTls: false });
    await expect(
      sendSmtpMail(
        `smtp://mailer%40site.cn:s3cret@127.0.0.1:${srv.port}`,
        'to@example.com',
        's',
        'b',
        TRUST_TEST_CA,
      ),
    ).rejects.toThrow();
    srv.close();
    expect(lines(srv.seen).some((l) => l.startsWith('AUTH') || l.startsWith('MAIL'))).toBe(false);
    expect(srv.plainBytes()).not.toContain(
      Buffer.from('\0mailer@site.cn\0s3cret').toString('base64'),
    );
  });

  it('refuses a server certificate it cannot verify', async () => {
    const srv = await fakeSmtp({ startTls: true });
    await expect(
      sendSmtpMail(`smtp://u:p@127.0.0.1:${srv.port}`, 'to@example.com', 's', 'b'),
    ).rejects.toThrow(/certificate/i);
    srv.close();
    expect(lines(srv.seen).some((l) => l.startsWith('AUTH'))).toBe(false);
  });

  it('speaks TLS from the first byte for smtps://', async () => {
    const srv = await fakeSmtp({ implicitTls: true });
    await sendSmtpMail(
      `smtps://mailer:pw@127.0.0.1:${srv.port}?from=noreply%40site.cn`,
      'x@example.com',
      's',
      '正文',
      TRUST_TEST_CA,
    );
    srv.close();
    expect(credentialsOf(srv.seen)).toEqual({ secure: true, plain: '\0mailer\0pw' });
    expect(lines(srv.seen)).toContain('MAIL FROM:<noreply@site.cn>');
    expect(srv.body()).toBe('正文');
  });

  it('rejects when the server refuses', async () => {
    const srv = await fakeSmtp({ refuseRcpt: true });
    await expect(
      sendSmtpMail(`smtp://127.0.0.1:${srv.port}`, 'x@example.com', 's', 'b'),
    ).rejects.toThrow(/550/);
    srv.close();
  });
});

describe('mail codes over SMTP', async () => {
  const srv = await fakeSmtp();
  const ctx = await setupTestApp({ SMTP_URL: `smtp://127.0.0.1:${srv.port}` });
  const refusing = await fakeSmtp({ refuseRcpt: true });
  const failing = await setupTestApp({ SMTP_URL: `smtp://127.0.0.1:${refusing.port}` });
  afterAll(() => {
    srv.close();
    refusing.close();
  });

  it('sends the mail code by SMTP (a local relay without credentials) and keeps it in the outbox', async () => {
    const u = await ctx.userClient({ userName: 'smtp_u1' });
    expect(
      (await u.post('/v1/users/sendMailCode', { email: 'smtp@example.com', purpose: 'bind' })).code,
    ).toBe(1);
    expect(lines(srv.seen)).toContain('RCPT TO:<smtp@example.com>');
    const [row] = await ctx.sql`select message from code_outbox where target = 'smtp@example.com'`;
    expect(srv.body()).toBe(row.message);
  });

  it('says so when the mail server refuses, and still keeps the code in the outbox', async () => {
    const u = await failing.userClient({ userName: 'smtp_u2' });
    const res = await u.post('/v1/users/sendMailCode', {
      email: 'gone@example.com',
      purpose: 'bind',
    });
    expect(res).toMatchObject({ status: 200, code: -1, msg: '邮件发送失败，请稍后再试' });
    const rows =
      await failing.sql`select message from code_outbox where target = 'gone@example.com'`;
    expect(rows).toHaveLength(1);
  });

  it('limits image codes per client address (429) without touching other addresses', async () => {
    const c = ctx.client('10.9.9.9');
    let last = 0;
    for (let i = 0; i < 61; i++) last = (await c.get('/v1/users/imageCode')).status;
    expect(last).toBe(429);
    expect((await ctx.client('10.9.9.8').get('/v1/users/imageCode')).code).toBe(1);
  });
});
