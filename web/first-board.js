// The board on screen before Python starts (index.html loads this file, classic and blocking,
// in <head>). It computes nothing about the game: it only chooses which ready-made drawing to
// show, all of them made by web/app/board/render.py.
//
// - dist/index.html's board host (#board) holds, written by tools/prerender.py at build time,
//   the opening board in English (shown as is), and <template>s with the same board in French
//   and the empty board ("shell").
// - A saved match (localStorage "videau.match") has, once the page has drawn it, its drawing in
//   "videau.board" ({rev, digest, svg}: see web/app/page/screen/firstboard.py), keyed to the save:
//   the save's revision ("videau.match.rev") and the CRC-32 of its text. The drawing is shown
//   only if both match the save present; a save without its drawing shows the empty board, never
//   another position.
// - The board stays inert (index.html: inert, aria-busy) until Python takes over and draws the
//   very same SVG in its place.
//
// It also asks, on a first visit only, for Python's runtime and our Python (videau.zip: the core
// and the app package, tools/gen_config.py) at once, rather than when PyScript asks for them.
"use strict";

// A page that the offline cache (sw.js) serves has these files on the device: preloaded there,
// their bodies (15 MB read from the cache and buffered by the page) only delayed what PyScript
// needs first, its config and its chunks; PyScript then asked for Pyodide ~150 ms later (#46,
// bench/startup.py, bench/journal/2026-12.md).
if (!navigator.serviceWorker?.controller) {
  for (const href of [
    "./pyodide/pyodide.asm.wasm",
    "./pyodide/python_stdlib.zip",
    "./pyodide/pyodide-lock.json",
    "./config.json",
    "./videau.zip",
  ]) {
    const link = document.createElement("link");
    link.rel = "preload";
    link.as = "fetch";
    link.crossOrigin = "anonymous";
    link.fetchPriority = "low";
    link.href = href;
    document.head.append(link);
  }
}

(() => {
  const root = document.documentElement;

  function read(key) {
    try {
      return localStorage.getItem(key);
    } catch {
      return null; // storage disabled
    }
  }

  let table = null;
  function crc32(text) {
    if (table === null) {
      table = new Int32Array(256);
      for (let n = 0; n < 256; n++) {
        let c = n;
        for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
        table[n] = c;
      }
    }
    let crc = -1;
    for (const byte of new TextEncoder().encode(text)) crc = table[(crc ^ byte) & 0xff] ^ (crc >>> 8);
    return (crc ^ -1) >>> 0;
  }

  function storedBoard(save) {
    try {
      const entry = JSON.parse(read("videau.board") || "null");
      const rev = Number.parseInt(read("videau.match.rev") || "0", 10);
      if (entry && typeof entry.svg === "string" && entry.rev === (rev > 0 ? rev : 0) && entry.digest === crc32(save)) {
        return entry.svg;
      }
    } catch {
      // an unreadable entry: no stored board
    }
    return null;
  }

  // The page's language as the page will choose it: ?lang=, else the one chosen before, else the browser's.
  function language() {
    const candidates = [new URLSearchParams(location.search).get("lang"), read("videau.lang")];
    for (const lang of candidates) {
      const code = (lang || "").trim().toLowerCase();
      if (code === "en" || code === "fr") return code;
    }
    for (const tag of navigator.languages || [navigator.language || ""]) {
      const base = String(tag).trim().toLowerCase().replace("_", "-").split("-")[0];
      if (base === "en" || base === "fr") return base;
    }
    return "en";
  }

  // The chosen language everywhere before Python (#46): the French of the page's marked texts
  // is written into dist/index.html by tools/prerender.py (<script id="i18n-fr">), just above.
  const lang = language();
  root.lang = lang;
  let words = {};
  if (lang === "fr") {
    try {
      words = JSON.parse(document.getElementById("i18n-fr")?.textContent || "{}");
    } catch {
      words = {};
    }
  }
  function translate() {
    const board = document.getElementById("board");
    if (board !== null && words["ui.loading"]) board.dataset.loading = words["ui.loading"];
    if (lang !== "fr") {
      root.dataset.textsLang = lang; // index.html is in English (tests/web/test_web_i18n.py)
      return;
    }
    let complete = true; // every marked text found in French
    for (const node of document.querySelectorAll("[data-i18n]")) {
      const text = words[node.dataset.i18n];
      if (text) node.textContent = text;
      else complete = false;
    }
    for (const node of document.querySelectorAll("[data-i18n-label]")) {
      const text = words[node.dataset.i18nLabel];
      if (!text) {
        complete = false;
        continue;
      }
      node.setAttribute("aria-label", text);
      if (node.hasAttribute("title")) node.setAttribute("title", text);
    }
    for (const node of document.querySelectorAll("[data-i18n-placeholder]")) {
      const text = words[node.dataset.i18nPlaceholder];
      if (text) node.setAttribute("placeholder", text);
      else complete = false;
    }
    const button = document.getElementById("btn-lang"); // its words are marked data-i18n
    if (button !== null) button.setAttribute("lang", "en");
    // the marked texts are all in French: Python need not write them again (else it does)
    if (complete) root.dataset.textsLang = lang;
  }
  document.addEventListener("DOMContentLoaded", translate);

  const save = read("videau.match");
  let markup = null; // a stored SVG, or null for a template
  let template = null; // the id of the <template> to show, or null to keep the English opening
  if (save !== null) {
    markup = storedBoard(save);
    if (markup === null) template = "board-shell";
  } else if (language() === "fr") {
    template = "board-opening-fr";
  }
  root.dataset.firstBoard = markup !== null ? "stored" : template === "board-shell" ? "shell" : "opening";
  if (markup === null && template === null) return;

  // Until the board host is parsed and swapped, it is hidden (style.css), so that the English
  // opening never flashes for a returning or French player.
  root.dataset.boardPending = "true";
  let done = false;
  function swap() {
    const board = document.getElementById("board");
    if (done || board === null || (board.nextSibling === null && document.readyState === "loading")) return;
    done = true;
    observer.disconnect();
    try {
      if (markup !== null) {
        board.innerHTML = markup;
      } else {
        const source = document.getElementById(template);
        if (source !== null) board.replaceChildren(source.content.cloneNode(true));
      }
    } finally {
      delete root.dataset.boardPending;
    }
  }
  const observer = new MutationObserver(swap);
  observer.observe(root, { childList: true, subtree: true });
  document.addEventListener("DOMContentLoaded", swap);
})();
