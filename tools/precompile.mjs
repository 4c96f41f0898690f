// Runs tools/precompile.py inside Pyodide under Node (the Python that will import the bytecode):
//
//   node tools/precompile.mjs dist [--ours-only] [--plain]
//
// DIST is mounted at /dist; see tools/precompile.py for what is compiled and why (and the option).
// Then (not with --ours-only) a second Pyodide, started from the standard-library zip just
// written and its sitecustomize recording, records the code dataclasses generate on the page's
// start (precompile.py --record-dataclasses).
import path from "node:path";
import { fileURLToPath } from "node:url";

import { loadPyodide } from "pyodide";

const tools = path.dirname(fileURLToPath(import.meta.url));
const dist = process.argv[2];
const options = process.argv.slice(3);
if (!dist) {
  console.error("usage: node tools/precompile.mjs DIST_DIR");
  process.exit(2);
}
const output = { stdout: (s) => console.log(s), stderr: (s) => console.error(s) };

async function run(pyodide, args) {
  // the page's `pyscript` module, enough for its modules to import outside a page
  pyodide.registerJsModule("pyscript", { document: {}, window: { navigator: { languages: [] } } });
  pyodide.FS.mkdirTree("/dist");
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: path.resolve(dist) }, "/dist");
  pyodide.FS.mkdirTree("/tools");
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: tools }, "/tools");
  pyodide.globals.set("precompile_options", pyodide.toPy(args));
  try {
    pyodide.runPython(`
import runpy, sys
sys.argv = ["/tools/precompile.py", "/dist", *precompile_options]
runpy.run_path(sys.argv[0], run_name="__main__")
`);
  } catch (error) {
    console.error(String(error));
    process.exit(1);
  }
}

await run(await loadPyodide(output), options);
if (!options.includes("--ours-only") && !options.includes("--plain")) {
  const recorder = await loadPyodide({
    ...output,
    stdLibURL: path.resolve(dist, "pyodide", "python_stdlib.zip"),
    env: { HOME: "/home/pyodide", VIDEAU_RECORD_DATACLASSES: "1" },
  });
  await run(recorder, ["--record-dataclasses"]);
}
