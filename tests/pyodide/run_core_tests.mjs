// Runs the core's tests (tests/core and the doctests of core/) inside real Pyodide under Node,
// with no network: the CPython we test with is not the Python the browser runs.
//
//   node tests/pyodide/run_core_tests.mjs [extra pytest arguments]
//
// Needs `npm ci` (node_modules/pyodide) and the pure-Python wheels of pytest and hypothesis
// listed in tests/pyodide/requirements.txt, which ./build.sh downloads into
// .cache/pyodide-wheels/. The repository is mounted read-write at /project (NODEFS).
// Exits with pytest's exit code.

import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { loadPyodide } from "pyodide";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const wheelDir = path.join(root, ".cache", "pyodide-wheels");

const started = performance.now();
const pyodide = await loadPyodide();
const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");

let wheels;
try {
  wheels = (await readdir(wheelDir)).filter((name) => name.endsWith(".whl"));
} catch {
  wheels = [];
}
if (wheels.length === 0) {
  console.error(`No wheels in ${wheelDir}: run ./build.sh test (or ./build.sh deps) first.`);
  process.exit(2);
}
for (const name of wheels) {
  const buffer = await readFile(path.join(wheelDir, name));
  pyodide.unpackArchive(new Uint8Array(buffer), "wheel", { extractDir: sitePackages });
}

pyodide.FS.mkdirTree("/project");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root }, "/project");
const loadSeconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`Pyodide ${pyodide.version} (${pyodide.runPython("import sys; sys.version.split()[0]")})`
  + ` loaded with ${wheels.length} wheels in ${loadSeconds} s`);

// Run from the repository root, as under CPython (Hypothesis keeps .hypothesis/ there).
pyodide.FS.chdir("/project");

const args = [
  "/project/tests/core",
  "/project/core",
  "--rootdir=/project",
  "-c", "/project/pyproject.toml",
  "-q",
  "-p", "no:cacheprovider",
  ...process.argv.slice(2),
];
pyodide.globals.set("pytest_args", pyodide.toPy(args));
let code;
try {
  code = await pyodide.runPythonAsync(`
import pytest
int(pytest.main(list(pytest_args)))
`);
} catch (error) {
  console.error(error);
  code = 3;
}
process.exit(code);
