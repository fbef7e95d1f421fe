// The web page's own words (shown before the game runs: loading, its progress, no WebGL2, a
// failed download or start) in every language of the game, read from
// assets/locales/*/starhalma.ftl, written into index.html in place of its English-only table.
// Run by web/build.sh:
//   node web/page-words.mjs web/index.html > dist/index.html
import fs from "node:fs";
import path from "node:path";

const here = path.dirname(new URL(import.meta.url).pathname);
const locales = path.join(here, "..", "assets", "locales");
const ids = [
  "web-loading", "web-downloading", "web-starting", "web-no-webgl2", "web-download-failed",
  "web-start-failed",
];
const words = {};
for (const language of fs.readdirSync(locales).sort()) {
  const ftl = fs.readFileSync(path.join(locales, language, "starhalma.ftl"), "utf8");
  words[language] = {};
  for (const id of ids) {
    // These messages are one line each, with `{ $name }` placeables at most.
    const line = ftl.split("\n").find((l) => l.startsWith(`${id} = `));
    if (!line) throw new Error(`${language}: no message ${id}`);
    words[language][id] = line.slice(id.length + 3);
  }
}
const page = fs.readFileSync(process.argv[2], "utf8");
const table = /\/\*words\*\/[\s\S]*?\/\*end words\*\//;
if (!table.test(page)) throw new Error("index.html has no /*words*/ ... /*end words*/ table");
process.stdout.write(page.replace(table, `/*words*/${JSON.stringify(words)}/*end words*/`));
