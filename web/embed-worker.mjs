// Videau's embed worker: ONE Pyodide for every embed of the origin.
//
// embed.js starts it as a SharedWorker (module type, name "videau-embed"), so ten diagrams on a
// tutorial page share one runtime and one start (about 3 s) instead of ten; where SharedWorker is
// missing it runs as a dedicated Worker, one per embed. It loads, all from this origin:
//   ./embed.json       the manifest written by tools/gen_embed_manifest.py (wheel, modules, build)
//   ./pyodide/         Pyodide's runtime (no package is loaded, nothing comes from a CDN)
//   ./wheels/videau-*.whl and ./app/**/*.py: the rules core and the files of the `app` package
//                      that the embed imports, written at the same paths under APP_DIR
// and answers each port's requests with app.embed.host.HOST.handle (web/app/embed/host.py), which takes and
// returns JSON text. Requests: {op: "open" | "act" | "close", session, ...}; answers:
// {session, reply: "<JSON text>", build, runtime} or, when Python cannot start, {session, fatal: "..."}.

import { loadPyodide } from "./pyodide/pyodide.mjs";

const BASE = new URL("./", import.meta.url);
const APP_DIR = "/home/pyodide/videau";
// A module's path in the manifest: ./app/, then folders and a file of plain Python names (no "..").
const MODULE_PATH = /^\.\/app\/(?:[a-z_][a-z0-9_]*\/)*[a-z_][a-z0-9_]*\.py$/;
// The entry module: a dotted name inside the app package.
const ENTRY_NAME = /^app(?:\.[a-z_][a-z0-9_]*)+$/;

// Names this worker's runtime: every embed it serves shows the same (tests check the sharing).
const RUNTIME_ID = globalThis.crypto?.randomUUID?.() ?? String(Math.random()).slice(2);
let runtime = null;

async function fetchOk(path) {
  const response = await fetch(new URL(path, BASE), { cache: "no-cache" });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return response;
}

function boot() {
  runtime ??= (async () => {
    const manifest = await (await fetchOk("./embed.json")).json();
    if (!manifest.modules.every((path) => typeof path === "string" && MODULE_PATH.test(path))) {
      throw new Error("embed.json: bad module path");
    }
    if (typeof manifest.entry !== "string" || !ENTRY_NAME.test(manifest.entry)) {
      throw new Error("embed.json: bad entry module");
    }
    const names = manifest.modules.map((path) => path.slice(2)); // "app/board/view.py"
    const [pyodide, wheel, ...sources] = await Promise.all([
      loadPyodide({ indexURL: new URL("./pyodide/", BASE).href }),
      fetchOk(manifest.wheel).then((r) => r.arrayBuffer()),
      ...manifest.modules.map((path) => fetchOk(path).then((r) => r.text())),
    ]);
    pyodide.FS.mkdirTree(APP_DIR);
    pyodide.unpackArchive(wheel, "wheel", { extractDir: APP_DIR });
    names.forEach((name, i) => {
      pyodide.FS.mkdirTree(`${APP_DIR}/${name.slice(0, name.lastIndexOf("/"))}`);
      pyodide.FS.writeFile(`${APP_DIR}/${name}`, sources[i]);
    });
    const handle = pyodide.runPython(
      `import importlib, sys\nsys.path.insert(0, "${APP_DIR}")\nimportlib.invalidate_caches()\n` +
        `import ${manifest.entry}\n${manifest.entry}.HOST.handle`,
    );
    return { handle, build: manifest.build };
  })();
  return runtime;
}

function serve(port) {
  port.addEventListener("message", async (event) => {
    const message = event.data;
    if (message === null || typeof message !== "object" || typeof message.session !== "string") return;
    let python;
    try {
      python = await boot();
    } catch (error) {
      port.postMessage({ session: message.session, fatal: String(error?.message ?? error) });
      return;
    }
    let reply;
    try {
      reply = python.handle(JSON.stringify(message));
    } catch (error) {
      port.postMessage({ session: message.session, fatal: String(error?.message ?? error) });
      return;
    }
    port.postMessage({ session: message.session, reply, build: python.build, runtime: RUNTIME_ID });
  });
  port.start?.();
}

if (typeof SharedWorkerGlobalScope !== "undefined" && self instanceof SharedWorkerGlobalScope) {
  self.addEventListener("connect", (event) => serve(event.ports[0]));
} else {
  serve(self);
}
// Start Python at once: the first embed's request waits for it anyway.
boot().catch(() => {});
