// End-to-end test of playing a friend by link: starts the room server on the web build
// (`starhalma-server --dist dist`, port 0), then two pages in two browsers (each with its own
// local storage, where seat tokens live). Page A opens a room from the menu and
// reads its link; page B opens the link and takes the open seat; both move with real pointer
// input on the canvas, and both pages show both moves; B reloads (from its offline copy) and
// takes its seat back. The server sends the wasm compressed. Screenshots: web/e2e-out/online-*.
// The server binary: $STARHALMA_SERVER, else the one `cargo test --workspace` built under
// $CARGO_TARGET_DIR.
import { launch, pageTools, reporter, roomServer } from "./e2e-lib.mjs";

const { server, url } = await roomServer();

// One browser each: a page that is not the focused one of its browser gets no animation frames
// in headless Chromium, and the game stops with them. Each browser also has its own local
// storage, where the seat tokens live.
const browsers = [await launch(), await launch()];
const { check, finish } = reporter();
const figures = {};

try {
  const contexts = await Promise.all(browsers.map((b) => b.newContext()));
  const [pageA, pageB] = await Promise.all(
    contexts.map((c) => c.newPage({ viewport: { width: 1280, height: 800 } })),
  );
  const a = pageTools(pageA, "online-a-");
  const b = pageTools(pageB, "online-b-");

  // The server sends the wasm's brotli twin; the loading bar still counts to the whole.
  let wasmEncoding = null;
  pageA.on("response", async (response) => {
    if (response.url().endsWith("/starhalma_bg.wasm")) {
      wasmEncoding = (await response.allHeaders())["content-encoding"] ?? "none";
    }
  });

  // A: the menu's Play online page opens a room (two players, the table's rules by default).
  await pageA.goto(url);
  await a.waitFor("A's menu", (p) => p.screen === "Menu", 60);
  const loaded = await pageA.evaluate(() => window.starhalma_loading);
  check(wasmEncoding === "br", `the server sent the wasm brotli-compressed (${wasmEncoding})`);
  check(
    loaded.total > 0 && loaded.steps.at(-1) === loaded.total,
    `the loading bar counted the compressed download to its whole ${loaded.total} bytes`,
  );
  // Play online opens its page; "New private table" opens a room there.
  await a.clickButton("OpenOnline");
  await a.waitFor(
    "A's Play online page",
    (p) => p.buttons.some((b) => b.action === "PlayFriend" && b.visible),
    30,
  );
  await a.clickButton("PlayFriend");
  let pa = await a.waitFor("A's room", (p) => p.online.phase === "InRoom" && p.online.link, 30);
  const link = pa.online.link;
  check(link.startsWith(url + "?room="), `A got a link to send: ${link}`);
  check(pa.online.seat === 0 && !pa.online.started, "A is Red, waiting for a friend");
  await a.shot("waiting");

  // B: opens the link, and is seated by it (no button pressed): the invitation seats.
  const opened = Date.now();
  await pageB.goto(link);
  let pb = await b.waitFor("B seated by the link", (p) => p.online.seat === 1 && p.online.started, 60);
  figures.join_ms = Date.now() - opened;
  check(pb.screen === "Playing", "the link opens the game with B in seat 1 (Blue), nothing pressed");
  pa = await a.waitFor("A sees the game start", (p) => p.online.started && p.online.names[1] !== "", 30);
  check(
    pa.online.names.every((n) => n !== "") && pb.online.names.every((n) => n !== ""),
    `play started on both pages with both names shown (${pa.online.names.join(", ")})`,
  );
  await pageA.waitForTimeout(1500); // the camera glides to each player's side

  // A (Red) moves with the mouse; B sees it.
  const moveStart = Date.now();
  check((await a.pickAndMove(0, "preview")) !== null, "A picked up a marble and moved it");
  pa = await a.waitFor("A's move applied", (p) => p.ply === 1 && !p.animating, 30);
  pb = await b.waitFor("A's move on B", (p) => p.ply === 1 && !p.animating, 30);
  figures.move_seen_by_friend_ms = Date.now() - moveStart;
  check(pb.moves[0] === pa.moves[0], `B shows A's move (${pa.moves[0]})`);

  // B (Blue) moves with the mouse; A sees it.
  check((await b.pickAndMove(1, "preview")) !== null, "B picked up a marble and moved it");
  pb = await b.waitFor("B's move applied", (p) => p.ply === 2 && !p.animating, 30);
  pa = await a.waitFor("B's move on A", (p) => p.ply === 2 && !p.animating, 30);
  check(
    JSON.stringify(pa.moves) === JSON.stringify(pb.moves),
    `both pages show both moves (${pa.moves.join(" | ")})`,
  );
  check(pa.human && !pb.human, "Red is to move again on A, and B waits");
  await a.shot("after");
  await b.shot("after");

  // B reloads: its token (local storage) takes the seat back.
  await pageB.reload();
  pb = await b.waitFor("B back in its seat", (p) => p.online.seat === 1 && p.ply === 2, 60);
  const fromCache = await pageB.evaluate(() => navigator.serviceWorker.controller !== null);
  check(fromCache, "after a reload B is back in seat 1 with both moves, its page from the offline copy");
  const errors = [...a.consoleErrors, ...b.consoleErrors];
  check(errors.length === 0, `no console errors${errors.length ? ": " + errors.join(" | ") : ""}`);
} catch (error) {
  check(false, String(error?.stack ?? error));
} finally {
  await Promise.all(browsers.map((b) => b.close()));
  server.kill();
}
finish(figures);
