/**
 * Writes web/src/assets/taka.woff2: a one-glyph font with the taka sign (৳, U+09F3), the font
 * stack's last resort on devices without a Bengali font (prices would show a box). Drawn here as
 * strokes (no font tools on the build machines); run `npx tsx web/scripts/make-taka-font.ts`.
 * TrueType outlines, WOFF2 with null glyf/loca transforms (one brotli stream).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';

type Pt = [number, number];
const EM = 1000;
const ADVANCE = 620;
const STROKE = 84;

/** Points along a cubic Bézier. */
function cubic(p0: Pt, p1: Pt, p2: Pt, p3: Pt, steps: number): Pt[] {
  const out: Pt[] = [];
  for (let i = 0; i <= steps; i++) {
    const t = i / steps;
    const u = 1 - t;
    out.push([
      u * u * u * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t * t * t * p3[0],
      u * u * u * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t * t * t * p3[1],
    ]);
  }
  return out;
}

/** A stroked centre line as one closed contour: the left offset out, the right offset back. */
function stroke(line: Pt[], width: number): Pt[] {
  const half = width / 2;
  const normal = (i: number): Pt => {
    const a = line[Math.max(0, i - 1)]!;
    const b = line[Math.min(line.length - 1, i + 1)]!;
    const dx = b[0] - a[0];
    const dy = b[1] - a[1];
    const len = Math.hypot(dx, dy) || 1;
    return [-dy / len, dx / len];
  };
  const left = line.map((p, i) => [p[0] + normal(i)[0] * half, p[1] + normal(i)[1] * half] as Pt);
  const right = line.map((p, i) => [p[0] - normal(i)[0] * half, p[1] - normal(i)[1] * half] as Pt);
  // Clockwise for TrueType: either direction fills with the non-zero rule as long as all agree.
  const contour = [...right, ...left.reverse()].map(([x, y]) => [Math.round(x), Math.round(y)] as Pt);
  return area(contour) > 0 ? contour.reverse() : contour;
}

function area(c: Pt[]): number {
  let a = 0;
  for (let i = 0; i < c.length; i++) {
    const [x1, y1] = c[i]!;
    const [x2, y2] = c[(i + 1) % c.length]!;
    a += x1 * y2 - x2 * y1;
  }
  return a / 2;
}

// ৳: a curl at the top left running into the stem, a crossbar, and a bowl that turns up at the foot.
const curlAndStem = [
  ...cubic([120, 560], [100, 700], [280, 740], [300, 620], 10),
  ...cubic([300, 620], [300, 480], [300, 330], [300, 200], 3).slice(1),
  ...cubic([300, 200], [300, 10], [530, -30], [545, 170], 10).slice(1),
  ...cubic([545, 170], [548, 210], [548, 240], [545, 270], 2).slice(1),
];
const crossbar = cubic([110, 470], [230, 470], [360, 470], [480, 470], 1);
const contours = [stroke(curlAndStem, STROKE), stroke(crossbar, STROKE - 10)];

// ---- binary helpers ----
class Buf {
  bytes: number[] = [];
  u8(v: number) {
    this.bytes.push(v & 0xff);
    return this;
  }
  u16(v: number) {
    return this.u8(v >> 8).u8(v);
  }
  i16(v: number) {
    return this.u16(v < 0 ? v + 0x10000 : v);
  }
  u32(v: number) {
    return this.u16(Math.floor(v / 0x10000)).u16(v & 0xffff);
  }
  raw(b: Uint8Array | number[]) {
    for (const x of b) this.bytes.push(x);
    return this;
  }
  get out() {
    return Uint8Array.from(this.bytes);
  }
}
const pad4 = (n: number) => (n + 3) & ~3;
function checksum(data: Uint8Array): number {
  let sum = 0;
  const padded = new Uint8Array(pad4(data.length));
  padded.set(data);
  for (let i = 0; i < padded.length; i += 4)
    sum =
      (sum + ((padded[i]! << 24) | (padded[i + 1]! << 16) | (padded[i + 2]! << 8) | padded[i + 3]!)) >>> 0;
  return sum;
}

// ---- glyf / loca: glyph 0 (.notdef) empty, glyph 1 the taka sign ----
const all = contours.flat();
const xMin = Math.min(...all.map((p) => p[0]));
const xMax = Math.max(...all.map((p) => p[0]));
const yMin = Math.min(...all.map((p) => p[1]));
const yMax = Math.max(...all.map((p) => p[1]));
const glyph = new Buf().i16(contours.length).i16(xMin).i16(yMin).i16(xMax).i16(yMax);
let end = -1;
for (const c of contours) glyph.u16((end += c.length));
glyph.u16(0); // no instructions
for (let i = 0; i < all.length; i++) glyph.u8(0x01); // on-curve, x and y as int16 deltas
all.forEach((p, i) => glyph.i16(p[0] - (i ? all[i - 1]![0] : 0)));
all.forEach((p, i) => glyph.i16(p[1] - (i ? all[i - 1]![1] : 0)));
while (glyph.bytes.length % 4) glyph.u8(0);
const glyf = glyph.out;
const loca = new Buf().u32(0).u32(0).u32(glyf.length).out;

const head = new Buf()
  .u32(0x00010000)
  .u32(0x00010000)
  .u32(0) // checkSumAdjustment, set below
  .u32(0x5f0f3cf5)
  .u16(0x000b)
  .u16(EM)
  .u32(0)
  .u32(0)
  .u32(0)
  .u32(0)
  .i16(xMin)
  .i16(yMin)
  .i16(xMax)
  .i16(yMax)
  .u16(0)
  .u16(8)
  .i16(2)
  .i16(1) // long loca offsets
  .i16(0).out;

const hhea = new Buf()
  .u32(0x00010000)
  .i16(880)
  .i16(-240)
  .i16(0)
  .u16(ADVANCE)
  .i16(0)
  .i16(ADVANCE - xMax)
  .i16(xMax)
  .i16(1)
  .i16(0)
  .i16(0)
  .raw([0, 0, 0, 0, 0, 0, 0, 0])
  .i16(0)
  .u16(2).out;
const hmtx = new Buf().u16(500).i16(0).u16(ADVANCE).i16(xMin).out;
const maxp = new Buf()
  .u32(0x00010000)
  .u16(2)
  .u16(all.length)
  .u16(contours.length)
  .u16(0)
  .u16(0)
  .u16(2)
  .raw(new Array(18).fill(0)).out;

const CODE = 0x09f3;
const cmap = new Buf()
  .u16(0)
  .u16(1)
  .u16(3)
  .u16(1)
  .u32(12)
  // format 4: one segment for U+09F3 (glyph 1 = code + delta) and the closing 0xFFFF segment
  .u16(4)
  .u16(32)
  .u16(0)
  .u16(4)
  .u16(4)
  .u16(1)
  .u16(0)
  .u16(CODE)
  .u16(0xffff)
  .u16(0)
  .u16(CODE)
  .u16(0xffff)
  .i16(1 - CODE)
  .i16(1)
  .u16(0)
  .u16(0).out;

const os2 = new Buf()
  .u16(4)
  .i16(ADVANCE)
  .u16(400)
  .u16(5)
  .u16(0) // fsType: installable
  .i16(650)
  .i16(600)
  .i16(0)
  .i16(75)
  .i16(650)
  .i16(600)
  .i16(0)
  .i16(350)
  .i16(50)
  .i16(250)
  .i16(0)
  .raw(new Array(10).fill(0)) // panose
  .u32(1 << 15) // ulUnicodeRange1: Bengali
  .u32(0)
  .u32(0)
  .u32(0)
  .raw([0x4b, 0x48, 0x4c, 0x47]) // achVendID 'KHLG'
  .u16(0x0040)
  .u16(CODE)
  .u16(CODE)
  .i16(880)
  .i16(-240)
  .i16(0)
  .u16(880)
  .u16(240)
  .u32(1)
  .u32(0)
  .i16(500)
  .i16(700)
  .u16(0)
  .u16(0x20)
  .u16(0).out;

const names: Array<[number, string]> = [
  [1, 'Khelaghor Taka'],
  [2, 'Regular'],
  [3, 'Khelaghor Taka Regular'],
  [4, 'Khelaghor Taka'],
  [5, 'Version 1.0'],
  [6, 'KhelaghorTaka'],
];
const strings = names.map(([, s]) => Buffer.from(s, 'utf16le').swap16());
const name = new Buf()
  .u16(0)
  .u16(names.length)
  .u16(6 + 12 * names.length);
let offset = 0;
names.forEach(([id], i) => {
  name.u16(3).u16(1).u16(0x0409).u16(id).u16(strings[i]!.length).u16(offset);
  offset += strings[i]!.length;
});
for (const s of strings) name.raw(s);

const post = new Buf().u32(0x00030000).u32(0).i16(-100).i16(50).u32(0).u32(0).u32(0).u32(0).u32(0).out;

// ---- sfnt (for the checksum adjustment), then WOFF2 ----
const tables: Array<[string, Uint8Array]> = [
  ['OS/2', os2],
  ['cmap', cmap],
  ['glyf', glyf],
  ['head', head],
  ['hhea', hhea],
  ['hmtx', hmtx],
  ['loca', loca],
  ['maxp', maxp],
  ['name', name.out],
  ['post', post],
];
const sfntSize = 12 + 16 * tables.length + tables.reduce((n, [, d]) => n + pad4(d.length), 0);
const dir = new Buf()
  .u32(0x00010000)
  .u16(tables.length)
  .u16(128)
  .u16(3)
  .u16(tables.length * 16 - 128);
let at = 12 + 16 * tables.length;
for (const [tag, data] of tables) {
  dir
    .raw([...tag].map((c) => c.charCodeAt(0)))
    .u32(checksum(data))
    .u32(at)
    .u32(data.length);
  at += pad4(data.length);
}
const sfnt = new Uint8Array(sfntSize);
sfnt.set(dir.out);
at = 12 + 16 * tables.length;
for (const [, data] of tables) {
  sfnt.set(data, at);
  at += pad4(data.length);
}
const adjustment = (0xb1b0afba - checksum(sfnt)) >>> 0;
new DataView(head.buffer).setUint32(8, adjustment);

// WOFF2 wants loca right after glyf; its known-tag indexes name the tables.
const KNOWN = [
  'cmap',
  'head',
  'hhea',
  'hmtx',
  'maxp',
  'name',
  'OS/2',
  'post',
  'cvt ',
  'fpgm',
  'glyf',
  'loca',
];
const order = ['OS/2', 'cmap', 'glyf', 'loca', 'head', 'hhea', 'hmtx', 'maxp', 'name', 'post'];
const byTag = new Map(tables);
const base128 = (n: number): number[] => {
  const out = [n & 0x7f];
  for (n = Math.floor(n / 128); n > 0; n = Math.floor(n / 128)) out.unshift((n & 0x7f) | 0x80);
  return out;
};
const woffDir = new Buf();
for (const tag of order) {
  const nullTransform = tag === 'glyf' || tag === 'loca' ? 3 : 0;
  woffDir.u8(KNOWN.indexOf(tag) | (nullTransform << 6)).raw(base128(byTag.get(tag)!.length));
}
const stream = Buffer.concat(order.map((tag) => byTag.get(tag)!));
const compressed = brotliCompressSync(stream, {
  params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_FONT },
});
const headerSize = 48;
const length = pad4(headerSize + woffDir.bytes.length + compressed.length);
const woff2 = new Buf()
  .raw([0x77, 0x4f, 0x46, 0x32])
  .u32(0x00010000)
  .u32(length)
  .u16(order.length)
  .u16(0)
  .u32(sfntSize)
  .u32(compressed.length)
  .u16(1)
  .u16(0)
  .u32(0)
  .u32(0)
  .u32(0)
  .u32(0)
  .u32(0)
  .raw(woffDir.out)
  .raw(compressed);
while (woff2.bytes.length < length) woff2.u8(0);

const file = join(import.meta.dirname, '..', 'src', 'assets', 'taka.woff2');
writeFileSync(file, woff2.out);
console.log(`${file}: ${length} bytes, ${all.length} points`);
