// End-to-end test of the web build on touch devices: a phone upright (412 x 860 CSS px, device
// pixel ratio 2.6), the phone turned (860 x 412) and a tablet upright (768 x 1024), each with
// touch only (the last two at pixel ratio 1: software rendering's time grows with the pixels). In each, with taps alone: start a game from the menu, lift a marble, preview a
// ring, move, and get the computer's answer. The probe must show every hole inside the viewport
// and none under a rectangle the interface draws on, buttons a finger's height and the game
// rendering at the device's pixel ratio. Screenshots go to web/e2e-out/<profile>-*.png.
import { boardInView, launch, pageTools, reporter, serveDist } from "./e2e-lib.mjs";

const profiles = [
  { name: "phone", width: 412, height: 860, scale: 2.6, arrangement: "Stacked" },
  { name: "phone-landscape", width: 860, height: 412, scale: 1, arrangement: "Side" },
  { name: "tablet", width: 768, height: 1024, scale: 1, arrangement: "Stacked" },
];

const { server, url } = await serveDist();
const { check, finish } = reporter();
const figures = {};

for (const profile of profiles) {
  const browser = await launch({ scale: profile.scale });
  const name = profile.name;
  try {
    const context = await browser.newContext({
      viewport: { width: profile.width, height: profile.height },
      deviceScaleFactor: profile.scale,
      hasTouch: true,
      isMobile: true,
    });
    const page = await context.newPage();
    const tools = pageTools(page, `${name}-`);
    const { probe, waitFor, shot, tapButton, tapMove, consoleErrors } = tools;
    const started = Date.now();
    await page.goto(url);
    let p = await waitFor("the menu", (p) => p.screen === "Menu", 90);
    figures[`${name}_first_frame_ms`] = Date.now() - started;
    // The page settles into the device's viewport over its first frames (a mobile page starts
    // wider); tap once the menu is laid out for it.
    const laidOut = (p) =>
      Math.abs(p.layout.window[0] - profile.width) < 1 &&
      Math.abs(p.layout.window[1] - profile.height) < 1;
    p = await waitFor("the menu laid out for the viewport, at rest", (q) => laidOut(q) && q.resting, 90);
    await shot("menu");
    check(
      Math.abs(p.layout.scale - profile.scale) < 0.01 && p.layout.touch,
      `${name}: rendered at pixel ratio ${p.layout.scale}, laid out for touch (${p.layout.touch})`,
    );
    await tapButton("Start");
    p = await waitFor("the game screen", (p) => p.screen === "Playing", 60);
    await page.waitForTimeout(2500); // the camera glides to the player's side
    p = await probe();
    await shot("game");
    const atStart = boardInView(p);
    check(
      p.layout.arrangement === profile.arrangement && p.layout.compact,
      `${name}: ${p.layout.arrangement} and compact`,
    );
    check(
      atStart.outside === 0 && atStart.holes === 121,
      `${name}: all ${atStart.holes} holes inside the ${profile.width}x${profile.height} viewport (${atStart.outside} outside)`,
    );
    check(atStart.covered === 0, `${name}: no hole under the interface (${atStart.covered} covered)`);
    const shown = p.buttons.filter((b) => b.visible);
    const lowest = Math.min(...shown.map((b) => b.h));
    check(lowest >= 43.5, `${name}: every shown button at least 44 CSS px tall (lowest ${lowest})`);
    check(
      ["ToggleMore", "Undo", "Resign"].every((a) => shown.some((b) => b.action === a)) &&
        !shown.some((b) => b.action === "Hint"),
      `${name}: More, Undo and Resign one tap away; Hint behind More`,
    );

    const moved = await tapMove(0, "preview");
    check(moved !== null, `${name}: a tap lifts a marble and rings its destinations`);
    if (moved) {
      check(moved.previewed.ply === 0, `${name}: the first tap on a ring previews the move`);
      const during = boardInView(moved.picked);
      figures[`${name}_holes_covered_while_choosing`] = during.covered;
      check(during.covered === 0, `${name}: with the panel listing moves, no hole covered (${during.covered})`);
    }
    p = await waitFor("Red's move", (p) => p.ply >= 1, 60);
    check(p.ply >= 1, `${name}: the second tap moves the marble`);
    const asked = Date.now();
    p = await waitFor("the computer's answer", (p) => p.ply >= 2 && !p.animating, 120);
    figures[`${name}_computer_answer_ms`] = Date.now() - asked;
    check(p.ply === 2 && p.human, `${name}: the computer answered; Red to move again`);
    await shot("after-answer");
    // "More" opens the secondary buttons with a tap.
    await tapButton("ToggleMore");
    p = await probe();
    check(p.buttons.some((b) => b.action === "Hint" && b.visible), `${name}: More shows Hint`);
    await shot("more");
    check(consoleErrors.length === 0, `${name}: no console errors${consoleErrors.length ? ": " + consoleErrors.join(" | ") : ""}`);
  } catch (error) {
    check(false, `${name}: ${error?.stack ?? error}`);
  } finally {
    await browser.close();
  }
}
server.close();
finish(figures);
