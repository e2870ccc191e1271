/** The image code is readable: every character is inked at 4.5:1 or more against white (WCAG AA), never a pastel. */
import { describe, expect, it } from 'vitest';
import { IMAGE_CODE_INK, imageCodeSvg } from '../../src/server/account/imageCode.ts';

/** WCAG 2 contrast of a #rrggbb colour against white. */
function contrastOnWhite(hex: string): number {
  const full = hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex;
  const lin = (i: number) => {
    const c = Number.parseInt(full.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const l = 0.2126 * lin(1) + 0.7152 * lin(3) + 0.0722 * lin(5);
  return 1.05 / (l + 0.05);
}

describe('image code picture', () => {
  it('inks its characters in colours of at least 4.5:1 on white', () => {
    for (const ink of IMAGE_CODE_INK) expect(contrastOnWhite(ink), ink).toBeGreaterThanOrEqual(4.5);
    for (let i = 0; i < 50; i++) {
      const svg = imageCodeSvg('AB3K');
      const fills = [...svg.matchAll(/<path fill="(#[0-9a-fA-F]{3,6})"/g)].map((m) => m[1]!);
      expect(fills).toHaveLength(4);
      for (const f of fills) expect(contrastOnWhite(f), f).toBeGreaterThanOrEqual(4.5);
    }
  });
});
