/** A QR code of the site address drawn as one SVG path (uqr encodes it), with the quiet zone. */
import { useMemo } from 'react';
import { encode } from 'uqr';

/** The quiet zone the standard asks around the symbol, in modules. */
const QUIET_MODULES = 4;

export type EccLevel = 'L' | 'M' | 'Q' | 'H';

/**
 * The symbol with its quiet zone, at level M by default (15% of it may be lost) and the mask the
 * standard's penalty rules choose unless one is given; text too long for a QR symbol is refused.
 */
export function encodeQr(
  text: string,
  ecc: EccLevel = 'M',
  mask = -1,
): { version: number; size: number; modules: boolean[][] } {
  let qr: ReturnType<typeof encode>;
  try {
    qr = encode(text, { ecc, maskPattern: mask, border: QUIET_MODULES });
  } catch {
    throw new Error('内容过长，无法生成二维码');
  }
  return { version: qr.version, size: qr.size, modules: qr.data };
}

/** The dark modules as one SVG path, one unit square each. */
export function qrPathData(modules: boolean[][]): string {
  let path = '';
  modules.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    });
  });
  return path;
}

export function QrCode({
  text,
  label,
  sizePx = 200,
}: {
  text: string;
  label: string;
  sizePx?: number;
}) {
  const qr = useMemo(() => encodeQr(text), [text]);
  const d = useMemo(() => qrPathData(qr.modules), [qr]);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${qr.size} ${qr.size}`}
      width={sizePx}
      height={sizePx}
      shapeRendering="crispEdges"
      data-qr-version={qr.version}
    >
      <rect width={qr.size} height={qr.size} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}
