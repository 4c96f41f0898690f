// Videau's analysis worker: grades parts of a match off the page's thread (#44).
//
// app/records/analysis_workers.py starts one to four of these (a dedicated module Worker each,
// one per core the browser reports) only when Analyse is asked, and ends them when the analysis
// is done or cancelled (terminate(): Cancel is immediate). Each loads, all from this origin, what
// the page loads: ./config.json's files written under APP_DIR as the page has them (videau.zip, the
// core and the app package with their bytecode, put on sys.path like every .zip it names; an
// archive mapped to "./*" would be unpacked there), and Pyodide from ./pyodide/ (nothing from a
// CDN, no package).
// The Python side is core.analysis.split.PartRunner.
//
// The practice dialog starts one too (app/page/practice/grader.py, name "videau-practice") to grade
// its cards: core.analysis.cards.CardGrader, JSON text in and out.
//
// Messages from the page:  {op: "job", data: Uint8Array}   the match and depth (pack_job's bytes)
//                          {op: "part", id, start, stop}  grade decisions start..stop-1
//                          {op: "grade", id, request}     grade a practice answer (pack_grading's text)
// Messages to the page:    {ready: ms}                    Python started, the net loaded
//                          {part: id, decision: Uint8Array}  the next decision of part id (pack_decision)
//                          {part: id, end: count}         part id done: that many decisions
//                          {graded: id, reply: "..."}     the practice answer graded (CardGrader.grade's text)
//                          {fatal: "..."}                 Python could not start or a part failed

import { loadPyodide } from "./pyodide/pyodide.mjs";

const BASE = new URL("./", import.meta.url);
const APP_DIR = "/home/pyodide"; // where PyScript writes them in the page (the bytecode names these paths)
// What config.json may name: a wheel or a zip of this site, written as a file ("./videau.zip")
// or unpacked at the root ("./*").
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
    const files = Object.entries(config.files ?? {});
    if (files.length === 0 || !files.every(([from, to]) => ARCHIVE.test(from) && (to === "./*" || ARCHIVE.test(to)))) {
      throw new Error("config.json: no file to load, or a bad path");
    }
    performance.mark("videau:worker-config");
    const [pyodide, ...buffers] = await Promise.all([
      loadPyodide({ indexURL: new URL("./pyodide/", BASE).href, stdout: () => {}, stderr: () => {} }),
      ...files.map(([from]) => fetchOk(from).then((r) => r.arrayBuffer())),
    ]);
    performance.mark("videau:worker-pyodide");
    pyodide.FS.mkdirTree(APP_DIR);
    const zips = [];
    // in config.json's order, as PyScript does
    files.forEach(([, to], i) => {
      if (to === "./*") {
        pyodide.unpackArchive(buffers[i], "zip", { extractDir: APP_DIR });
      } else {
        const path = `${APP_DIR}/${to.slice(2)}`;
        pyodide.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
        pyodide.FS.writeFile(path, new Uint8Array(buffers[i]));
        if (path.endsWith(".zip")) zips.push(path);
      }
    });
    const paths = JSON.stringify([...zips, APP_DIR]);
    performance.mark("videau:worker-unpacked");
    pyodide.runPython(
      `import sys\nsys.path[:0] = ${paths}\n` +
        "from core.analysis.split import PartRunner\n" +
        "from core.analysis.cards import CardGrader\n" +
        "runner = PartRunner()\n" +
        "grader = CardGrader()\n" +
        "import js\njs.performance.mark('videau:worker-imported')\n" +
        "runner.warm()\n" +
        "def load(data):\n    runner.load(data.to_bytes())\n",
    );
    return {
      load: pyodide.globals.get("load"),
      run: pyodide.globals.get("runner").run,
      grade: pyodide.globals.get("grader").grade,
    };
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
      performance.mark("videau:worker-loaded");
    } else if (message.op === "part" && Number.isInteger(message.start) && Number.isInteger(message.stop)) {
      const id = message.id;
      performance.mark(`videau:part-${id}-start`);
      const count = python.run(message.start, message.stop, (bytes) => {
        const data = bytes.toJs(); // a copy: the Python bytes go with the call
        self.postMessage({ part: id, decision: data }, [data.buffer]);
      });
      performance.mark(`videau:part-${id}-end`);
      self.postMessage({ part: id, end: count });
    } else if (message.op === "grade" && typeof message.request === "string") {
      self.postMessage({ graded: message.id, reply: python.grade(message.request) });
    }
  } catch (error) {
    fail(error);
  }
});

// Start Python at once: the page starts this worker only when it has work for it.
boot().then(
  () => {
    performance.mark("videau:worker-ready");
    self.postMessage({ ready: Math.round(performance.now() - started) });
  },
  fail,
);
