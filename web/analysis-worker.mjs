// Videau's analysis worker: grades parts of a match off the page's thread (#44).
//
// app/records/analysis_workers.py starts one to four of these (a dedicated module Worker each,
// one per core the browser reports) only when Analyse is asked, and ends them when the analysis
// is done or cancelled (terminate(): Cancel is immediate). Each loads, all from this origin, what
// the page loads: ./config.json's files (the core's wheel and app.zip, the bytecode beside the
// sources) unpacked under APP_DIR, and Pyodide from ./pyodide/ (nothing from a CDN, no package).
// The Python side is core.analysis.split.PartRunner.
//
// Messages from the page:  {op: "job", data: Uint8Array}   the match and depth (pack_job's bytes)
//                          {op: "part", id, start, stop}  grade decisions start..stop-1
// Messages to the page:    {ready: ms}                    Python started, the net loaded
//                          {part: id, decision: Uint8Array}  the next decision of part id (pack_decision)
//                          {part: id, end: count}         part id done: that many decisions
//                          {fatal: "..."}                 Python could not start or a part failed

import { loadPyodide } from "./pyodide/pyodide.mjs";

const BASE = new URL("./", import.meta.url);
const APP_DIR = "/home/pyodide/videau-analysis";
// What config.json may name: a wheel or a zip of this site, unpacked at the root ("./*").
const ARCHIVE = /^\.\/(?:wheels\/)?[A-Za-z0-9_.-]+\.(?:whl|zip)$/;
const started = performance.now();
let runtime = null;

async function fetchOk(path) {
  const response = await fetch(new URL(path, BASE));
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return response;
}

function boot() {
  runtime ??= (async () => {
    const config = await (await fetchOk("./config.json")).json();
    const archives = Object.entries(config.files ?? {})
      .filter(([, to]) => to === "./*")
      .map(([from]) => from);
    if (archives.length === 0 || !archives.every((path) => ARCHIVE.test(path))) {
      throw new Error("config.json: no archive to load, or a bad path");
    }
    const [pyodide, ...buffers] = await Promise.all([
      loadPyodide({ indexURL: new URL("./pyodide/", BASE).href, stdout: () => {}, stderr: () => {} }),
      ...archives.map((path) => fetchOk(path).then((r) => r.arrayBuffer())),
    ]);
    pyodide.FS.mkdirTree(APP_DIR);
    // in config.json's order, as PyScript does: app.zip's bytecode lands beside the wheel's sources
    for (const buffer of buffers) pyodide.unpackArchive(buffer, "zip", { extractDir: APP_DIR });
    pyodide.runPython(
      `import sys\nsys.path.insert(0, "${APP_DIR}")\n` +
        "from core.analysis.split import PartRunner\n" +
        "runner = PartRunner()\n" +
        "runner.warm()\n" +
        "def load(data):\n    runner.load(data.to_bytes())\n",
    );
    return { load: pyodide.globals.get("load"), run: pyodide.globals.get("runner").run };
  })();
  return runtime;
}

function fail(error) {
  self.postMessage({ fatal: String(error?.message ?? error) });
}

self.addEventListener("message", async (event) => {
  const message = event.data;
  if (message === null || typeof message !== "object") return;
  let python;
  try {
    python = await boot();
  } catch (error) {
    fail(error);
    return;
  }
  try {
    if (message.op === "job" && message.data instanceof Uint8Array) {
      python.load(message.data);
    } else if (message.op === "part" && Number.isInteger(message.start) && Number.isInteger(message.stop)) {
      const id = message.id;
      const count = python.run(message.start, message.stop, (bytes) => {
        const data = bytes.toJs(); // a copy: the Python bytes go with the call
        self.postMessage({ part: id, decision: data }, [data.buffer]);
      });
      self.postMessage({ part: id, end: count });
    }
  } catch (error) {
    fail(error);
  }
});

// Start Python at once: the page starts this worker only when it has work for it.
boot().then(
  () => self.postMessage({ ready: Math.round(performance.now() - started) }),
  fail,
);
