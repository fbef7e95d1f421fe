// Runs a wasm32-wasip1 program under Node's WASI (V8, the engine of Chromium's pages), with its
// arguments: `node scripts/wasi-run.mjs PROGRAM.wasm [ARGS...]`. Used to time the AI's search as
// the web build runs it (crates/ai/examples/web_speed.rs).
import { readFile } from "node:fs/promises";
import { WASI } from "node:wasi";
import { argv } from "node:process";

const [program, ...args] = argv.slice(2);
const wasi = new WASI({ version: "preview1", args: [program, ...args] });
const module = await WebAssembly.compile(await readFile(program));
const instance = await WebAssembly.instantiate(module, wasi.getImportObject());
wasi.start(instance);
