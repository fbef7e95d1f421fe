// Strips comments, indentation and blank lines from the WGSL files under each directory given
// (web/build.sh runs it on its patched copies of Bevy's crates). The shaders are embedded in
// the wasm as text, and in bevy_pbr's a third of the bytes are comments and indentation.
// WGSL has no string literals, so `//` and `/*` always begin comments; block comments nest.
// naga_oil's directives (`#import`, `#ifdef`, ...) are whole lines and stay as they are.
import fs from "node:fs";
import path from "node:path";

/// The text without comments (a line comment's line break stays, so lines keep apart).
function stripComments(text) {
  let out = "";
  let depth = 0; // block comments open
  for (let i = 0; i < text.length; i++) {
    const two = text.slice(i, i + 2);
    if (depth > 0) {
      if (two === "/*") { depth++; i++; } else if (two === "*/") { depth--; i++; }
      // A block comment's line breaks stay: a directive after it must begin its own line.
      else if (text[i] === "\n") out += "\n";
    } else if (two === "/*") { depth = 1; i++; }
    else if (two === "//") { while (i + 1 < text.length && text[i + 1] !== "\n") i++; }
    else out += text[i];
  }
  return out;
}

function minify(text) {
  const lines = stripComments(text).split("\n").map((line) => line.trim()).filter((l) => l);
  return lines.join("\n") + "\n";
}

function walk(dir, found = []) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, found);
    else if (entry.name.endsWith(".wgsl")) found.push(full);
  }
  return found;
}

let before = 0, after = 0;
for (const dir of process.argv.slice(2)) {
  for (const file of walk(dir)) {
    const text = fs.readFileSync(file, "utf8");
    const small = minify(text);
    before += text.length;
    after += small.length;
    fs.writeFileSync(file, small);
  }
}
console.log(`   WGSL: ${before} bytes of text, ${after} without comments and indentation`);
