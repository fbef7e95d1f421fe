// End-to-end test of the web build: serves dist/ on localhost, drives Debian's chromium
// headless (WebGL2 through SwiftShader), and checks that the loading bar counts the download,
// the page keeps itself for offline play and starts again with the network off, and then,
// offline, that the board shows the seat colours, a game against the computer starts, a human
// move made with the mouse on the canvas is applied and the computer (Hard) answers, without
// console errors. A failed download is told in words. Prints the figures as JSON and saves
// screenshots in web/e2e-out/.
import { boardInView, dist, launch, out, pageTools, reporter, serveDist, share } from "./e2e-lib.mjs";
import fs from "node:fs";
import path from "node:path";

const { server, url } = await serveDist();

const browser = await launch();
const { check, finish } = reporter();
const figures = {};

try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const { probe, waitFor, shot, clickButton, pickAndMove, consoleErrors } =
    pageTools(page);
  const reddish = ([r, g, b]) => r > 110 && r > 1.8 * g && r > 1.8 * b;
  const bluish = ([r, g, b]) => b > 110 && b > 1.5 * r && b > 1.2 * g;
  let started = Date.now();
  await page.goto(url);
  await waitFor("the game's first frame", (p) => p.screen === "Menu", 60);
  figures.first_frame_ms = Date.now() - started;
  const loaded = await page.evaluate(() => window.starhalma_loading);
  const between = loaded.steps.filter((n) => n > 0 && n < loaded.total);
  figures.loading_steps = loaded.steps.length;
  check(
    loaded.total > 0 && between.length >= 3 && loaded.steps.at(-1) === loaded.total &&
      loaded.steps.every((n, i) => i === 0 || n >= loaded.steps[i - 1]),
    `the loading bar rose through ${between.length} steps to the whole ${loaded.total} bytes`,
  );

  // Offline: once the worker has kept the build, the game starts again with the network off.
  const keptFiles = await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    const names = await caches.keys();
    const cache = await caches.open(names.find((n) => n.startsWith("starhalma-")));
    return (await cache.keys()).map((r) => new URL(r.url).pathname);
  });
  check(
    ["/", "/index.html", "/starhalma.js", "/starhalma_bg.wasm", "/manifest.webmanifest"].every((f) =>
      keptFiles.includes(f)),
    `the offline copy holds the game (${keptFiles.join(" ")})`,
  );
  const manifest = await page.evaluate(async () => {
    const link = document.querySelector("link[rel=manifest]");
    return (await fetch(link.href)).json();
  });
  check(
    manifest.short_name === "starhalma" && manifest.icons.length === 2 && manifest.display === "standalone",
    "the page names a web app manifest with its icons (installable)",
  );
  await context.setOffline(true);
  started = Date.now();
  await page.reload();
  await waitFor("the game's first frame, offline", (p) => p.screen === "Menu", 60);
  figures.first_frame_offline_ms = Date.now() - started;
  check(
    !(await page.evaluate(() => navigator.onLine)),
    `with the network off the game starts again from its offline copy (${figures.first_frame_offline_ms} ms)`,
  );
  // The board is drawn behind the menu from the first frame: wait until its wood (and the
  // holes in it, warm and dark) shows at the star's near tip, below the menu's buttons, not the
  // bluish background or an empty canvas.
  let boardShown = false;
  while (Date.now() - started < 60_000) {
    const png = await shot("menu");
    const wood = share(png, 640, 650, 30, ([r, g, b]) => r > g && g > b && r > 20);
    if (wood > 0.3) { boardShown = true; break; }
    await page.waitForTimeout(200);
  }
  figures.first_board_offline_ms = Date.now() - started;
  check(boardShown, `the board is drawn (${figures.first_board_offline_ms} ms after navigation)`);
  const loading = await page.evaluate(() => document.getElementById("status").className);
  check(loading.includes("gone"), "the loading indicator is gone once the game runs");

  // A board that rests: the game asks for no animation frames while nothing changes.
  const idleFramesPerSecond = async (what) => {
    const from = await waitFor(`${what} at rest`, (p) => p.resting, 60);
    const began = Date.now();
    await page.waitForTimeout(10_000);
    const to = await probe();
    return (to.frame - from.frame) / ((Date.now() - began) / 1000);
  };
  figures.menu_idle_frames_per_s = await idleFramesPerSecond("the menu");
  check(
    figures.menu_idle_frames_per_s <= 1,
    `the menu left alone draws ${figures.menu_idle_frames_per_s.toFixed(1)} frames a second (at most 1)`,
  );

  // Menu: Blue (seat 1) from Medium to Hard, then Start. Red is the human.
  await clickButton("CycleSeat(1)");
  await clickButton("Start");
  let p = await waitFor("the game screen", (p) => p.screen === "Playing", 20);
  await page.waitForTimeout(1500); // the camera glides to Red's side
  p = await probe();
  const board = await shot("game-start");
  const holes = p.holes;
  const camp = (seat) => holes.filter((h) => h[2] === seat);
  // Each marble's sides, left and right of its top (where the seat's symbol sits).
  const seatShare = (seat, pred) =>
    camp(seat).filter((h) =>
      Math.max(share(board, h[0] - 10, h[1] - 4, 2, pred), share(board, h[0] + 10, h[1] - 4, 2, pred)) > 0.5,
    ).length / camp(seat).length;
  const red = seatShare(0, reddish), blue = seatShare(1, bluish);
  check(red > 0.7, `Red's marbles show in red (${(100 * red).toFixed(0)}%)`);
  check(blue > 0.7, `Blue's marbles show in blue (${(100 * blue).toFixed(0)}%)`);
  check(p.human && p.ply === 0, "Red (human) is to move");
  figures.game_idle_frames_per_s = await idleFramesPerSecond("Red to move");
  check(
    figures.game_idle_frames_per_s <= 1,
    `a person to move, thinking: ${figures.game_idle_frames_per_s.toFixed(1)} frames a second (at most 1)`,
  );
  p = await probe();
  const view = boardInView(p);
  figures.desktop_holes_covered = view.covered;
  check(
    p.layout.arrangement === "Side" && !p.layout.compact && view.outside === 0 && view.covered === 0,
    `desktop: side by side, ${view.holes - view.outside} of ${view.holes} holes in view, ${view.covered} under the interface`,
  );

  // Frame times, measured by the page itself.
  await page.evaluate(() => {
    window.__frames = [];
    let last = performance.now();
    const loop = (t) => {
      const probeText = window.starhalma_probe ?? "{}";
      window.__frames.push([t - last, probeText.includes('"thinking":true')]);
      last = t;
      requestAnimationFrame(loop);
    };
    requestAnimationFrame(loop);
  });

  // A human move with the mouse: press Red's marbles until one is picked up, then a ring.
  const picked = await pickAndMove(0, "preview");
  check(picked !== null, "pressing a marble picks it up and rings its destinations");
  p = await waitFor("Red's move", (p) => p.ply >= 1, 20);
  check(p.ply >= 1, "clicking a ring moves the marble");
  const thinkStart = Date.now();
  p = await waitFor("the computer's answer", (p) => p.ply >= 2 && !p.animating, 60);
  figures.computer_answer_ms = Date.now() - thinkStart;
  check(p.ply === 2 && p.human, "the computer (Hard) answered and it is Red's turn again");
  await shot("after-answer");
  // Each landing sounds, through the page's Web Audio: the player's and the computer's.
  const sounds = JSON.parse((await page.evaluate(() => window.starhalma_sounds)) ?? "{}");
  check(
    sounds.started >= 2 && sounds.state === "running",
    `both landings played a sound (${sounds.started} started, audio ${sounds.state})`,
  );
  const frames = await page.evaluate(() => window.__frames);
  const thinking = frames.filter((f) => f[1]).map((f) => f[0]);
  const all = frames.map((f) => f[0]);
  figures.frames_while_thinking = thinking.length;
  figures.longest_frame_while_thinking_ms = Math.round(Math.max(0, ...thinking));
  figures.median_frame_ms = Math.round(all.sort((a, b) => a - b)[Math.floor(all.length / 2)] ?? 0);
  figures.longest_ai_slice_ms = p.longest_slice_ms;
  figures.longest_ai_share_of_a_frame_ms = p.longest_think_per_frame_ms;
  check(thinking.length >= 1, `frames kept coming while the computer thought (${thinking.length})`);
  check(consoleErrors.length === 0, `no console errors${consoleErrors.length ? ": " + consoleErrors.join(" | ") : ""}`);
  await context.close();

  // A download that fails says so in words: a missing file, and a refused connection.
  for (const [how, fulfil] of [
    ["404", (route) => route.fulfill({ status: 404, body: "" })],
    ["refused", (route) => route.abort("connectionrefused")],
  ]) {
    const failing = await browser.newPage();
    await failing.route("**/starhalma_bg.wasm", fulfil);
    await failing.goto(url);
    await failing.waitForFunction(() => window.starhalma_loading?.phase === "failed", null, {
      timeout: 30_000,
    });
    const said = await failing.evaluate(() => document.getElementById("status-text").textContent);
    check(
      said.startsWith("The game could not be downloaded") && (how !== "404" || said.includes("404")),
      `a ${how} download is told: "${said}"`,
    );
    await failing.close();
  }

  // A phone's first visit on a slow mobile line (1.6 Mbit/s, 150 ms each way, nothing kept):
  // the time to the menu, and the bar and its words showing the download as it goes.
  const slow = await browser.newPage({ viewport: { width: 800, height: 600 } });
  const line = await slow.context().newCDPSession(slow);
  await line.send("Network.enable");
  await line.send("Network.emulateNetworkConditions", {
    offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 0.75e6 / 8,
  });
  let wasmBytes = 0;
  line.on("Network.loadingFinished", (e) => { wasmBytes = Math.max(wasmBytes, e.encodedDataLength); });
  started = Date.now();
  await slow.goto(url);
  const widths = new Set();
  let midWords = "";
  for (;;) {
    const [width, words, screen] = await slow.evaluate(() => [
      document.getElementById("bar-fill").style.width,
      document.getElementById("status-text").textContent,
      window.starhalma_probe ? JSON.parse(window.starhalma_probe).screen : null,
    ]);
    if (screen === "Menu") break;
    if (parseFloat(width) > 0 && parseFloat(width) < 100) {
      if (widths.size === 2) await slow.screenshot({ path: path.join(out, "loading.png") });
      widths.add(width);
      midWords = words;
    }
    if (Date.now() - started > 300_000) throw new Error(`no menu after 300 s on the slow line (${words})`);
    await slow.waitForTimeout(250);
  }
  figures.first_visit_slow_mobile_ms = Date.now() - started;
  figures.first_visit_slow_mobile_largest_download_kib = Math.round(wasmBytes / 1024);
  check(
    widths.size >= 3 && /\d.* of .*\d MB/.test(midWords),
    `on a 1.6 Mbit/s line the bar stood at ${widths.size} widths on its way ("${midWords}"), ` +
      `the menu after ${(figures.first_visit_slow_mobile_ms / 1000).toFixed(1)} s`,
  );
  await slow.close();
  // Without WebGL2 the page says so instead of failing silently.
  const plain = await launch({ webgl: false });
  try {
    const page2 = await plain.newPage();
    await page2.goto(url);
    await page2.waitForTimeout(1000);
    const message = await page2.evaluate(() => document.getElementById("status-text").textContent);
    check(message.includes("WebGL2"), `without WebGL2 the page explains why: "${message.slice(0, 60)}..."`);
    // In the reader's language: a Japanese browser gets assets/locales/ja's words.
    const japanese = fs
      .readFileSync(path.join(dist, "..", "assets", "locales", "ja", "starhalma.ftl"), "utf8")
      .split("\n")
      .find((l) => l.startsWith("web-no-webgl2 = "))
      .slice("web-no-webgl2 = ".length);
    const page3 = await (await plain.newContext({ locale: "ja-JP" })).newPage();
    await page3.goto(url);
    await page3.waitForTimeout(1000);
    const inJapanese = await page3.evaluate(() => [
      document.getElementById("status-text").textContent,
      document.documentElement.lang,
    ]);
    check(
      inJapanese[0] === japanese && inJapanese[1] === "ja",
      `a Japanese browser reads it in Japanese: "${inJapanese[0].slice(0, 30)}..."`,
    );
  } finally {
    await plain.close();
  }
} catch (error) {
  check(false, String(error?.stack ?? error));
} finally {
  await browser.close();
  server.close();
}
finish(figures);
