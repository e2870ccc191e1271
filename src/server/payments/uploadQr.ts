/**
 * POST /v1/admin/payment/uploadQr: a receiving QR image, stored like every upload
 * (account/uploads.ts: <dataDir>/uploads/<random>.<ext>, type by magic bytes) and served at
 * /uploads/<file>. QR images are small: at most QR_MAX_BYTES.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { AppError, ok, refuse } from '../http/envelope.ts';
import { imageKind, readFilePart, uploadsDir } from '../account/uploads.ts';
import { OPERATOR } from '../admin/schemas.ts';

export const QR_MAX_BYTES = 2 * 1024 * 1024;

export default async function uploadQrRoutes(app: FastifyInstance) {
  const dir = uploadsDir(app.deps.config.dataDir);
  app.post('/v1/admin/payment/uploadQr', { config: OPERATOR }, async (req) => {
    if (!req.isMultipart()) throw new AppError('请以文件方式上传', -1, 415);
    const bytes = await readFilePart(req);
    if (bytes.length > QR_MAX_BYTES) refuse('二维码图片不能超过2MB');
    const kind = imageKind(bytes);
    if (!kind) refuse('仅支持上传 PNG、JPEG、WebP 或 GIF 格式的图片');
    const fileName = `${crypto.randomBytes(16).toString('hex')}.${kind.ext}`;
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(path.join(dir, fileName), bytes, { flag: 'wx' });
    await app.deps.sql`
      insert into uploads (user_id, file_name, mime, size_bytes)
      values (${req.user!.userId}, ${fileName}, ${kind.mime}, ${bytes.length})`;
    return ok({ url: `/uploads/${fileName}` }, '上传成功');
  });
}
