// <videau-board>: a custom element for tutorial pages that builds the embed's <iframe>.
//
//   <script src="https://VIDEAU-SITE/embed-element.js" defer></script>
//   <videau-board xgid="XGID=-b----E-C---eE---c-e----B-:0:0:1:43:0:0:0:0:10" mode="try" lang="fr"></videau-board>
//
// Every attribute named like a fragment key (see EMBED.md) but `id` goes into the fragment,
// URL-encoded; `start` is a bare attribute. The frame keeps the board's proportions at the element's width.
// What the embed posts (ready, moved, refused, solved, revealed, error) is dispatched on the
// element as a bubbling DOM event named "videau-<event>" whose `detail` is the message.
// A classic script (not a module), so that another site may load it without CORS headers.
(() => {
  // The fragment keys but `id`: the element's own id stays an HTML id (events name their target).
  const KEYS = ["xgid", "gnubgid", "start", "mode", "dice", "turn", "cube", "home", "numbers", "size", "lang",
    "play", "answer", "plays", "caption"];
  const EMBED_URL = new URL("embed.html", document.currentScript?.src || location.href).href;
  const BOARD_RATIO = 606 / 704; // the embed's board has no message strip (app.board.layout.EMBED_HEIGHT)

  class VideauBoard extends HTMLElement {
    static observedAttributes = KEYS;

    connectedCallback() {
      if (!this.frame) {
        this.frame = document.createElement("iframe");
        this.frame.loading = "lazy";
        this.frame.style.cssText = "display:block;width:100%;border:0";
        this.frame.title = this.getAttribute("caption") || "Backgammon position";
        this.append(this.frame);
        this.resizer = new ResizeObserver(() => this.fit());
        this.onMessage = (event) => {
          if (event.source !== this.frame.contentWindow || event.data?.type !== "videau") return;
          this.dispatchEvent(new CustomEvent(`videau-${event.data.event}`, { detail: event.data, bubbles: true }));
        };
      }
      if (!this.style.display) this.style.display = "block";
      this.resizer.observe(this);
      window.addEventListener("message", this.onMessage);
      this.update();
    }

    disconnectedCallback() {
      this.resizer?.disconnect();
      window.removeEventListener("message", this.onMessage);
    }

    attributeChangedCallback() {
      if (this.frame) this.update();
    }

    fragment() {
      const parts = [];
      for (const key of KEYS) {
        if (!this.hasAttribute(key)) continue;
        const value = this.getAttribute(key);
        parts.push(key === "start" && !value ? key : `${key}=${encodeURIComponent(value)}`);
      }
      return parts.join("&");
    }

    update() {
      const src = `${EMBED_URL}#${this.fragment()}`;
      if (this.frame.src !== src) this.frame.src = src;
      this.fit();
    }

    fit() {
      const mode = this.getAttribute("mode") || "diagram";
      // the status line, then the buttons (or mode=hint's ranked plays), then the caption
      const below = mode === "hint" ? 170 : mode === "diagram" ? 0 : 44;
      const extra = 30 + below + (this.hasAttribute("caption") ? 36 : 0);
      const width = this.clientWidth || 480;
      this.frame.style.height = `${Math.round(width * BOARD_RATIO + extra)}px`;
    }
  }

  if (!customElements.get("videau-board")) customElements.define("videau-board", VideauBoard);
})();
