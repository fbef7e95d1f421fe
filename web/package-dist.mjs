// The last step of web/build.sh, on a dist/ that holds index.html, starhalma.js and
// starhalma_bg.wasm: writes the build's facts into the page (the wasm's size, for the loading
// bar), the web app manifest and its icons, the service worker with this build's version (a
// hash of every file it keeps), and a `.br` and a `.gz` twin of every compressible file, which
// starhalma-server sends to browsers that accept them. Prints the sizes as JSON.
//   node web/package-dist.mjs dist
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { PNG } from "pngjs";

const here = path.dirname(new URL(import.meta.url).pathname);
const dist = path.resolve(process.argv[2] ?? "dist");
const file = (name) => path.join(dist, name);
const wasmBytes = fs.statSync(file("starhalma_bg.wasm")).size;

// Replaces the one `/*name*/ ... /*end name*/` span of `text` with `value` as JSON.
const fill = (text, name, value) => {
  const span = new RegExp(`/\\*${name}\\*/[\\s\\S]*?/\\*end ${name}\\*/`);
  if (!span.test(text)) throw new Error(`no /*${name}*/ ... /*end ${name}*/ span`);
  return text.replace(span, `/*${name}*/${JSON.stringify(value)}/*end ${name}*/`);
};

const page = fs.readFileSync(file("index.html"), "utf8");
fs.writeFileSync(file("index.html"), fill(page, "build", { wasmBytes, offline: true }));

// The board's star in wood with the six seats' colours at its points, on the page's colour.
const icon = (size) => {
  const png = new PNG({ width: size, height: size });
  // The game's seat colours (src/board.rs), in the order of their camps around the star.
  const seats = [
    [0.52, 0.02, 0.1], [0.3, 0.02, 0.5], [0.98, 0.95, 0.05],
    [0.28, 0.42, 0.98], [0.25, 0.88, 0.72], [0.8, 0.35, 0.06],
  ].map((rgb) => rgb.map((v) => Math.round(255 * v)));
  const background = [0x35, 0x46, 0x5a], wood = [0xc8, 0x95, 0x5a];
  const c = size / 2, radius = 0.47 * size;
  const corner = (k, turn) => {
    const a = ((turn + 120 * k) * Math.PI) / 180;
    return [c + radius * Math.cos(a), c + radius * Math.sin(a)];
  };
  const inTriangle = (x, y, [a, b, d]) => {
    const side = (p, q) => (q[0] - p[0]) * (y - p[1]) - (q[1] - p[1]) * (x - p[0]);
    const s1 = side(a, b), s2 = side(b, d), s3 = side(d, a);
    return (s1 >= 0 && s2 >= 0 && s3 >= 0) || (s1 <= 0 && s2 <= 0 && s3 <= 0);
  };
  const up = [0, 1, 2].map((k) => corner(k, -90)), down = [0, 1, 2].map((k) => corner(k, 90));
  const dots = [0, 1, 2, 3, 4, 5].map((k) => {
    const a = ((-90 + 60 * k) * Math.PI) / 180;
    return [c + 0.3 * size * Math.cos(a), c + 0.3 * size * Math.sin(a), seats[k]];
  });
  const colourAt = (x, y) => {
    for (const [dx, dy, colour] of dots) {
      if ((x - dx) ** 2 + (y - dy) ** 2 <= (0.075 * size) ** 2) return colour;
    }
    return inTriangle(x, y, up) || inTriangle(x, y, down) ? wood : background;
  };
  const samples = 4; // per axis, for smooth edges
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const sum = [0, 0, 0];
      for (let j = 0; j < samples; j++) {
        for (let i = 0; i < samples; i++) {
          const colour = colourAt(x + (i + 0.5) / samples, y + (j + 0.5) / samples);
          for (let k = 0; k < 3; k++) sum[k] += colour[k];
        }
      }
      const at = (y * size + x) * 4;
      for (let k = 0; k < 3; k++) png.data[at + k] = Math.round(sum[k] / samples ** 2);
      png.data[at + 3] = 255;
    }
  }
  return PNG.sync.write(png);
};
for (const size of [192, 512]) fs.writeFileSync(file(`icon-${size}.png`), icon(size));

const manifest = {
  name: "starhalma — Chinese Checkers",
  short_name: "starhalma",
  description: "Chinese Checkers (Stern-Halma) in 3D: against the computer, pass and play, or with friends by link.",
  start_url: "./",
  scope: "./",
  display: "standalone",
  background_color: "#35465a",
  theme_color: "#35465a",
  icons: [
    { src: "icon-192.png", sizes: "192x192", type: "image/png" },
    { src: "icon-512.png", sizes: "512x512", type: "image/png" },
  ],
};
fs.writeFileSync(file("manifest.webmanifest"), JSON.stringify(manifest, null, 2) + "\n");

const kept = [
  "index.html", "starhalma.js", "starhalma_bg.wasm", "manifest.webmanifest", "icon-192.png",
  "icon-512.png",
];
const hash = crypto.createHash("sha256");
for (const name of kept) hash.update(name).update(fs.readFileSync(file(name)));
const version = hash.digest("hex").slice(0, 16);
const worker = fs.readFileSync(path.join(here, "sw.js"), "utf8");
fs.writeFileSync(file("sw.js"), fill(fill(worker, "version", version), "files", ["./", ...kept]));

const sizes = { version };
for (const name of ["index.html", "starhalma.js", "starhalma_bg.wasm", "sw.js", "manifest.webmanifest"]) {
  const bytes = fs.readFileSync(file(name));
  const brotli = zlib.brotliCompressSync(bytes, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_LGWIN]: zlib.constants.BROTLI_MAX_WINDOW_BITS,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  const gzip = zlib.gzipSync(bytes, { level: 9 });
  // A twin no smaller than its file would only cost the reader.
  if (brotli.length < bytes.length) fs.writeFileSync(file(`${name}.br`), brotli);
  if (gzip.length < bytes.length) fs.writeFileSync(file(`${name}.gz`), gzip);
  sizes[name] = { raw: bytes.length, gzip: gzip.length, brotli: brotli.length };
}
console.log(JSON.stringify(sizes));
