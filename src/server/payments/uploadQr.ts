/**
 * POST /v1/admin/payment/uploadQr: a receiving QR image, re-encoded and stored like every upload
 * (account/uploads.ts: <dataDir>/uploads/<random>.<ext>) and served at /uploads/<file>.
 * QR images are small: at most QR_MAX_BYTES.
 */
import type { FastifyInstance } from 'fastify';
import { loggedIn } from '../auth/sessions.ts';
import { AppError, ok, refuse } from '../http/envelope.ts';
import { readFilePart, storeUploadedImage } from '../account/uploads.ts';
import { OPERATOR } from '../http/schemas.ts';

export const QR_MAX_BYTES = 2 * 1024 * 1024;

export default async function uploadQrRoutes(app: FastifyInstance) {
  app.post('/v1/admin/payment/uploadQr', { config: OPERATOR }, async (req) => {
    if (!req.isMultipart()) throw new AppError('请以文件方式上传', -1, 415);
    const bytes = await readFilePart(req);
    if (bytes.length > QR_MAX_BYTES) refuse('二维码图片不能超过2MB');
    return ok({ url: await storeUploadedImage(app, loggedIn(req).userId, bytes) }, '上传成功');
  });
}
