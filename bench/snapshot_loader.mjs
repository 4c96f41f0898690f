// PROTOTYPE, never shipped (bench/startup.py --snapshot puts it in a copy of dist/ only):
// PyScript's `interpreter` pointed at this module instead of pyodide.mjs. Same exports, but
// loadPyodide() restores a Pyodide memory snapshot when one is stored (a later visit), and
// otherwise boots as usual with `_makeSnapshot` and stores a snapshot of the interpreter as it
// stands right after its start (before PyScript or our code runs: no JavaScript object is
// referenced yet) in Cache Storage. `_loadSnapshot`, `_makeSnapshot` and makeMemorySnapshot()
// are Pyodide's private, experimental API. (The interpreter that made the snapshot gets the real
// globalThis back as `js` for the page's own run.) window.__snapshot: "restored" | "stored" | "making".
import * as pyodide from "./pyodide.mjs";

export * from "./pyodide.mjs";

const CACHE = "snapshot-prototype";
const KEY = `./pyodide/memory-snapshot-${pyodide.version}.bin`;

export async function loadPyodide(options = {}) {
  let stored = null;
  try {
    const hit = await (await caches.open(CACHE)).match(KEY);
    if (hit) stored = new Uint8Array(await hit.arrayBuffer());
  } catch (error) {
    console.warn("snapshot prototype: no cache", error);
  }
  if (stored) {
    window.__snapshot = "restored";
    return pyodide.loadPyodide({ ...options, _loadSnapshot: stored });
  }
  window.__snapshot = "making";
  const py = await pyodide.loadPyodide({ ...options, _makeSnapshot: true });
  const started = performance.now();
  const snapshot = py.makeMemorySnapshot();
  window.__snapshotMs = performance.now() - started;
  window.__snapshotBytes = snapshot.length;
  // With _makeSnapshot, Pyodide's `js` module is a tracking proxy of globalThis, on which DOM
  // getters throw "Illegal invocation" (PyScript's `hasattr(js, "document")`): put the real one back.
  py.runPython("import sys; sys.modules.pop('js', None)");
  py.registerJsModule("js", globalThis);
  caches
    .open(CACHE)
    .then((cache) => cache.put(KEY, new Response(snapshot)))
    .then(() => { window.__snapshot = "stored"; });
  return py;
}
