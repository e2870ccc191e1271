/**
 * Image intake: every upload is decoded and re-encoded by the server, so polyglots, markup,
 * broken files, decompression bombs and EXIF never reach the store as sent; stored files are
 * served with headers under which no browser renders them as a page.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { encodeEnpath } from '../../src/domain/enpath.ts';
import {
  MAX_INPUT_PIXELS,
  TOO_MANY_PIXELS,
  UNRECOGNISED_IMAGE,
} from '../../src/server/uploads/image.ts';
import { type Json, setupTestApp, type TestClient } from './helpers.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uploads-image-'));
const ctx = await setupTestApp({ DATA_DIR: dataDir });
const uploadsDir = path.join(dataDir, 'uploads');

const HTML = '<html><script>alert(1)</script></html>';
const solid = (width: number, height: number, background = '#c03') =>
  sharp({ create: { width, height, channels: 3, background } });

async function upload(
  c: TestClient,
  bytes: Buffer,
  fileName = 'a.gif',
  route = '/v1/users/uploadImage',
) {
  const boundary = '----imageboundary9';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: image/gif\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await c.raw({
    method: 'POST',
    url: encodeEnpath(route),
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  return { status: res.statusCode, ...(res.json() as { code: number; msg: string; data: Json }) };
}

/** The stored bytes behind an upload URL, read from disk. */
function stored(url: string): Buffer {
  return fs.readFileSync(path.join(uploadsDir, url.slice('/uploads/'.length)));
}

function hasMarkup(bytes: Buffer): boolean {
  const text = bytes.toString('latin1').toLowerCase();
  return text.includes('<html') || text.includes('<script') || text.includes('<svg');
}

/** The EXIF tag that points at the GPS directory, in either byte order. */
function hasGpsPointer(exif: Buffer): boolean {
  return exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));
}

async function storeCounts() {
  const rows = (await ctx.sql`select count(*)::int as n from uploads`)[0].n as number;
  const files = fs.existsSync(uploadsDir) ? fs.readdirSync(uploadsDir).length : 0;
  return { rows, files };
}

let alice: TestClient;
beforeAll(async () => {
  alice = await ctx.userClient({ userName: 'img_alice' });
});

describe('re-encoding', () => {
  it('stores a GIF/HTML polyglot as a fresh GIF without the markup, served so it cannot render as a page', async () => {
    const gif = await solid(16, 16).gif().toBuffer();
    const polyglot = Buffer.concat([gif, Buffer.from(HTML)]);
    expect(hasMarkup(polyglot)).toBe(true);
    const res = await upload(alice, polyglot, 'x.html');
    expect(res).toMatchObject({ code: 1, msg: '上传成功' });
    expect(res.data.url).toMatch(/^\/uploads\/[0-9a-f]{32}\.gif$/);
    const bytes = stored(res.data.url);
    expect(hasMarkup(bytes)).toBe(false);
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'gif', width: 16, height: 16 });
    const [row] =
      await ctx.sql`select mime, size_bytes from uploads where file_name = ${res.data.url.slice(9)}`;
    expect(row).toEqual({ mime: 'image/gif', size_bytes: bytes.length });

    const served = await ctx.app.inject({ method: 'GET', url: res.data.url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(bytes)).toBe(true);
    expect(served.headers).toMatchObject({
      'content-type': 'image/gif',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'cross-origin-resource-policy': 'same-origin',
      'content-disposition': `inline; filename="${res.data.url.slice(9)}"`,
    });
  });

  it('drops markup hidden in a JPEG comment and after its end', async () => {
    const jpeg = await solid(20, 10).jpeg().toBuffer();
    const comment = Buffer.concat([
      Buffer.from([0xff, 0xfe, 0x00, HTML.length + 2]),
      Buffer.from(HTML),
    ]);
    const evil = Buffer.concat([jpeg.subarray(0, 2), comment, jpeg.subarray(2), Buffer.from(HTML)]);
    const res = await upload(alice, evil, 'x.jpg');
    expect(res.data.url).toMatch(/\.jpg$/);
    expect(hasMarkup(stored(res.data.url))).toBe(false);
  });

  it('strips EXIF (GPS included) and turns the pixels upright', async () => {
    const photo = await solid(64, 48)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({
        IFD0: { Make: 'SpyCam' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '39/1 54/1 2700/100' },
      })
      .toBuffer();
    const sent = await sharp(photo).metadata();
    expect(sent.orientation).toBe(6);
    expect(hasGpsPointer(sent.exif!)).toBe(true);
    const res = await upload(alice, photo, 'me.jpg');
    const bytes = stored(res.data.url);
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 48, height: 64 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(bytes.includes('SpyCam')).toBe(false);
    expect(bytes.includes('Exif')).toBe(false);
  });

  it('keeps an animation animated and shrinks an oversized image to fit 2048 px', async () => {
    const frames = await Promise.all(
      ['#f00', '#0f0', '#00f'].map((c) => solid(10, 10, c).png().toBuffer()),
    );
    const anim = await sharp(frames, { join: { animated: true } })
      .gif({ loop: 0 })
      .toBuffer();
    expect((await sharp(anim).metadata()).pages).toBe(3);
    const res = await upload(alice, anim);
    expect(await sharp(stored(res.data.url), { animated: true }).metadata()).toMatchObject({
      format: 'gif',
      pages: 3,
      width: 10,
      pageHeight: 10,
    });

    const wide = await upload(alice, await solid(3000, 1000).png().toBuffer(), 'wide.png');
    expect(await sharp(stored(wide.data.url)).metadata()).toMatchObject({
      format: 'png',
      width: 2048,
      height: 683,
    });
  });

  it('re-encodes operator QR uploads the same way', async () => {
    const op = await ctx.userClient({ userName: 'img_op', isOperator: true });
    const qr = Buffer.concat([await solid(32, 32, '#000').png().toBuffer(), Buffer.from(HTML)]);
    const res = await upload(op, qr, 'qr.png', '/v1/admin/payment/uploadQr');
    expect(res.data.url).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
    expect(hasMarkup(stored(res.data.url))).toBe(false);
    expect(
      await upload(op, Buffer.from(HTML), 'qr.png', '/v1/admin/payment/uploadQr'),
    ).toMatchObject({ code: -1, msg: UNRECOGNISED_IMAGE });
  });
});

describe('refusals store nothing', () => {
  const png = () => solid(300, 300).png().toBuffer();
  const cases: [string, () => Promise<Buffer>][] = [
    ['an HTML file named .gif', async () => Buffer.from(`${HTML}\n`.repeat(3))],
    ['an HTML file behind a GIF signature', async () => Buffer.from(`GIF89a${HTML}`)],
    [
      'an SVG with a script',
      async () =>
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><rect width="9" height="9"/></svg>',
        ),
    ],
    ['a truncated PNG', async () => (await png()).subarray(0, 200)],
    [
      'a PNG with its pixel data cut short',
      async () => {
        const b = await png();
        return b.subarray(0, b.length - 40);
      },
    ],
    ['an empty file', async () => Buffer.alloc(0)],
  ];
  it.each(cases)('refuses %s', async (_, make) => {
    const before = await storeCounts();
    const res = await upload(alice, await make());
    expect(res).toMatchObject({ status: 200, code: -1, msg: UNRECOGNISED_IMAGE, data: null });
    expect(await storeCounts()).toEqual(before);
  });

  it('refuses a decompression bomb from its header', async () => {
    // 8000x8000 = 64 MP: above our limit, below sharp's own default, so it is our limit that refuses.
    const side = 8000;
    expect(side * side).toBeGreaterThan(MAX_INPUT_PIXELS);
    const bomb = await sharp({
      create: { width: side, height: side, channels: 3, background: '#fff' },
      limitInputPixels: false,
    })
      .toColourspace('b-w')
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(200_000);
    const before = await storeCounts();
    const res = await upload(alice, bomb, 'bomb.png');
    expect(res).toMatchObject({ code: -1, msg: TOO_MANY_PIXELS });
    expect(await storeCounts()).toEqual(before);
  });
});

describe('serving', () => {
  it('serves a file stored before re-encoding existed under the same URL, with the safe headers', async () => {
    const name = `${'ab'.repeat(16)}.gif`;
    const legacy = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(16), Buffer.from(HTML)]);
    fs.mkdirSync(uploadsDir, { recursive: true });
    fs.writeFileSync(path.join(uploadsDir, name), legacy);
    const served = await ctx.app.inject({ method: 'GET', url: `/uploads/${name}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/gif');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(served.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves nothing but server-made names from the uploads folder', async () => {
    fs.writeFileSync(path.join(uploadsDir, 'evil.html'), HTML);
    fs.writeFileSync(path.join(dataDir, 'secret.png'), 'secret');
    const urls = [
      '/uploads/evil.html',
      '/uploads/..%2Fsecret.png',
      '/uploads/%2e%2e%2fsecret.png',
      '/uploads/..%5Csecret.png',
      `/uploads/${'AB'.repeat(16)}.gif`,
      `/uploads/${'ab'.repeat(16)}.gif.html`,
      `/uploads/${'ab'.repeat(16)}.svg`,
    ];
    for (const url of urls) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ code: -1, msg: '文件不存在', data: null });
    }
  });
});
