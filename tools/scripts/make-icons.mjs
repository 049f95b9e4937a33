// Draws the toolbar icon (a shield with a check mark) at every size the stores ask for, as PNGs in
// public/icon/. Pure Node (zlib), so it runs on a machine without image tools. Re-run after edits:
//   node tools/scripts/make-icons.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};

function inShield(x, y) {
  // Unit coordinates 0..1: flat top, sides down to 55 %, then a curve to the point at the bottom.
  if (y < 0.08 || y > 0.94 || x < 0.14 || x > 0.86) return false;
  if (y <= 0.55) return true;
  const t = (y - 0.55) / 0.39;
  const half = 0.36 * Math.sqrt(Math.max(0, 1 - t * t));
  return Math.abs(x - 0.5) <= half;
}
function onCheck(x, y, w) {
  const seg = (ax, ay, bx, by) => {
    const dx = bx - ax,
      dy = by - ay;
    const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)));
    return Math.hypot(x - (ax + t * dx), y - (ay + t * dy));
  };
  return Math.min(seg(0.32, 0.47, 0.45, 0.62), seg(0.45, 0.62, 0.7, 0.33)) < w;
}

function icon(size) {
  const raw = Buffer.alloc(size * (size * 4 + 1));
  const ss = 4; // supersampling for smooth edges
  for (let py = 0; py < size; py++) {
    raw[py * (size * 4 + 1)] = 0;
    for (let px = 0; px < size; px++) {
      let shield = 0,
        check = 0;
      for (let sy = 0; sy < ss; sy++)
        for (let sx = 0; sx < ss; sx++) {
          const x = (px + (sx + 0.5) / ss) / size,
            y = (py + (sy + 0.5) / ss) / size;
          if (inShield(x, y)) {
            shield++;
            if (onCheck(x, y, size < 24 ? 0.075 : 0.06)) check++;
          }
        }
      const a = shield / (ss * ss),
        c = shield ? check / shield : 0;
      const o = py * (size * 4 + 1) + 1 + px * 4;
      raw[o] = Math.round(0x1a + (0xff - 0x1a) * c);
      raw[o + 1] = Math.round(0x5f + (0xff - 0x5f) * c);
      raw[o + 2] = Math.round(0xb4 + (0xff - 0xb4) * c);
      raw[o + 3] = Math.round(255 * a);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

mkdirSync('public/icon', { recursive: true });
for (const size of [16, 32, 48, 96, 128]) writeFileSync(`public/icon/${size}.png`, icon(size));
console.log('icons written: public/icon/{16,32,48,96,128}.png');
