/**
 * A minimal SMTP client (nodemailer is not a dependency): `smtp://user:pass@host:port` (plain,
 * for a local relay) or `smtps://...` (implicit TLS, port 465). AUTH PLAIN when a user is given.
 * One message per connection; a reply outside 2xx/3xx rejects with the server's line.
 */
import net from 'node:net';
import tls from 'node:tls';

const TIMEOUT_MS = 15_000;

function encodeHeader(text: string): string {
  return `=?UTF-8?B?${Buffer.from(text).toString('base64')}?=`;
}

export async function sendSmtpMail(smtpUrl: string, to: string, subject: string, body: string): Promise<void> {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  const port = Number(url.port || (secure ? 465 : 25));
  const from = url.searchParams.get('from') || decodeURIComponent(url.username) || `noreply@${url.hostname}`;
  const socket = secure ? tls.connect({ host: url.hostname, port, servername: url.hostname }) : net.connect({ host: url.hostname, port });
  socket.setTimeout(TIMEOUT_MS, () => socket.destroy(new Error('SMTP timeout')));
  let buffer = '';
  const waiters: ((line: string) => void)[] = [];
  socket.on('data', (chunk) => {
    buffer += chunk.toString('utf8');
    // A reply ends with a line "NNN text" (no dash after the code).
    let m: RegExpMatchArray | null;
    while ((m = buffer.match(/^(?:\d{3}-[^\n]*\n)*\d{3} [^\n]*\n/))) {
      buffer = buffer.slice(m[0].length);
      waiters.shift()?.(m[0].trim());
    }
  });
  const failed = new Promise<never>((_, reject) => socket.once('error', reject));
  const reply = () => Promise.race([new Promise<string>((resolve) => waiters.push(resolve)), failed]);
  const step = async (line: string | null) => {
    const answer = reply();
    if (line !== null) socket.write(`${line}\r\n`);
    const text = await answer;
    if (!/^[23]/.test(text)) throw new Error(`SMTP: ${text.slice(0, 200)}`);
  };
  try {
    await step(null);
    await step(`EHLO ${url.hostname}`);
    if (url.username) {
      const auth = Buffer.from(`\0${decodeURIComponent(url.username)}\0${decodeURIComponent(url.password)}`).toString('base64');
      await step(`AUTH PLAIN ${auth}`);
    }
    await step(`MAIL FROM:<${from}>`);
    await step(`RCPT TO:<${to}>`);
    await step('DATA');
    const content = Buffer.from(body).toString('base64');
    await step(
      [`From: <${from}>`, `To: <${to}>`, `Subject: ${encodeHeader(subject)}`, 'MIME-Version: 1.0',
        'Content-Type: text/plain; charset=UTF-8', 'Content-Transfer-Encoding: base64', '', content, '.'].join('\r\n'),
    );
    await step('QUIT').catch(() => undefined);
  } finally {
    socket.destroy();
  }
}
