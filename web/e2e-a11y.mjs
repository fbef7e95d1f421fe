// End-to-end test of the page's controls for screen readers (src/web.rs, src/ui/page.rs): what
// headless Chromium's accessibility tree holds, found by role and name as a screen reader, a
// switch device or voice control finds it. The menu's buttons in each language, no loading
// words left once the game runs, and a whole two-player game against Easy played by pressing
// page buttons only (keyboard activation: no canvas clicks, no coordinates), the hint read
// from the live region, which says every move and the result, once. Then the phone: the page
// buttons shown, and moves by taps on them.
import fs from "node:fs";
import path from "node:path";
import { here, launch, pageTools, reporter, serveDist } from "./e2e-lib.mjs";

/// The game's own words (`id = value` lines of its Fluent file) for `language`.
function words(language) {
  const file = path.resolve(here, "..", "assets", "locales", language, "starhalma.ftl");
  const found = {};
  for (const line of fs.readFileSync(file, "utf8").split("\n")) {
    const m = line.match(/^([a-z0-9-]+) = (.*)$/);
    if (m) found[m[1]] = m[2];
  }
  return found;
}
const en = words("en");
const ja = words("ja");
const ne = words("ne");

const { server, url } = await serveDist();
const { check, finish } = reporter();
const figures = {};
const browser = await launch();

/// How one page is driven: `act(locator)` presses a page button (keyboard or tap).
function driver(page, act) {
  const button = (name) =>
    page.getByRole("button", typeof name === "string" ? { name, exact: true } : { name });
  const press = async (name) => act(button(name).first());
  // A secondary button waits behind "More..." in a compact layout (both windows here are).
  const pressSecondary = async (name) => {
    if ((await button(name).count()) === 0) {
      await press(/^More/);
      await button(name).first().waitFor({ state: "attached", timeout: 20_000 });
    }
    await press(name);
  };
  // Everything the live region says, in order, as a screen reader hears it (the seats'
  // symbols, drawn before the colours' names, left out).
  const listen = () =>
    page.evaluate(() => {
      const live = document.getElementById("announce");
      window.said = [];
      new MutationObserver(() => {
        const text = (live.textContent ?? "").replace(/[●▲■◆★○] /g, "");
        if (text) window.said.push(text);
      }).observe(live, { childList: true, characterData: true, subtree: true });
    });
  const said = () => page.evaluate(() => window.said);
  const heading = (name) => page.getByRole("heading", { name, exact: true });
  return { button, heading, press, pressSecondary, listen, said };
}

/// Press the button named by `pattern` until its name matches `wanted`, waiting after each
/// press for its new name (a loaded machine may take seconds to draw it).
async function cycleTo(d, pattern, wanted, secondary = false) {
  const target = d.button(pattern);
  for (let i = 0; i < 8; i++) {
    if (secondary && (await target.count()) === 0) {
      await d.press(/^More/);
      await target.first().waitFor({ state: "attached", timeout: 20_000 });
    }
    const now = await target.first().textContent({ timeout: 20_000 });
    if (wanted.test(now)) return true;
    await d.press(pattern);
    // A secondary button leaves the page when its press closes "More": gone between the count
    // and the read counts as changed (waiting on a gone button would wait its whole timeout).
    for (let t = 0; t < 200; t++) {
      const text = await target.first().textContent({ timeout: 500 }).catch(() => null);
      if (text !== now) break;
      await new Promise((ok) => setTimeout(ok, 100));
    }
  }
  return false;
}

/// Blue to Easy, Start, Speed to Instant: all from the page.
async function startAgainstEasy(d, waitFor, where) {
  check(await cycleTo(d, /Blue: /, /Blue: Easy$/), `${where}: Blue set to Easy from the page`);
  await d.press(en["menu-start"]);
  await waitFor("the game screen", (p) => p.screen === "Playing", 60);
  // Moves land at once: fewer frames in software rendering.
  await cycleTo(d, /^Speed: /, /^Speed: Instant$/, true);
  check((await d.heading("Your marbles:").count()) === 1 && (await d.button(/^R\d+ S\d+$/).count()) > 0,
    `${where}: the controls panel's marbles are page buttons`);
}

/// Red's moves by the page until the game ends or `most` moves: Hint, read from the live
/// region, then its marble and destination pressed. Returns the moves played and the probe.
async function playByPage(d, waitFor, most, minutes) {
  let moves = 0;
  const deadline = Date.now() + minutes * 60_000;
  for (;;) {
    // Red's turn, the last move landed (a press while one is moving is refused).
    const p = await waitFor("Red's turn or the end", (q) => q.over || (q.human && !q.animating && !q.thinking), 120);
    if (p.over || moves >= most || Date.now() > deadline) return { moves, probe: p };
    const heard = (await d.said()).length;
    await d.pressSecondary("Hint");
    let hint = null;
    for (let i = 0; i < 600 && !hint; i++) {
      hint = (await d.said()).slice(heard).map((t) => t.match(/^Hint: (R\d+ S\d+) to (R\d+ S\d+)$/)).find(Boolean);
      if (!hint) await new Promise((ok) => setTimeout(ok, 100));
    }
    if (!hint) throw new Error(`no hint said after move ${moves}: ${JSON.stringify((await d.said()).slice(heard))}`);
    const [, from, to] = hint;
    // The hint picked the marble up already: its destinations are on the page.
    const destination = d.button(new RegExp(`^${to}: `));
    if ((await destination.count()) === 0) await d.press(from);
    await d.press(new RegExp(`^${to}: `));
    await waitFor("Red's move played", (q) => q.ply > p.ply, 60);
    moves++;
  }
}

/// Every move said once, in order: "Red moved…"/"Blue moved…" (or passed) once per ply.
function movesSaid(said, ply) {
  const moved = said.filter((t) => /^(Red|Blue) (moved from|passed)/.test(t));
  const alternate = moved.every((t, i) => t.startsWith(i % 2 === 0 ? "Red" : "Blue"));
  return { moved: moved.length, alternate };
}

/// What the live region said by the time `probe` was taken: the page says a move (and a
/// result) a frame or more after the probe shows it, seconds later on a loaded machine, so
/// this waits (at most 20 s) until every ply and any result has been said.
async function saidBy(d, page, probe) {
  let said = await d.said();
  for (let i = 0; i < 200; i++) {
    const result = !probe.over || said.some((t) => / wins/.test(t));
    if (movesSaid(said, probe.ply).moved >= probe.ply && result) break;
    await page.waitForTimeout(100);
    said = await d.said();
  }
  return said;
}

try {
  // Small, since software rendering's time per frame grows with the pixels.
  const page = await browser.newPage({ viewport: { width: 900, height: 600 } });
  const { waitFor, consoleErrors } = pageTools(page, "a11y-");
  // A keyboard or switch user's press: focus the page's button, press Enter.
  const d = driver(page, async (target) => {
    await target.focus({ timeout: 20_000 });
    await page.keyboard.press("Enter");
  });
  const began = Date.now();
  await page.goto(url);
  await waitFor("the menu, at rest", (p) => p.screen === "Menu" && p.resting, 120);
  await d.listen();

  let snapshot = await page.locator("body").ariaSnapshot();
  check(
    !snapshot.includes(en["web-starting"]) && !snapshot.includes(en["web-loading"]),
    "no loading words in the accessibility tree once the game runs",
  );
  for (const name of [en["menu-start"], "Table", "2 players", en["button-how-to-play"], en["menu-page-controls-off"]]) {
    check((await d.button(name).count()) === 1, `the menu's "${name}" is a button on the page`);
  }
  check((await page.getByRole("heading", { name: "starhalma" }).count()) === 1, "the menu's group is headed by the game's name");
  check((await page.locator("#page-buttons").getAttribute("lang")) === "en", "the page's controls say lang=en");

  // Every language, by the language button, on the page.
  await d.press("Language: English");
  await d.button(ja["menu-start"]).waitFor({ state: "attached", timeout: 30_000 });
  check((await page.locator("#page-buttons").getAttribute("lang")) === "ja", "Japanese: lang=ja, スタート");
  await d.press(/^言語: /);
  await d.button(ne["menu-start"]).waitFor({ state: "attached", timeout: 30_000 });
  check((await page.locator("#page-buttons").getAttribute("lang")) === "ne", "Nepali: lang=ne, सुरु गर्नुहोस्");
  await d.press(/^भाषा: /);
  await d.button(en["menu-start"]).waitFor({ state: "attached", timeout: 30_000 });

  await startAgainstEasy(d, waitFor, "desktop");
  // Nothing changing on screen, nothing changes on the page (a screen reader keeps its place).
  await waitFor("Red's turn, at rest", (q) => q.human && q.resting, 120);
  const churn = await page.evaluate(async () => {
    const changes = [];
    const watch = new MutationObserver((records) => {
      for (const r of records) {
        const node = r.target.nodeType === 1 ? r.target : r.target.parentElement;
        changes.push(`${r.type} ${node?.tagName} ${r.attributeName ?? ""} "${(node?.textContent ?? "").slice(0, 40)}"`);
      }
    });
    watch.observe(document.getElementById("page-buttons"),
      { subtree: true, childList: true, characterData: true, attributes: true });
    await new Promise((ok) => setTimeout(ok, 2000));
    watch.disconnect();
    return changes;
  });
  if (churn.length) console.log(`changes at rest: ${JSON.stringify(churn.slice(0, 8))}`);
  check(churn.length === 0, `the page's controls stay as they are while the game rests (${churn.length} changes in 2 s)`);
  const { moves, probe } = await playByPage(d, waitFor, 200, 12);
  const said = await saidBy(d, page, probe);
  figures.a11y_red_moves = moves;
  figures.a11y_plies = probe.ply;
  figures.a11y_game_ms = Date.now() - began;
  figures.a11y_announcements = said.length;
  console.log(`said, last five: ${JSON.stringify(said.slice(-5))}`);
  check(probe.over, `a whole game played from the page's buttons (${moves} of Red's moves, ${probe.ply} plies)`);
  const { moved, alternate } = movesSaid(said, probe.ply);
  check(moved === probe.ply && alternate, `every move said once, in turn: ${moved} said of ${probe.ply}`);
  const last = said.filter((t) => /^(Red|Blue) (moved|passed)/.test(t)).at(-1) ?? "";
  check(/ wins/.test(last), `the result said with the last move: "${last}"`);
  // The result panel, drawn over everything, is the page's first group: its headline, then
  // its buttons.
  const resultGroup = page.locator("#page-buttons > section").first();
  const again = await resultGroup.getByRole("button", { name: en["button-play-again"], exact: true })
    .waitFor({ state: "attached", timeout: 30_000 }).then(() => true, () => false);
  const resultTitle = await resultGroup.locator("h2").textContent();
  if (!again) console.log(`the page at the end: ${await page.locator("#page-buttons").ariaSnapshot()}`);
  check(again && / wins/.test(resultTitle), `the result comes first on the page, with Play again ("${resultTitle}")`);
  check(consoleErrors.length === 0, `no console errors (${consoleErrors.join("; ")})`);
  await page.close();

  // The phone: the page buttons shown (turned on as a screen reader user would, through
  // the page's own button), then everything by taps on them.
  const context = await browser.newContext({
    viewport: { width: 390, height: 760 },
    deviceScaleFactor: 1,
    hasTouch: true,
    isMobile: true,
  });
  const phone = await context.newPage();
  const phoneTools = pageTools(phone, "a11y-phone-");
  const tapper = driver(phone, (target) => target.tap({ timeout: 20_000 }));
  const keyboard = driver(phone, async (target) => {
    await target.focus({ timeout: 20_000 });
    await phone.keyboard.press("Enter");
  });
  await phone.goto(url);
  await phoneTools.waitFor("the phone's menu", (p) => p.screen === "Menu" && p.layout.touch, 120);
  await tapper.listen();
  await keyboard.press(en["menu-page-controls-off"]);
  await tapper.button(en["menu-page-controls-on"]).waitFor({ state: "visible", timeout: 30_000 });
  check((await phone.locator("#page-buttons").getAttribute("class")) === "shown", "phone: the page buttons shown when asked");
  const start = await tapper.button(en["menu-start"]).boundingBox();
  check(start && start.height >= 44, `phone: a page button is a touch target (${start?.height} px high)`);
  await startAgainstEasy(tapper, phoneTools.waitFor, "phone");
  const phoneGame = await playByPage(tapper, phoneTools.waitFor, 3, 5);
  const phoneProbe = await phoneTools.waitFor("Blue's answer", (q) => q.over || (q.human && !q.animating), 120);
  const phoneSaid = movesSaid(await saidBy(tapper, phone, phoneProbe), phoneProbe.ply);
  figures.a11y_phone_plies = phoneProbe.ply;
  check(phoneGame.moves === 3, `phone: three of Red's moves by taps on the page (${phoneGame.moves})`);
  check(phoneSaid.moved === phoneProbe.ply && phoneSaid.alternate,
    `phone: every move said once: ${phoneSaid.moved} of ${phoneProbe.ply}`);
  check(phoneTools.consoleErrors.length === 0, `phone: no console errors (${phoneTools.consoleErrors.join("; ")})`);
  figures.a11y_total_ms = Date.now() - began;
} finally {
  await browser.close();
  server.close();
}
finish(figures);
