/** A QR code drawn as one SVG path from the domain encoder (src/domain/qr), with the quiet zone. */
import { useMemo } from 'react';
import { encodeQr } from '../../../domain/qr/encode';

const QUIET_MODULES = 4;

export function QrCode({ text, label, sizePx = 200 }: { text: string; label: string; sizePx?: number }) {
  const qr = useMemo(() => encodeQr(text, 'M'), [text]);
  const d = useMemo(() => {
    let path = '';
    qr.modules.forEach((row, y) => {
      row.forEach((dark, x) => { if (dark) path += `M${x + QUIET_MODULES} ${y + QUIET_MODULES}h1v1h-1z`; });
    });
    return path;
  }, [qr]);
  const side = qr.size + QUIET_MODULES * 2;
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${side} ${side}`} width={sizePx} height={sizePx} shapeRendering="crispEdges" data-qr-version={qr.version}>
      <rect width={side} height={side} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}
