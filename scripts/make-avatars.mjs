// Generates the 100 default avatars (public/avatars/1.svg..100.svg): a coloured
// circle with one glyph; colour and glyph pairs are all distinct.
// Run: node scripts/make-avatars.mjs
import { mkdirSync, writeFileSync } from 'node:fs';

const GLYPHS = ['福', '禄', '寿', '喜', '财', '吉', '祥', '运', '旺', '顺'];
const COUNT = 100;
mkdirSync('public/avatars', { recursive: true });
for (let i = 1; i <= COUNT; i++) {
  const glyph = GLYPHS[(i - 1) % GLYPHS.length];
  const ring = Math.floor((i - 1) / GLYPHS.length);
  // Hue steps by the golden angle so neighbours differ; lightness stays dark enough for white text (AA).
  const hue = Math.round((i * 137.508) % 360);
  const light = 32 + (ring % 3) * 4;
  const pattern =
    ring % 2 === 0
      ? `<circle cx="48" cy="48" r="40" fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="3"/>`
      : `<path d="M8 48a40 40 0 0 0 80 0" fill="#000" fill-opacity=".12"/>`;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" width="96" height="96" role="img" aria-label="头像${i}">` +
    `<circle cx="48" cy="48" r="48" fill="hsl(${hue} 65% ${light}%)"/>${pattern}` +
    `<text x="48" y="50" text-anchor="middle" dominant-baseline="central" font-size="${40 + (ring % 4) * 2}" font-family="'PingFang SC','Microsoft YaHei','Noto Sans CJK SC',sans-serif" fill="#fff">${glyph}</text>` +
    `<text x="78" y="82" text-anchor="middle" font-size="12" font-family="sans-serif" fill="#fff" fill-opacity=".8">${i}</text></svg>\n`;
  writeFileSync(`public/avatars/${i}.svg`, svg);
}
console.log(`${COUNT} avatars written`);
