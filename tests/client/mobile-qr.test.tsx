// @vitest-environment node
/**
 * The /mobile page's QR code (uqr) read back by a real reader: each symbol is drawn as the page
 * draws it (the component's SVG), rasterised with sharp and decoded by zbarimg (Debian zbar-tools,
 * installed by .ci/run), for texts of versions 1-10 at every level, every mask, and the component
 * itself; text too long for any symbol is refused in Chinese.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type EccLevel,
  encodeQr,
  QrCode,
  qrPathData,
} from '../../src/client/features/mobile/QrCode';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qr-read-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** What zbarimg reads from the SVG, rasterised at 8 px a module. */
async function read(svg: string, modules: number): Promise<string> {
  const file = path.join(dir, 'qr.png');
  await sharp(Buffer.from(svg), { density: 72 })
    .resize(modules * 8, modules * 8, { kernel: 'nearest' })
    .png()
    .toFile(file);
  return execFileSync(
    'zbarimg',
    ['--quiet', '--nodbus', '--raw', '-Sbinary', '-Sqrcode.enable', file],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
    .toString('utf8')
    .replace(/\n$/, '');
}

const svgOf = (qr: ReturnType<typeof encodeQr>) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${qr.size} ${qr.size}" width="${qr.size}" height="${qr.size}" shape-rendering="crispEdges"><rect width="${qr.size}" height="${qr.size}" fill="#fff"/><path d="${qrPathData(qr.modules)}" fill="#000"/></svg>`;

describe('QR symbols read back by zbarimg', () => {
  it('every level and version 1-10 decodes to the text it encodes, with finders in place', async () => {
    for (const ecc of ['L', 'M', 'Q', 'H'] as EccLevel[]) {
      for (const len of [1, 10, 30, 60, 100, 150, 200, 260]) {
        const text = `https://例子.example/${'a1'.repeat(len)}`.slice(0, len);
        const qr = encodeQr(text, ecc);
        if (qr.version > 10) continue;
        expect(qr.size).toBe(qr.version * 4 + 17 + 8);
        expect(await read(svgOf(qr), qr.size), `${ecc} ${len}`).toBe(text);
        for (const [x, y] of [
          [4, 4],
          [qr.size - 11, 4],
          [4, qr.size - 11],
        ] as const) {
          expect(qr.modules[y]!.slice(x, x + 7)).toEqual([
            true,
            true,
            true,
            true,
            true,
            true,
            true,
          ]);
          expect(qr.modules[y + 2]!.slice(x, x + 7)).toEqual([
            true,
            false,
            true,
            true,
            true,
            false,
            true,
          ]);
        }
      }
    }
  });

  it('each of the eight masks gives a readable symbol of a site address', async () => {
    for (let mask = 0; mask < 8; mask++) {
      const qr = encodeQr('https://lottery.example.com/index', 'M', mask);
      expect(qr.version).toBe(3);
      expect(await read(svgOf(qr), qr.size)).toBe('https://lottery.example.com/index');
    }
  });

  it('the component draws a symbol of the address it is given, with its version', async () => {
    const address = 'https://caipiao.example.cn/index';
    const svg = renderToStaticMarkup(<QrCode text={address} label="网址二维码" />);
    const version = Number(/data-qr-version="(\d+)"/.exec(svg)![1]);
    expect(version).toBeGreaterThanOrEqual(1);
    const withNs = svg.replace('<svg ', '<svg xmlns="http://www.w3.org/2000/svg" ');
    expect(await read(withNs, version * 4 + 17 + 8)).toBe(address);
  });

  it('refuses text too long for any symbol', () => {
    expect(() => encodeQr('x'.repeat(3000), 'L')).toThrow('内容过长');
  });
});
