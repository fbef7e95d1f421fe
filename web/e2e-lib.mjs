// What the browser tests share: launching Debian's chromium headless (WebGL2 through
// SwiftShader), reading the game's probe (`window.starhalma_probe`), clicking with real pointer
// input, screenshots and the pass/fail report.
import { chromium } from "playwright-core";
import { spawn } from "node:child_process";
import http from "node:http";
import readline from "node:readline";
import { PNG } from "pngjs";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const here = path.dirname(fileURLToPath(import.meta.url));
export const dist = path.resolve(here, "..", "dist");
export const out = path.resolve(here, "e2e-out");
fs.mkdirSync(out, { recursive: true });

const quiet = ["--disable-background-networking", "--disable-component-update", "--no-first-run"];
// Two pages play each other in one browser: neither may be throttled as a background page
// (its animation frames would stop, and with them the game).
const foreground = [
  "--disable-background-timer-throttling",
  "--disable-backgrounding-occluded-windows",
  "--disable-renderer-backgrounding",
];

/// Chromium with WebGL2 (or, with `webgl: false`, without any 3D API). With `scale`, the
/// browser runs at that device pixel ratio as on a high-density screen: emulating the ratio in
/// a page alone leaves the canvas's device-pixel size at its CSS size, which no real phone does.
export function launch({ webgl = true, scale = null } = {}) {
  const graphics = webgl
    ? ["--use-angle=swiftshader", "--enable-unsafe-swiftshader"]
    : ["--disable-3d-apis"];
  const density = scale ? [`--force-device-scale-factor=${scale}`] : [];
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    args: ["--no-sandbox", ...graphics, ...density, ...quiet, ...foreground],
  });
}

/// Serves dist/ on 127.0.0.1 (port 0); resolves to the server and its URL.
export async function serveDist() {
  const types = {
    ".html": "text/html", ".js": "text/javascript", ".wasm": "application/wasm",
    ".webmanifest": "application/manifest+json", ".png": "image/png",
  };
  const server = http.createServer((req, res) => {
    const name = decodeURIComponent(new URL(req.url, "http://x").pathname);
    const file = path.join(dist, name === "/" ? "index.html" : name);
    if (!file.startsWith(dist) || !fs.existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    // The compressed twin where the browser takes it, as a static host or the room server
    // sends it: the download a player waits for.
    const accepts = String(req.headers["accept-encoding"] ?? "");
    const twin = [["br", ".br"], ["gzip", ".gz"]].find(
      ([coding, ext]) => accepts.includes(coding) && fs.existsSync(file + ext),
    );
    const headers = { "content-type": types[path.extname(file)] ?? "application/octet-stream" };
    if (twin) headers["content-encoding"] = twin[0];
    res.writeHead(200, headers);
    fs.createReadStream(twin ? file + twin[1] : file).pipe(res);
  });
  await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
  return { server, url: `http://127.0.0.1:${server.address().port}/` };
}

/// The room server on the web build (`starhalma-server --dist dist`, port 0, real time):
/// $STARHALMA_SERVER, else the one `cargo test --workspace` built under $CARGO_TARGET_DIR.
/// Resolves to the process and the page's address once it says where it listens.
export async function roomServer() {
  const target = process.env.CARGO_TARGET_DIR ?? path.resolve(dist, "..", "target");
  const binary = process.env.STARHALMA_SERVER ?? path.join(target, "debug", "starhalma-server");
  // Finished games go to a database of this run's own.
  const database = path.join(os.tmpdir(), `starhalma-e2e-${process.pid}-${Date.now()}.db`);
  const args = ["--bind", "127.0.0.1", "--port", "0", "--dist", dist, "--database", `sqlite://${database}`];
  const server = spawn(binary, args, {
    stdio: ["ignore", "pipe", "inherit"],
  });
  // The run's database and its journal go with the server.
  server.on("exit", () => {
    for (const file of [database, `${database}.unwritten`, `${database}.unwritten.lock`]) {
      fs.rmSync(file, { force: true });
    }
  });
  const address = await new Promise((resolve, reject) => {
    const lines = readline.createInterface({ input: server.stdout });
    lines.on("line", (line) => {
      const found = line.match(/^listening on (\S+)/);
      if (found) resolve(found[1]);
    });
    server.on("exit", (code) => reject(new Error(`starhalma-server exited (${code})`)));
    setTimeout(() => reject(new Error("starhalma-server did not say where it listens")), 30_000);
  });
  return { server, url: `http://${address}/` };
}

/// How the board and the interface share the screen, from a probe: holes outside the
/// viewport, and holes (their centres, `margin` CSS px around) under a rectangle the interface
/// draws on.
export function boardInView(p, margin = 3) {
  const [w, h] = p.layout.window;
  const holes = p.holes.filter((hole) => Number.isFinite(hole[0]));
  const outside = holes.filter(([x, y]) => x < 0 || y < 0 || x > w || y > h).length;
  const covered = holes.filter(([x, y]) =>
    p.covered.some(([x0, y0, x1, y1]) =>
      x >= x0 - margin && x <= x1 + margin && y >= y0 - margin && y <= y1 + margin),
  ).length;
  return { holes: holes.length, outside, covered };
}

/// Checks print as they pass or fail; `finish` prints the figures and sets the exit code.
export function reporter() {
  const problems = [];
  return {
    check(ok, message) {
      if (!ok) problems.push(message);
      console.log(`${ok ? "ok  " : "FAIL"} ${message}`);
    },
    finish(figures) {
      console.log(JSON.stringify(figures));
      if (problems.length) {
        console.error(`${problems.length} check(s) failed`);
        process.exit(1);
      }
    },
  };
}

export const pixel = (png, x, y) => {
  const i = (Math.round(y) * png.width + Math.round(x)) * 4;
  return [png.data[i], png.data[i + 1], png.data[i + 2]];
};

/// Share of the pixels within `r` of (x, y) that `pred` accepts.
export const share = (png, x, y, r, pred) => {
  let hits = 0, total = 0;
  for (let yy = y - r; yy <= y + r; yy++)
    for (let xx = x - r; xx <= x + r; xx++) {
      if (xx < 0 || yy < 0 || xx >= png.width || yy >= png.height) continue;
      total++;
      if (pred(pixel(png, xx, yy))) hits++;
    }
  return hits / Math.max(total, 1);
};

/// Tools for one page: its probe, waiting on it, screenshots (named with `prefix`) and clicks.
export function pageTools(page, prefix = "") {
  const consoleErrors = [];
  page.on("console", (m) => { if (m.type() === "error") consoleErrors.push(m.text()); });
  page.on("pageerror", (e) => consoleErrors.push(String(e)));
  page.on("crash", () => consoleErrors.push("the page crashed"));
  const probe = async () => {
    const text = await page.evaluate(() => window.starhalma_probe ?? null);
    return text ? JSON.parse(text) : null;
  };
  // A timeout says what the page last showed and what it logged, so a failure in CI can be
  // told apart: a panic (console), a stalled page (same frame) or a slow one.
  const waitFor = async (what, predicate, seconds) => {
    const end = Date.now() + seconds * 1000;
    let last = null;
    while (Date.now() < end) {
      last = await probe();
      if (last && predicate(last)) return last;
      await page.waitForTimeout(100);
    }
    const seen = last
      ? `frame ${last.frame}, resting ${last.resting} (awake: ${last.awake}), screen ${last.screen}, ` +
        `ply ${last.ply}, selected ${last.selected}, ` +
        `online ${JSON.stringify(last.online)}`
      : "no probe";
    const logged = consoleErrors.length ? `; console: ${consoleErrors.join(" | ")}` : "";
    throw new Error(`${prefix}timed out after ${seconds} s waiting for ${what} (${seen}${logged})`);
  };
  const shot = async (name) => {
    const file = path.join(out, `${prefix}${name}.png`);
    // CSS pixels: on a phone the picture is what a person sees, at a modest file size. The
    // screenshot waits for a new frame, and a phone-sized canvas drawn in software can take
    // longer than Playwright's 30 s default while the computer thinks (seen once).
    await page.screenshot({ path: file, scale: "css", timeout: 120_000 });
    return PNG.sync.read(fs.readFileSync(file));
  };
  // Click, then wait until the game has counted the release and come to rest (it draws
  // frames only while something changes; software rendering draws a few a second).
  // With `rest` false only the release is waited for: after a move the page keeps drawing
  // while the marble travels and the computer answers, and the caller times that itself.
  const settled = (what, before, seconds, rest = true) =>
    waitFor(what, (p) => p.releases > before.releases && (p.resting || !rest), seconds);
  const clickAndSettle = async (x, y, rest = true) => {
    const before = await probe();
    await page.mouse.move(x, y);
    await page.waitForTimeout(50);
    await page.mouse.down();
    // Held until the game has drawn a frame with it down: a page drawing in software can
    // otherwise let the press and the release fall into one frame, and the click is lost (seen
    // once in CI, on the menu's first button).
    const held = await probe();
    await waitFor("a frame with the button held", (p) => p.frame > held.frame, 60);
    await page.mouse.up();
    // Two pages rendering in software on two cores may draw a frame every few seconds each,
    // and a picked marble's rings pulse for three seconds before the page rests.
    return settled("the click counted and the page at rest", before, 120, rest);
  };
  // Press (with `press`) the visible button for `action`.
  const pressButton = async (action, press) => {
    const p = await probe();
    const b = p.buttons.find((b) => b.action === action && b.visible);
    if (!b) throw new Error(`${prefix}no visible ${action} button`);
    return press(b.x, b.y);
  };
  const clickButton = (action) => pressButton(action, clickAndSettle);
  // Press (with `press`, `lift` px above the hole) `seat`'s marbles until one is picked up with
  // destinations; the holes as they were, and the probe after the pick (or null).
  // The marbles nearest the board's centre on screen come first: in a camp's front row a
  // marble can always step out, and every press costs frames of software rendering.
  const liftMarble = async (seat, press, lift) => {
    const { holes } = await probe();
    const shown = holes.filter((h) => Number.isFinite(h[0]));
    const [cx, cy] = [0, 1].map((k) => shown.reduce((sum, h) => sum + h[k], 0) / shown.length);
    const fromCentre = (h) => Math.hypot(h[0] - cx, h[1] - cy);
    const own = [...holes.entries()].filter(([, h]) => h[2] === seat && Number.isFinite(h[0]));
    own.sort(([, a], [, b]) => fromCentre(a) - fromCentre(b));
    for (const [i, h] of own) {
      const q = await press(h[0], h[1] - lift);
      if (q.selected === i && q.targets.length > 0) return { holes, picked: q };
    }
    return { holes, picked: null };
  };
  // A move by `seat` with the mouse: pick a marble up, preview the first ring, click it.
  // Returns the probe after the pick.
  const pickAndMove = async (seat, previewShot) => {
    const { holes, picked } = await liftMarble(seat, clickAndSettle, 6);
    if (!picked) return null;
    const target = holes[picked.targets[0]];
    await page.mouse.move(target[0], target[1]);
    await page.waitForTimeout(300);
    if (previewShot) await shot(previewShot);
    await clickAndSettle(target[0], target[1], false);
    return picked;
  };
  // The same with a finger: a tap, then a few frames.
  const tapAndSettle = async (x, y, rest = true) => {
    const before = await probe();
    await page.touchscreen.tap(x, y);
    return settled("the tap counted and the page at rest", before, 60, rest);
  };
  const tapButton = (action) => pressButton(action, tapAndSettle);
  // A move by `seat` with taps: lift a marble, tap a ring (it previews), tap it again (it
  // moves). Returns the probes after the pick and after the preview.
  const tapMove = async (seat, previewShot) => {
    const { holes, picked } = await liftMarble(seat, tapAndSettle, 4);
    if (!picked) return null;
    const target = holes[picked.targets[0]];
    const previewed = await tapAndSettle(target[0], target[1]);
    if (previewShot) await shot(previewShot);
    await tapAndSettle(target[0], target[1], false);
    return { picked, previewed };
  };
  return {
    probe, waitFor, shot, clickAndSettle, clickButton, pickAndMove, tapAndSettle, tapButton,
    tapMove, consoleErrors,
  };
}
