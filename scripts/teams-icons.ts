/**
 * Draws accessbot's Teams icons as PNGs with node's zlib (no image library), as Teams asks:
 * `color.png` 192×192 on the accent colour, `outline.png` 32×32 white on transparent.
 */
import { writeFileSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';

export const ACCENT = '#3B5BDB';

type Rgba = [number, number, number, number];

/** How much of the point (x, y) in the unit square the key covers: 0 or 1. */
function inKey(x: number, y: number): boolean {
  const ring = Math.hypot(x - 0.34, y - 0.5);
  if (ring <= 0.2 && ring >= 0.095) return true;
  if (x >= 0.5 && x <= 0.84 && y >= 0.455 && y <= 0.545) return true;
  const tooth = (from: number, to: number) => x >= from && x <= to && y >= 0.545 && y <= 0.66;
  return tooth(0.66, 0.72) || tooth(0.77, 0.84);
}

/** Renders `size`×`size` pixels, 4×4 supersampled so the edges are smooth. */
function draw(size: number, background: Rgba | undefined): Buffer {
  const pixels = Buffer.alloc(size * size * 4);
  const n = 4;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let key = 0;
      let bg = 0;
      for (let sy = 0; sy < n; sy++) {
        for (let sx = 0; sx < n; sx++) {
          const x = (px + (sx + 0.5) / n) / size;
          const y = (py + (sy + 0.5) / n) / size;
          if (inKey(x, y)) key++;
          else if (background) bg++;
        }
      }
      const k = key / (n * n);
      const b = bg / (n * n);
      const i = (py * size + px) * 4;
      const [r, g, bl] = background ?? [255, 255, 255, 255];
      const alpha = k + b;
      // White key over the background; the outline icon is pure white with coverage as alpha.
      const mix = (c: number) => (alpha ? Math.round((255 * k + c * b) / alpha) : 0);
      pixels[i] = background ? mix(r) : 255;
      pixels[i + 1] = background ? mix(g) : 255;
      pixels[i + 2] = background ? mix(bl) : 255;
      pixels[i + 3] = Math.round(255 * Math.min(1, alpha));
    }
  }
  return pixels;
}

export function png(size: number, rgba: Buffer): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'ascii');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, no interlace
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    rows[y * (size * 4 + 1)] = 0; // filter: none
    rgba.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const hex = (color: string): Rgba => [
  Number.parseInt(color.slice(1, 3), 16),
  Number.parseInt(color.slice(3, 5), 16),
  Number.parseInt(color.slice(5, 7), 16),
  255,
];

if (import.meta.main) {
  const dir = new URL('../manifest/teams/', import.meta.url);
  writeFileSync(new URL('color.png', dir), png(192, draw(192, hex(ACCENT))));
  writeFileSync(new URL('outline.png', dir), png(32, draw(32, undefined)));
  console.log('wrote manifest/teams/color.png and outline.png');
}
