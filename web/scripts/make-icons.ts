/**
 * `npx node web/scripts/make-icons.ts`: draws the installable app's icons (web/public/icons/*.png) from
 * the WeeklyDiv mark of web/src/components/logo.tsx (three rising white bars in a blue rounded square,
 * on a 32-unit grid) and writes them as PNG with node:zlib, no image library and no browser: the same
 * source gives the same bytes. The PNGs are committed assets; run this again only when the mark changes.
 *
 * - icon-192.png, icon-512.png: the mark as the logo draws it (rounded corners, transparent outside);
 * - icon-maskable-512.png: full-bleed blue, the bars shrunk into the central safe zone (a circle of 40%
 *   of the size), so any mask shape a launcher applies keeps them whole;
 * - apple-touch-icon-180.png: full-bleed too (iOS rounds the corners itself and shows black for transparency).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { palette } from '../src/styles/palette.ts';

interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
  r: number;
}
type Rgba = readonly [number, number, number, number];

/** The mark on its 32-unit grid (logo.tsx). */
const SQUARE: Rect = { x: 0, y: 0, w: 32, h: 32, r: 8 };
const BARS: readonly Rect[] = [
  { x: 7, y: 17, w: 4, h: 8, r: 1 },
  { x: 14, y: 12, w: 4, h: 13, r: 1 },
  { x: 21, y: 7, w: 4, h: 18, r: 1 },
];

function hex(color: string): Rgba {
  const n = Number.parseInt(color.replace('#', ''), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255, 255];
}

function inside(rect: Rect, x: number, y: number): boolean {
  if (x < rect.x || y < rect.y || x > rect.x + rect.w || y > rect.y + rect.h) return false;
  const cx = Math.min(Math.max(x, rect.x + rect.r), rect.x + rect.w - rect.r);
  const cy = Math.min(Math.max(y, rect.y + rect.r), rect.y + rect.h - rect.r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= rect.r ** 2;
}

/**
 * Rasterises the mark at `size` px: 4x4 samples per pixel for smooth edges. `barScale` shrinks the bars
 * around the centre (the maskable icon); `fullBleed` paints the whole square blue.
 */
function draw(size: number, options: { fullBleed: boolean; barScale: number }): Buffer {
  const blue = hex(palette.blue600);
  const white: Rgba = [255, 255, 255, 255];
  const samples = 4;
  const unit = size / 32;
  const pixels = Buffer.alloc(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let background = 0;
      let bar = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const x = (px + (sx + 0.5) / samples) / unit;
          const y = (py + (sy + 0.5) / samples) / unit;
          const bx = 16 + (x - 16) / options.barScale;
          const by = 16 + (y - 16) / options.barScale;
          if (BARS.some((b) => inside(b, bx, by))) bar++;
          else if (options.fullBleed || inside(SQUARE, x, y)) background++;
        }
      }
      const total = samples * samples;
      const alpha = (bar + background) / total;
      const offset = (py * size + px) * 4;
      for (let c = 0; c < 3; c++) {
        // colour of the covered part, weighted by what covers it (straight alpha)
        pixels[offset + c] = alpha === 0 ? 0 : Math.round((white[c]! * bar + blue[c]! * background) / (bar + background));
      }
      pixels[offset + 3] = Math.round(alpha * 255);
    }
  }
  return png(size, pixels);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An 8-bit RGBA PNG: each row prefixed with filter 0 (none), deflated. */
function png(size: number, rgba: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type RGBA
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) rgba.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const outDir = path.resolve(import.meta.dirname, '..', 'public', 'icons');
mkdirSync(outDir, { recursive: true });
const icons: [string, Buffer][] = [
  ['icon-192.png', draw(192, { fullBleed: false, barScale: 1 })],
  ['icon-512.png', draw(512, { fullBleed: false, barScale: 1 })],
  // the bars span 18 of 32 units; at 0.8 they fit the safe zone's circle (radius 40% of the size)
  ['icon-maskable-512.png', draw(512, { fullBleed: true, barScale: 0.8 })],
  ['apple-touch-icon-180.png', draw(180, { fullBleed: true, barScale: 0.85 })],
];
for (const [name, data] of icons) {
  writeFileSync(path.join(outDir, name), data);
  console.log(`${name}: ${data.length} bytes`);
}
