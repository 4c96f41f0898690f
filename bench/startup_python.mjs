// What Videau's own Python costs at start, inside real Pyodide under Node (offline).
//
//   ./build.sh build && node bench/startup_python.mjs [--stdlib PATH] [--rounds N] [--importtime]
//
// Each round is a fresh Pyodide (a fresh interpreter, like a page load): time to
// loadPyodide(), then, with dist/'s videau.zip written in the working directory and put on
// sys.path as the page does, the import of each module the page imports at start (in the order main.py
// reaches them, each one's own time: what it and the modules it is the first to pull in cost),
// the first render (build_view + render_board of a new match) and the texts of the page.
// `pyscript` is a stand-in JS module (document and window are plain objects): nothing here
// touches a DOM. --stdlib: another python_stdlib.zip (e.g. a precompiled one) to load.
// --importtime: print CPython's `-X importtime` tree of the first round (stderr).
// Prints medians in ms. Nothing here is a test.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { loadPyodide } from "pyodide";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const argv = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : fallback;
};
const rounds = Number(opt("--rounds", "5"));
const stdlib = opt("--stdlib", null);
const importtime = argv.includes("--importtime");
const dist = path.join(root, opt("--dist", "dist"));

// The modules app.page.app imports at module level, leaves first (as reached from main.py).
const MODULES = [
  "json", "dataclasses", "typing", "re", "zlib",
  "core.errors", "core.position", "core.moves", "core.turn", "core.game", "core.match", "core.state",
  "app.text", "app.board.places", "app.board.view", "app.board.render", "app.board.messages",
  "app.dom", "app.page.auto_play", "app.page.board_input.moved", "app.page.storage.match_store", "app.page.browser",
  "app.page.board_input.animation", "app.page.board_input.tap", "app.page.board_input.drag",
  "app.page.board_input.focus_moves", "app.page.board_input.keys", "app.page.clock.clock_text", "app.page.clock.page_clock",
  "app.page.computer.opponent", "app.page.computer.turns", "app.page.dialogs.match_length", "app.page.dice.byte_dice",
  "app.page.dice.dice_source", "app.page.dialogs.match_dialogs", "app.page.link.link_keys", "app.page.link.link_boot",
  "app.page.screen.buttons", "app.page.screen.firstboard", "app.page.screen.movelog", "app.page.screen.page_view",
  "app.page.storage.saving",
  "app.page.app",
];

const PY = `
import sys, time
out = {}
def timed(name, fn):
    t = time.perf_counter(); fn(); out[name] = (time.perf_counter() - t) * 1000
before = set(sys.modules)
t_all = time.perf_counter()
for name in MODULES:
    timed("import " + name, lambda: __import__(name))
out["imports, all"] = (time.perf_counter() - t_all) * 1000
out["modules loaded by the imports"] = len(set(sys.modules) - before)
from app.board.render import render_board
from app.board.view import build_view
from app.text import t
from core.match import Match
from app.page.screen.firstboard import DEFAULT_LENGTH
timed("first render (build_view + render_board, new match)", lambda: render_board(build_view(Match.new(DEFAULT_LENGTH), lang="en")))
timed("second render (same)", lambda: render_board(build_view(Match.new(DEFAULT_LENGTH), lang="en")))
timed("texts: 50 lookups t(lang, key)", lambda: [t("fr", "button.new_match") for _ in range(50)])
timed("import app.records.panel (after ready)", lambda: __import__("app.records.panel"))
out
`;

const samples = [];
for (let n = 0; n < rounds; n++) {
  const t0 = performance.now();
  const py = await loadPyodide({
    ...(stdlib ? { stdLibURL: path.resolve(stdlib) } : {}),
    ...(importtime && n === 0 ? { args: ["-X", "importtime"] } : {}),
    stdout: () => {},
    stderr: importtime && n === 0 ? (line) => console.error(line) : () => {},
  });
  const boot = performance.now() - t0;
  const t1 = performance.now();
  py.FS.mkdirTree("/home/pyodide");
  py.FS.chdir("/home/pyodide");
  py.FS.writeFile("/home/pyodide/videau.zip", new Uint8Array(fs.readFileSync(path.join(dist, "videau.zip"))));
  const unpack = performance.now() - t1;
  py.registerJsModule("pyscript", { document: {}, window: { navigator: { languages: [] } } });
  py.runPython("import sys; sys.path.insert(0, '/home/pyodide/videau.zip')");
  py.globals.set("MODULES", py.toPy(MODULES));
  const result = py.runPython(PY).toJs({ dict_converter: Object.fromEntries });
  samples.push({ "loadPyodide()": boot, "write videau.zip": unpack, ...result });
  console.error(`round ${n + 1}: boot ${boot.toFixed(0)} ms, imports ${result["imports, all"].toFixed(0)} ms`);
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
console.log(`${rounds} fresh interpreters; medians, ms${stdlib ? ` (stdlib: ${stdlib})` : ""}`);
for (const key of Object.keys(samples[0])) {
  console.log(`${median(samples.map((s) => s[key])).toFixed(1).padStart(9)}  ${key}`);
}
