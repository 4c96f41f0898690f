// Runs a Python script inside real Pyodide under Node, offline, with the repository
// mounted at /project and made the working directory; the script's output is printed.
//
//   node bench/run_in_pyodide.mjs bench/movegen.py [script arguments]
//
// Used by the benchmarks to time the core in the interpreter the browser runs.
import path from "node:path";
import { fileURLToPath } from "node:url";

import { loadPyodide } from "pyodide";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const [script, ...args] = process.argv.slice(2);
if (!script) {
  console.error("usage: node bench/run_in_pyodide.mjs SCRIPT [ARGS...]");
  process.exit(2);
}
const pyodide = await loadPyodide();
pyodide.FS.mkdirTree("/project");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root }, "/project");
pyodide.FS.chdir("/project");
pyodide.globals.set("script_argv", pyodide.toPy([path.join("/project", script), ...args]));
try {
  await pyodide.runPythonAsync(`
import runpy, sys
sys.path.insert(0, "/project")
sys.argv = list(script_argv)
runpy.run_path(sys.argv[0], run_name="__main__")
`);
} catch (error) {
  console.error(String(error));
  process.exit(1);
}
