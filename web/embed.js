// Videau embed (embed.html): thin glue between this frame, the shared Python worker and the host.
//
// - The page shows a static board skeleton at once; if this exact fragment was drawn before by
//   the same code (same build hash, from embed.json), the cached drawing is shown instead.
// - It sends the fragment to embed-worker.mjs (one Pyodide for all the embeds of this origin),
//   then the reader's clicks; each answer carries the board as SVG, made by web/app/board/render.py,
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
const ranking = byId("ranking");
const caption = byId("caption");
const errorBox = byId("error");

const session = globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random()}`;
let port = null;
let live = null; // the last answer from Python, once there is one
let fragment = location.hash;
let announced = null; // the fragment whose "ready" (or "error") the host was told

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
    // The build's hash, written into the page by tools/prerender.py: no request to wait for.
    let build = document.querySelector('meta[name="videau-build"]')?.content;
    if (!build) {
      const response = await fetch(MANIFEST_URL, { cache: "no-cache" });
      if (!response.ok || live) return;
      ({ build } = await response.json());
    }
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
  // The SVG comes from web/app/board/render.py, which escapes all text; never from the fragment.
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

// mode=hint: the bot's ranked plays, as a table of plain text cells
function showRanking(reply) {
  ranking.replaceChildren();
  const rows = reply.ranking || [];
  ranking.hidden = rows.length === 0;
  if (!rows.length) return;
  const head = ranking.createTHead().insertRow();
  for (const title of reply.ranking_head || []) {
    const th = document.createElement("th");
    th.scope = "col";
    th.textContent = String(title);
    head.append(th);
  }
  const body = ranking.createTBody();
  for (const row of rows) {
    const tr = body.insertRow();
    if (row.best) tr.className = "embed__best";
    for (const key of ["rank", "play", "equity", "diff", "win", "gammon"]) {
      tr.insertCell().textContent = String(row[key] ?? "");
    }
  }
}

function showError(title, message) {
  errorBox.querySelector(".embed__error-title").textContent = title;
  errorBox.querySelector(".embed__error-text").textContent = message;
  errorBox.hidden = false;
  board.hidden = true;
  controls.hidden = true;
  ranking.hidden = true;
  statusLine.textContent = "";
  board.removeAttribute("aria-busy");
}

function show(reply, build) {
  const first = live === null;
  live = reply;
  if (reply.ok) {
    showBoard(reply);
    showControls(reply);
    showRanking(reply);
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
  for (const event of reply.events || []) {
    if (event.event === "ready" || event.event === "error") {
      if (announced === fragment) continue; // opened again after a change of runtime
      announced = fragment;
    }
    tellHost(event);
  }
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
  document.body.dataset.ready = "true";
  tellHost({ event: "error", message });
  console.error("Videau embed:", message);
}

// -- the runtime ---------------------------------------------------------------------
// One Pyodide for all the embeds of a page, by the first of these that works:
// 1. a SharedWorker (every embed of this origin in the browser shares it);
// 2. where SharedWorker is missing or refused (a third-party frame in a browser that blocks
//    third-party storage refuses it), a "hub": the embeds of the page elect a leader over a
//    BroadcastChannel; the leader runs a dedicated Worker and relays the others' requests;
// 3. without BroadcastChannel, a dedicated Worker for this embed alone.
const CHANNEL = "videau-embed-hub";
let answered = false;

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
  answered = true;
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

function dedicatedWorker() {
  const worker = new Worker(WORKER_URL, { type: "module", name: "videau-embed" });
  worker.addEventListener("error", (event) => fail(event.message || "the worker failed to start"));
  return worker;
}

// The hub: a port-like object (postMessage) over a BroadcastChannel. Election: an embed asks
// who leads; with no answer it claims, waits for the other claims, and the smallest id starts
// the one worker, then says so. Only that announcement makes others follow, so one worker starts.
// Should two leaders meet anyway (a claim or an answer slowed down), the older one stays (its
// worker has started: the embeds need not wait for another), the smaller id between equals.
// A leader may also vanish without a word (its frame removed or crashed before pagehide): a
// follower whose request has gone unanswered for PING_AFTER_MS asks the leader whether it lives
// (its page answers at once, however busy its worker), and with no word from it within
// PONG_WAIT_MS elects another. (Answers from a leader that lives are waited for as long as they take.)
const WAIT_LEADER_MS = 150;
const WAIT_CLAIMS_MS = 150;
const PING_AFTER_MS = 1500;
const PONG_WAIT_MS = 1500;
const before = (a, b) => a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);

class Hub {
  constructor() {
    this.channel = new BroadcastChannel(CHANNEL);
    this.channel.addEventListener("message", (event) => this.receive(event.data));
    this.leader = null;
    this.rank = null; // the leader's [since, id]: smaller ranks lead
    this.worker = null;
    this.queue = [];
    this.awaiting = 0; // requests of this embed sent to another leader, not yet answered
    this.watch = null; // the timer of the liveness check
    this.pinged = null; // the leader asked, with no word from it since
    this.elect();
    window.addEventListener("pagehide", () => {
      if (this.leader === session) this.channel.postMessage({ kind: "gone", id: session });
    });
  }

  elect() {
    this.leader = null;
    this.rank = null;
    this.claims = new Set();
    this.channel.postMessage({ kind: "who" });
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.claim(), WAIT_LEADER_MS + Math.random() * 100);
  }

  claim() {
    if (this.leader !== null) return;
    this.claims.add(session);
    this.channel.postMessage({ kind: "claim", id: session });
    this.timer = setTimeout(() => this.decide(), WAIT_CLAIMS_MS);
  }

  decide() {
    if (this.leader !== null) return;
    const winner = [...this.claims].sort()[0];
    if (winner === session) this.lead();
    // else: wait for the winner's announcement, or try again if it never comes
    else this.timer = setTimeout(() => this.leader ?? this.elect(), 4 * WAIT_CLAIMS_MS);
  }

  announce() {
    this.channel.postMessage({ kind: "leader", id: session, since: this.rank[0] });
  }

  lead() {
    this.leader = session;
    this.rank = [Date.now(), session];
    frame.dataset.transport = "hub-leader";
    this.worker = dedicatedWorker();
    this.worker.addEventListener("message", (event) => {
      onAnswer(event);
      if (event.data?.session !== session) this.channel.postMessage({ kind: "answer", data: event.data });
    });
    this.announce();
    this.flush();
  }

  follow(id, rank) {
    const had = this.leader;
    clearTimeout(this.timer);
    if (had === session) {
      // Two leaders (a claim or an answer arrived too late): the older stays; this worker goes.
      this.worker?.terminate();
      this.worker = null;
    }
    this.leader = id;
    this.rank = rank;
    // Requests left with the old leader go unanswered; open() below asks the new one again.
    this.awaiting = 0;
    this.heard();
    frame.dataset.transport = "hub";
    this.flush();
    // This embed's state lived in the old leader's worker: open it again in the new one.
    if (had !== null) open();
  }

  // -- is the leader still there? --
  watchLeader(delay = PING_AFTER_MS) {
    if (this.watch === null) this.watch = setTimeout(() => this.ping(), delay);
  }

  ping(now = false) {
    clearTimeout(this.watch);
    this.watch = null;
    const leader = this.leader;
    if (leader === null || leader === session || !(this.awaiting > 0 || now)) return;
    this.pinged = leader;
    this.channel.postMessage({ kind: "ping", to: leader });
    this.watch = setTimeout(() => {
      this.watch = null;
      if (this.pinged === leader && this.leader === leader) this.lost();
    }, PONG_WAIT_MS);
  }

  heard() {
    // A word from the leader: it lives; keep watching while this embed still waits for it.
    this.pinged = null;
    clearTimeout(this.watch);
    this.watch = null;
    if (this.awaiting > 0) this.watchLeader();
  }

  lost() {
    // The leader left (or died): elect another, and open this embed again in its worker.
    clearTimeout(this.watch);
    this.watch = null;
    this.pinged = null;
    this.awaiting = 0;
    this.elect();
    this.queue = [];
    open();
  }

  receive(message) {
    if (!message || typeof message !== "object") return;
    const { kind, id } = message;
    if (kind === "who" && this.leader === session) {
      this.announce();
    } else if (kind === "ping" && message.to === session && this.leader === session) {
      this.channel.postMessage({ kind: "pong", id: session });
    } else if (kind === "pong" && id === this.leader) {
      this.heard();
    } else if (kind === "claim" && typeof id === "string") {
      if (this.leader === session) this.announce();
      else if (this.leader === null) this.claims.add(id);
    } else if (kind === "leader" && typeof id === "string" && id !== this.leader) {
      // The same rule for leaders and followers: only a smaller rank is followed. (A follower that
      // took any later announcement could take one from an embed that has just stepped down, and
      // send it clicks that nobody answers.) The smaller leader, hearing a larger one, announces
      // itself again, so every embed ends on it.
      // (An embed of an older build announces no start: it ranks after every other leader.)
      const rank = [Number.isFinite(message.since) ? message.since : Number.MAX_VALUE, id];
      if (this.rank === null || before(rank, this.rank)) this.follow(id, rank);
      else if (this.leader === session) this.announce();
      // A newer leader while this one leads: someone found this one gone; is it?
      else if (this.leader !== null) this.ping(true);
    } else if (kind === "request" && this.leader === session && message.to === session) {
      this.worker.postMessage(message.message);
    } else if (kind === "answer") {
      // Only the leader sends answers.
      if (message.data?.session === session) this.awaiting = Math.max(0, this.awaiting - 1);
      if (this.leader !== session) this.heard();
      onAnswer({ data: message.data });
    } else if (kind === "gone" && id === this.leader) {
      this.lost();
    }
  }

  flush() {
    const queued = this.queue;
    this.queue = [];
    for (const message of queued) this.postMessage(message);
  }

  postMessage(message) {
    if (this.leader === null) this.queue.push(message);
    else if (this.leader === session) this.worker.postMessage(message);
    else {
      this.channel.postMessage({ kind: "request", to: this.leader, message });
      if (message.op !== "close") {
        this.awaiting += 1;
        this.watchLeader();
      }
    }
  }
}

function fallBack() {
  if (typeof BroadcastChannel === "function") {
    port = new Hub();
    frame.dataset.transport = "hub";
  } else {
    port = dedicatedWorker();
    port.addEventListener("message", onAnswer);
    frame.dataset.transport = "worker";
  }
}

function connect() {
  try {
    if (typeof SharedWorker !== "function") {
      fallBack();
      return;
    }
    const worker = new SharedWorker(WORKER_URL, { type: "module", name: "videau-embed" });
    frame.dataset.transport = "shared";
    worker.addEventListener("error", () => {
      // Refused (third-party storage blocked) or broken: try the others, with the same request.
      if (answered) {
        fail("the shared worker stopped");
        return;
      }
      fallBack();
      open();
    });
    port = worker.port;
    port.addEventListener("message", onAnswer);
    port.start();
  } catch {
    fallBack();
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
