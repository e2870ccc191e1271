/**
 * Uploading an own avatar on /personalInfo: the picked image (here a noisy PNG larger than
 * the server's 5 MB limit) is compressed in the worker to a JPEG of at most 1000 px a side
 * before it is sent, so it is accepted and becomes the avatar.
 */
import { describe, expect, it } from 'vitest';
import { logIn, newUserName, e2eFixture } from './browser.ts';
import { insertUserWithPassword } from '../../src/server/account/users.ts';
import { IMAGE_MAX_BYTES, IMAGE_MAX_SIDE_PX } from '../../src/domain/constants.ts';

const PASSWORD = 'player123';
const SERVER_LIMIT_BYTES = 5 * 1024 * 1024;
const fx = e2eFixture();

describe('avatar upload', () => {
  it('compresses a large photo before upload and shows it as the avatar', async () => {
    const userName = newUserName();
    await insertUserWithPassword(fx.sql, userName, PASSWORD);
    const b = await fx.browser();
    await logIn(b, userName, PASSWORD);
    await b.page.goto(`${b.baseUrl}/personalInfo`);

    // Random pixels do not compress: this PNG is far above the server's limit.
    const pngBase64 = await b.page.evaluate(async () => {
      const w = 1800;
      const h = 1200;
      const canvas = new OffscreenCanvas(w, h);
      const ctx = canvas.getContext('2d')!;
      const img = ctx.createImageData(w, h);
      const rnd = new Uint32Array(img.data.buffer);
      for (let i = 0; i < rnd.length; i += 16384)
        crypto.getRandomValues(rnd.subarray(i, i + 16384));
      for (let i = 3; i < img.data.length; i += 4) img.data[i] = 255;
      ctx.putImageData(img, 0, 0);
      const blob = await canvas.convertToBlob({ type: 'image/png' });
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let s = '';
      for (let i = 0; i < bytes.length; i += 32768)
        s += String.fromCharCode(...bytes.subarray(i, i + 32768));
      return btoa(s);
    });
    const png = Buffer.from(pngBase64, 'base64');
    expect(png.length).toBeGreaterThan(SERVER_LIMIT_BYTES);

    await b.page.getByRole('button', { name: '更换头像' }).click();
    await b.page
      .locator('input[type=file]')
      .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: png });
    const avatar = b.page.getByRole('button', { name: '更换头像' }).locator('img');
    await expect
      .poll(() => avatar.getAttribute('src'), { timeout: 30_000 })
      .toMatch(/^\/uploads\/[0-9a-f]{32}\.jpg$/);

    const [row] = await fx.sql`
      select u.file_name, u.mime, u.size_bytes from uploads u join users s on s.id = u.user_id
      where s.user_name = ${userName}`;
    expect(row.mime).toBe('image/jpeg');
    expect(Number(row.size_bytes)).toBeLessThanOrEqual(IMAGE_MAX_BYTES);
    const size = await avatar.evaluate(async (img: HTMLImageElement) => {
      await img.decode();
      return { w: img.naturalWidth, h: img.naturalHeight };
    });
    expect(Math.max(size.w, size.h)).toBe(IMAGE_MAX_SIDE_PX);
    expect(size.w / size.h).toBeCloseTo(1800 / 1200, 2);
  });
});
