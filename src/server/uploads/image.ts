/**
 * Image intake for every user upload (avatars, receiving QR codes, later chat images).
 *
 * The uploaded bytes are never stored: sharp decodes them and the server stores its own fresh
 * encoding. Whatever rode along in the file (HTML after a GIF trailer, EXIF with GPS, comments)
 * is gone, because only decoded pixels reach the encoder. The format family is kept (JPEG stays
 * JPEG, PNG stays PNG so QR codes stay lossless, animated GIF/WebP keep their animation).
 *
 * Only the four formats get as far as a decoder: the magic bytes are checked first, so sharp's
 * SVG/PDF/TIFF/HEIF loaders never see user input. The pixel count is checked from the header
 * before decoding, so a small file that would decode to gigabytes is refused without decoding it.
 */
import sharp, { type Metadata, type Sharp } from 'sharp';
import { refuse } from '../http/envelope.ts';

export const UNRECOGNISED_IMAGE = '图片无法识别，请上传 JPG、PNG、GIF 或 WebP 图片';
/** Enough for any phone photo (48 MP phones save 12 MP); summed over the frames of an animation. */
export const MAX_INPUT_PIXELS = 40_000_000;
export const TOO_MANY_PIXELS = '图片尺寸过大，请上传不超过4000万像素的图片';
/** Stored images fit in this square: ample for avatars, QR codes and chat, and bounds the store. */
export const MAX_STORED_SIDE_PX = 2048;

type Ext = 'png' | 'jpg' | 'gif' | 'webp';
type SharpFormat = 'png' | 'jpeg' | 'gif' | 'webp';

interface Kind {
  ext: Ext;
  mime: string;
  format: SharpFormat;
  magic: (b: Buffer) => boolean;
}

const KINDS: readonly Kind[] = [
  {
    ext: 'png',
    mime: 'image/png',
    format: 'png',
    magic: (b) =>
      b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  {
    ext: 'jpg',
    mime: 'image/jpeg',
    format: 'jpeg',
    magic: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  },
  {
    ext: 'gif',
    mime: 'image/gif',
    format: 'gif',
    magic: (b) => /^GIF8[79]a$/.test(b.subarray(0, 6).toString('latin1')),
  },
  {
    ext: 'webp',
    mime: 'image/webp',
    format: 'webp',
    magic: (b) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' &&
      b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

/** The Content-Type for a stored file's extension; null for anything the server never writes. */
export function mimeOfExt(ext: string): string | null {
  return KINDS.find((k) => k.ext === ext)?.mime ?? null;
}

export interface StoredImage {
  bytes: Buffer;
  ext: Ext;
  mime: string;
  width: number;
  height: number;
}

function kindOf(bytes: Buffer): Kind | null {
  return bytes.length >= 12 ? (KINDS.find((k) => k.magic(bytes)) ?? null) : null;
}

/** Header facts only; a header sharp cannot parse is not an image we take. */
async function readHeader(bytes: Buffer, kind: Kind): Promise<Metadata> {
  const meta = await sharp(bytes, { animated: true, limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!meta || meta.format !== kind.format || !meta.width || !meta.height)
    refuse(UNRECOGNISED_IMAGE);
  return meta;
}

function totalPixels(meta: Metadata): number {
  return meta.width! * (meta.pageHeight ?? meta.height!) * (meta.pages ?? 1);
}

function encoder(pipeline: Sharp, format: SharpFormat): Sharp {
  switch (format) {
    case 'png':
      return pipeline.png({ compressionLevel: 9 });
    case 'jpeg':
      return pipeline.jpeg({ quality: 85 });
    case 'gif':
      return pipeline.gif();
    case 'webp':
      return pipeline.webp({ quality: 85 });
  }
}

/**
 * Decode, auto-orient, fit within MAX_STORED_SIDE_PX and re-encode; metadata is not copied
 * (sharp writes none unless asked). Refuses (envelope, code -1) anything that is not a whole,
 * decodable PNG/JPEG/GIF/WebP within the pixel limit.
 */
export async function reencodeImage(bytes: Buffer): Promise<StoredImage> {
  const kind = kindOf(bytes);
  if (!kind) refuse(UNRECOGNISED_IMAGE);
  const meta = await readHeader(bytes, kind);
  if (totalPixels(meta) > MAX_INPUT_PIXELS) refuse(TOO_MANY_PIXELS);
  // limitInputPixels again at decode time: the header check is ours, this one is sharp's own guard.
  const input = sharp(bytes, {
    animated: true,
    failOn: 'warning',
    limitInputPixels: MAX_INPUT_PIXELS,
    autoOrient: true,
  }).resize({
    width: MAX_STORED_SIDE_PX,
    height: MAX_STORED_SIDE_PX,
    fit: 'inside',
    withoutEnlargement: true,
  });
  const out = await encoder(input, kind.format)
    .toBuffer({ resolveWithObject: true })
    .catch(() => null);
  if (!out) refuse(UNRECOGNISED_IMAGE);
  return {
    bytes: out.data,
    ext: kind.ext,
    mime: kind.mime,
    width: out.info.width,
    height: out.info.pageHeight ?? out.info.height,
  };
}
