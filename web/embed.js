// Videau embed (embed.html): thin glue between this frame, the shared Python worker and the host.
//
// - The page shows a static board skeleton at once; if this exact fragment was drawn before by
//   the same code (same build hash, from embed.json), the cached drawing is shown instead.
// - It sends the fragment to embed-worker.mjs (one Pyodide for all the embeds of this origin),
//   then the reader's clicks; each answer carries the board as SVG, made by web/app/render.py,
//   which escapes every text it draws: that SVG is the only markup ever inserted. The fragment,
//   the caption, the status line and error messages are only ever set as text.
// - It tells the host page what happened with window.parent.postMessage({type: "videau",
//   event: "ready" | "moved" | "refused" | "solved" | "revealed" | "error", ...}, "*"): the data
//   is the embed's own (its id, mode, plays), nothing secret. It listens to no message from the
//   host: only the fragment configures it (see EMBED.md).

const WORKER_URL = new URL("./embed-worker.mjs", import.meta.url);
const MANIFEST_URL = new URL("./embed.json", import.meta.url);
const CACHE_PREFIX = "videau-embed:";
const CACHE_ORDER = "videau-embed-order"; // the cached keys, oldest first
const CACHE_LIMIT = 60;

const byId = (id) => document.getElementById(id);
const frame = byId("embed");
const board = byId("board");
const statusLine = byId("status");
const controls = byId("controls");
const caption = byId("caption");
const errorBox = byId("error");

const session = globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random()}`;
let port = null;
let live = null; // the last answer from Python, once there is one
let fragment = location.hash;

// -- the host page ---------------------------------------------------------------
function tellHost(event) {
  if (window.parent === window) return;
  try {
    window.parent.postMessage({ ...event, type: "videau" }, "*");
  } catch {
    // a host that went away, say
  }
}

// -- storage: the first drawing of a fragment, per build --------------------------
function cacheKey(build) {
  return `${CACHE_PREFIX}${build}:${fragment}`;
}

function cacheGet(build) {
  try {
    const text = localStorage.getItem(cacheKey(build));
    return text ? JSON.parse(text) : null;
  } catch {
    return null; // storage blocked (a third-party frame with cookies off) or a broken entry
  }
}

function cachePut(build, reply) {
  try {
    const keys = [];
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key?.startsWith(CACHE_PREFIX)) keys.push(key);
    }
    // Forget other builds, and the oldest entries past the limit.
    for (const key of keys) if (!key.startsWith(`${CACHE_PREFIX}${build}:`)) localStorage.removeItem(key);
    const order = JSON.parse(localStorage.getItem(CACHE_ORDER) || "[]").filter(
      (key) => typeof key === "string" && key.startsWith(`${CACHE_PREFIX}${build}:`) && key !== cacheKey(build),
    );
    order.push(cacheKey(build));
    while (order.length > CACHE_LIMIT) localStorage.removeItem(order.shift());
    localStorage.setItem(CACHE_ORDER, JSON.stringify(order));
    const { svg, caption: text, lang, size } = reply;
    localStorage.setItem(cacheKey(build), JSON.stringify({ svg, caption: text, lang, size }));
  } catch {
    // full or blocked: the cache is only a speed-up
  }
}

async function paintFromCache() {
  try {
    const response = await fetch(MANIFEST_URL, { cache: "no-cache" });
    if (!response.ok || live) return;
    const { build } = await response.json();
    const cached = typeof build === "string" ? cacheGet(build) : null;
    if (cached && !live && typeof cached.svg === "string") {
      showBoard(cached);
      frame.dataset.cached = "true";
    }
  } catch {
    // no manifest: wait for Python
  }
}

// -- drawing ----------------------------------------------------------------------
function showBoard(reply) {
  document.documentElement.lang = reply.lang === "fr" ? "fr" : "en";
  const focused = document.activeElement?.closest?.("[data-point]")?.getAttribute("data-point");
  // The SVG comes from web/app/render.py, which escapes all text; never from the fragment.
  board.innerHTML = reply.svg;
  if (focused) board.querySelector(`[data-point="${CSS.escape(focused)}"]`)?.focus();
  caption.textContent = reply.caption || "";
  caption.hidden = !reply.caption;
  frame.style.maxWidth = Number.isInteger(reply.size) ? `${reply.size}px` : "";
  errorBox.hidden = true;
  board.hidden = false;
}

function showControls(reply) {
  controls.replaceChildren();
  for (const control of reply.controls || []) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "embed__button";
    button.dataset.action = String(control.action);
    button.textContent = String(control.label);
    button.disabled = !control.enabled;
    controls.append(button);
  }
  controls.hidden = controls.childElementCount === 0;
  controls.setAttribute("aria-label", String(reply.controls_label || ""));
}

function showError(title, message) {
  errorBox.querySelector(".embed__error-title").textContent = title;
  errorBox.querySelector(".embed__error-text").textContent = message;
  errorBox.hidden = false;
  board.hidden = true;
  controls.hidden = true;
  statusLine.textContent = "";
  board.removeAttribute("aria-busy");
}

function show(reply, build) {
  const first = live === null;
  live = reply;
  if (reply.ok) {
    showBoard(reply);
    showControls(reply);
    statusLine.textContent = reply.status || "";
    statusLine.dataset.kind = reply.status_kind || "info";
    frame.dataset.mode = reply.mode;
    frame.dataset.interactive = reply.interactive ? "true" : "false";
    board.removeAttribute("aria-busy");
    delete frame.dataset.cached;
    if (first && build) cachePut(build, reply);
  } else {
    document.documentElement.lang = reply.lang === "fr" ? "fr" : "en";
    showError(reply.title, reply.error);
  }
  frame.dataset.state = reply.ok ? "ok" : "error";
  document.body.dataset.ready = "true";
  for (const event of reply.events || []) tellHost(event);
}

function frameLang() {
  const asked = /(?:^#|&)lang=(en|fr)(?:&|$)/.exec(location.hash);
  if (asked) return asked[1];
  return (navigator.languages || [navigator.language]).some((l) => /^fr\b/i.test(l)) ? "fr" : "en";
}

function fail(problem) {
  const fr = frameLang() === "fr";
  const message = String(problem?.message ?? problem ?? "unknown error");
  showError(fr ? "Le plateau interactif n’a pas pu démarrer" : "The interactive board could not start", message);
  frame.dataset.state = "failed";
  tellHost({ event: "error", message });
  console.error("Videau embed:", message);
}

// -- the worker --------------------------------------------------------------------
function send(message) {
  port?.postMessage({ ...message, session });
}

function open() {
  live = null;
  document.body.dataset.ready = "false";
  send({ op: "open", fragment, languages: [...(navigator.languages || [navigator.language])] });
}

function onAnswer(event) {
  const data = event.data;
  if (!data || data.session !== session) return;
  if (typeof data.fatal === "string") {
    fail(data.fatal);
    return;
  }
  let reply;
  try {
    reply = JSON.parse(data.reply);
  } catch (error) {
    fail(error);
    return;
  }
  if (typeof data.runtime === "string") frame.dataset.runtime = data.runtime;
  show(reply, typeof data.build === "string" ? data.build : null);
}

function connect() {
  try {
    if (typeof SharedWorker === "function") {
      const worker = new SharedWorker(WORKER_URL, { type: "module", name: "videau-embed" });
      worker.addEventListener("error", () => fail("the shared worker failed to start"));
      port = worker.port;
    } else {
      const worker = new Worker(WORKER_URL, { type: "module", name: "videau-embed" });
      worker.addEventListener("error", (event) => fail(event.message || "the worker failed to start"));
      port = worker;
    }
    port.addEventListener("message", onAnswer);
    port.start?.();
  } catch (error) {
    fail(error);
  }
}

// -- the reader --------------------------------------------------------------------
function act(action) {
  if (live?.ok && live.mode !== "diagram") send({ op: "act", action });
}

function pointOf(target) {
  const place = target?.closest?.("[data-point]");
  return place && board.contains(place) ? place.getAttribute("data-point") : null;
}

board.addEventListener("click", (event) => {
  const place = pointOf(event.target);
  if (place) act({ action: "click", place });
});
board.addEventListener("keydown", (event) => {
  if (event.key !== "Enter" && event.key !== " ") return;
  const place = pointOf(event.target);
  if (!place) return;
  event.preventDefault();
  act({ action: "click", place });
});
controls.addEventListener("click", (event) => {
  const button = event.target?.closest?.("button[data-action]");
  if (button && !button.disabled) act({ action: button.dataset.action });
});
window.addEventListener("hashchange", () => {
  fragment = location.hash;
  open();
});
window.addEventListener("pagehide", () => send({ op: "close" }));

connect();
paintFromCache();
open();
