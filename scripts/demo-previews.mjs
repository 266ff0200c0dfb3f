// Draws the demo Mediathek's preview images (packages/server/assets/previews/<category>-<type>.png): one small
// illustrated scene per subject, with the content type's mark in the corner (video: play button, app: controller,
// web app: globe). Palette PNGs of a few KB, written by hand (zlib only), so nothing is downloaded.
// Run: node scripts/demo-previews.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const WIDTH = 480;
const HEIGHT = 270;
const OUT = new URL('../packages/server/assets/previews/', import.meta.url);

// ---- PNG (colour type 3: a palette of at most 256 colours) ----
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes) {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
function png(pixels, palette) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(WIDTH, 0);
  header.writeUInt32BE(HEIGHT, 4);
  header.set([8, 3, 0, 0, 0], 8);
  const raw = Buffer.alloc((WIDTH + 1) * HEIGHT);
  for (let y = 0; y < HEIGHT; y += 1)
    raw.set(pixels.subarray(y * WIDTH, (y + 1) * WIDTH), y * (WIDTH + 1) + 1);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('PLTE', Buffer.from(palette.flat())),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// ---- A tiny rasteriser over palette indices ----
function canvas() {
  const palette = [];
  const pixels = new Uint8Array(WIDTH * HEIGHT);
  const colour = (hex) => {
    const rgb = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
    const found = palette.findIndex((c) => c.every((v, i) => v === rgb[i]));
    if (found >= 0) return found;
    palette.push(rgb);
    return palette.length - 1;
  };
  const fill = (test, hex) => {
    const index = colour(hex);
    for (let y = 0; y < HEIGHT; y += 1)
      for (let x = 0; x < WIDTH; x += 1) if (test(x + 0.5, y + 0.5)) pixels[y * WIDTH + x] = index;
  };
  return {
    /** Sky or wall: horizontal bands from one colour to another (banded on purpose: it compresses well). */
    bands(top, bottom, count = 8) {
      const a = [1, 3, 5].map((i) => Number.parseInt(top.slice(i, i + 2), 16));
      const b = [1, 3, 5].map((i) => Number.parseInt(bottom.slice(i, i + 2), 16));
      for (let band = 0; band < count; band += 1) {
        const mix = a.map((v, i) => Math.round(v + ((b[i] - v) * band) / (count - 1)));
        const hex = `#${mix.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
        const from = (HEIGHT * band) / count;
        const to = (HEIGHT * (band + 1)) / count;
        fill((_x, y) => y >= from && y < to, hex);
      }
    },
    rect: (x, y, w, h, hex) => fill((px, py) => px >= x && px < x + w && py >= y && py < y + h, hex),
    circle: (cx, cy, r, hex) => fill((px, py) => (px - cx) ** 2 + (py - cy) ** 2 <= r * r, hex),
    ring: (cx, cy, r, width, hex) =>
      fill((px, py) => Math.abs(Math.hypot(px - cx, py - cy) - r) <= width / 2, hex),
    ellipse: (cx, cy, rx, ry, hex) =>
      fill((px, py) => ((px - cx) / rx) ** 2 + ((py - cy) / ry) ** 2 <= 1, hex),
    /** A filled polygon (even-odd rule). */
    polygon(points, hex) {
      fill((px, py) => {
        let inside = false;
        for (let i = 0, j = points.length - 1; i < points.length; j = i, i += 1) {
          const [xi, yi] = points[i];
          const [xj, yj] = points[j];
          if (yi > py !== yj > py && px < ((xj - xi) * (py - yi)) / (yj - yi) + xi) inside = !inside;
        }
        return inside;
      }, hex);
    },
    encode: () => png(pixels, palette),
  };
}

// ---- Scenes per subject ----
const SCENES = {
  naturwissenschaften(c) {
    c.bands('#071226', '#1C345E');
    for (const [x, y] of [
      [40, 30],
      [120, 80],
      [200, 24],
      [300, 60],
      [420, 40],
      [380, 120],
      [90, 150],
      [250, 110],
    ])
      c.circle(x, y, 2, '#EEF7FD');
    c.circle(300, 150, 70, '#F07D00');
    c.ellipse(300, 150, 120, 22, '#FFD166');
    c.circle(300, 150, 60, '#D16600');
    c.circle(280, 128, 18, '#F5A04A');
    c.circle(110, 210, 26, '#7CC6F0');
  },
  geschichte(c) {
    c.bands('#FFE7CC', '#F5C38A');
    c.rect(0, 220, WIDTH, 50, '#C9A46A');
    c.polygon(
      [
        [120, 70],
        [360, 70],
        [240, 30],
      ],
      '#E8D5B0',
    );
    c.rect(120, 70, 240, 14, '#D9C39A');
    for (let i = 0; i < 6; i += 1) c.rect(132 + i * 40, 90, 18, 120, '#EFE2C6');
    c.rect(112, 208, 256, 14, '#D9C39A');
  },
  erdkunde(c) {
    c.bands('#7CC6F0', '#D8EEFB');
    c.circle(390, 60, 30, '#FFD166');
    c.polygon(
      [
        [0, 230],
        [120, 90],
        [220, 200],
        [300, 110],
        [480, 240],
        [480, 270],
        [0, 270],
      ],
      '#1E7D3E',
    );
    c.polygon(
      [
        [120, 90],
        [150, 126],
        [92, 122],
      ],
      '#EEF7FD',
    );
    c.polygon(
      [
        [300, 110],
        [336, 150],
        [270, 146],
      ],
      '#EEF7FD',
    );
    c.polygon(
      [
        [0, 250],
        [240, 215],
        [480, 255],
        [480, 270],
        [0, 270],
      ],
      '#17652F',
    );
  },
  kunst(c) {
    c.bands('#EDF0F4', '#D9DEE5', 4);
    c.rect(0, 230, WIDTH, 40, '#8A94A3');
    c.rect(60, 60, 150, 110, '#4D5665');
    c.rect(70, 70, 130, 90, '#7CC6F0');
    c.circle(170, 95, 14, '#FFD166');
    c.polygon(
      [
        [70, 160],
        [120, 105],
        [170, 160],
      ],
      '#1E7D3E',
    );
    c.rect(270, 50, 140, 150, '#4D5665');
    c.rect(280, 60, 120, 130, '#FFE7CC');
    c.circle(340, 125, 40, '#E0463A');
  },
  musik(c) {
    c.bands('#0C1B35', '#284577');
    c.polygon(
      [
        [140, 0],
        [170, 0],
        [260, 230],
        [60, 230],
      ],
      '#3A5A92',
    );
    c.polygon(
      [
        [320, 0],
        [350, 0],
        [430, 230],
        [240, 230],
      ],
      '#3A5A92',
    );
    c.rect(0, 230, WIDTH, 40, '#A34F00');
    c.ellipse(160, 210, 26, 18, '#FFD166');
    c.rect(180, 120, 6, 90, '#FFD166');
    c.ellipse(330, 200, 26, 18, '#FFD166');
    c.rect(350, 110, 6, 90, '#FFD166');
    c.rect(186, 110, 170, 10, '#FFD166');
  },
  berufsorientierung(c) {
    c.bands('#D8EEFB', '#B2DDF7', 4);
    c.rect(0, 210, WIDTH, 60, '#667080');
    c.circle(170, 140, 60, '#353D4A');
    for (let i = 0; i < 8; i += 1) {
      const a = (i * Math.PI) / 4;
      c.circle(170 + Math.cos(a) * 62, 140 + Math.sin(a) * 62, 14, '#353D4A');
    }
    c.circle(170, 140, 24, '#D8EEFB');
    c.rect(280, 120, 140, 90, '#A34F00');
    c.rect(320, 100, 60, 24, '#A34F00');
    c.rect(330, 108, 40, 16, '#B2DDF7');
  },
  sachunterricht(c) {
    c.bands('#B2DDF7', '#EEF7FD');
    c.rect(0, 200, WIDTH, 70, '#7FDC9C');
    c.rect(60, 120, 120, 90, '#E0463A');
    c.polygon(
      [
        [50, 122],
        [120, 70],
        [190, 122],
      ],
      '#A32418',
    );
    c.rect(105, 160, 30, 50, '#FFE7CC');
    c.rect(0, 230, WIDTH, 24, '#4D5665');
    for (let i = 0; i < 8; i += 1) c.rect(20 + i * 60, 240, 30, 4, '#FFFFFF');
    c.rect(320, 110, 10, 100, '#353D4A');
    c.rect(305, 80, 40, 60, '#222833');
    c.circle(325, 93, 8, '#E0463A');
    c.circle(325, 110, 8, '#FFD166');
    c.circle(325, 127, 8, '#1E7D3E');
  },
  mathematik(c) {
    c.bands('#132748', '#0C1B35', 4);
    for (let x = 0; x <= WIDTH; x += 30) c.rect(x, 0, 1, HEIGHT, '#284577');
    for (let y = 0; y <= HEIGHT; y += 30) c.rect(0, y, WIDTH, 1, '#284577');
    c.polygon(
      [
        [80, 220],
        [200, 60],
        [260, 220],
      ],
      '#F07D00',
    );
    c.polygon(
      [
        [300, 110],
        [370, 80],
        [440, 110],
        [370, 140],
      ],
      '#7CC6F0',
    );
    c.polygon(
      [
        [300, 110],
        [370, 140],
        [370, 220],
        [300, 190],
      ],
      '#44ABE5',
    );
    c.polygon(
      [
        [370, 140],
        [440, 110],
        [440, 190],
        [370, 220],
      ],
      '#1A8FD1',
    );
  },
  sprachen(c) {
    c.bands('#C9D6EA', '#EEF7FD');
    c.rect(0, 230, WIDTH, 40, '#0C5A88');
    for (const [x, w, h] of [
      [20, 60, 110],
      [90, 40, 150],
      [140, 70, 90],
      [300, 50, 130],
      [360, 80, 100],
    ])
      c.rect(x, 230 - h, w, h, '#5576AE');
    c.rect(230, 60, 40, 170, '#3A5A92');
    c.polygon(
      [
        [226, 62],
        [250, 20],
        [274, 62],
      ],
      '#3A5A92',
    );
    c.circle(250, 100, 14, '#FFF3CC');
    c.ellipse(390, 60, 70, 36, '#FFFFFF');
    c.polygon(
      [
        [350, 84],
        [340, 110],
        [372, 90],
      ],
      '#FFFFFF',
    );
  },
  lehrerbildung(c) {
    c.bands('#FFF3CC', '#FFE7CC', 4);
    c.rect(0, 220, WIDTH, 50, '#A34F00');
    c.rect(90, 40, 300, 120, '#17652F');
    c.rect(84, 34, 312, 6, '#8A5A00');
    c.rect(110, 70, 120, 4, '#EEF7FD');
    c.rect(110, 90, 180, 4, '#EEF7FD');
    c.rect(110, 110, 90, 4, '#EEF7FD');
    for (const x of [60, 200, 340]) {
      c.rect(x, 190, 90, 12, '#D16600');
      c.rect(x + 8, 202, 8, 26, '#8A5A00');
      c.rect(x + 74, 202, 8, 26, '#8A5A00');
    }
  },
};

// ---- The content type's mark, bottom left ----
const MARKS = {
  video(c) {
    c.circle(44, 226, 26, '#071226');
    c.polygon(
      [
        [36, 212],
        [36, 240],
        [60, 226],
      ],
      '#FFFFFF',
    );
  },
  app(c) {
    c.ellipse(50, 226, 34, 20, '#071226');
    c.rect(30, 223, 16, 6, '#FFFFFF');
    c.rect(35, 218, 6, 16, '#FFFFFF');
    c.circle(62, 222, 4, '#FFFFFF');
    c.circle(70, 230, 4, '#FFFFFF');
  },
  webApp(c) {
    c.circle(44, 226, 26, '#071226');
    c.ring(44, 226, 17, 3, '#FFFFFF');
    c.rect(27, 225, 34, 3, '#FFFFFF');
    c.ellipse(44, 226, 7, 17, '#071226');
    c.ring(44, 226, 0, 0, '#FFFFFF');
    c.rect(43, 209, 3, 34, '#FFFFFF');
  },
};

mkdirSync(OUT, { recursive: true });
let total = 0;
for (const [subject, scene] of Object.entries(SCENES)) {
  for (const [type, mark] of Object.entries(MARKS)) {
    const c = canvas();
    scene(c);
    mark(c);
    const bytes = c.encode();
    total += bytes.length;
    writeFileSync(new URL(`${subject}-${type}.png`, OUT), bytes);
  }
}
console.log(
  `${Object.keys(SCENES).length * Object.keys(MARKS).length} previews, ${(total / 1024).toFixed(1)} KB`,
);
