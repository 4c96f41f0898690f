// Live play's browser side (issue #58): one RTCPeerConnection per tab, its data channel, and the
// hand-over of a friend's answer to the tab that holds the connection. Loaded on first use by
// web/app/page/live/live_link.py, which packs and checks everything (core/link/connect.py, core/link/live.py):
// this file only carries texts. Events go to the one listener as JSON text:
//   {type: "local", matchId, role, sdp}   this tab's offer or answer, all candidates gathered
//   {type: "open"} / {type: "closed"}     the data channel opened / closed (or failed)
//   {type: "message", text}               a text from the other device
//   {type: "handed", matchId}             an answer opened here went to the tab that holds the offer
//   {type: "orphan", matchId}             no tab holds that offer any more (reloaded, closed)
//   {type: "elsewhere", matchId, open}    another tab of this browser holds the match's live channel
// No outside server: host candidates only, unless the player chose a STUN address (then it sees his
// public address). No TURN relay.
(() => {
  "use strict";
  if (window.videauLive) return;
  const GATHER_MS = 4000; // gathering ends well before this on one network; what was found by then is used
  const HAND_MS = 1500; // how long an answer opened here waits for the tab that holds its offer
  const state = { pc: null, dc: null, role: null, matchId: null, listener: null, open: false };
  const bc = "BroadcastChannel" in window ? new BroadcastChannel("videau-live") : null;
  const waiting = new Map(); // matchId -> timer of an answer handed to another tab

  const emit = (type, data) => {
    if (state.listener) state.listener(JSON.stringify({ type, ...(data || {}) }));
  };
  const config = (stun) => ({ iceServers: stun ? [{ urls: stun }] : [] });

  function drop() {
    const { pc, dc } = state;
    state.pc = state.dc = state.role = null;
    state.open = false;
    if (dc) { dc.onopen = dc.onclose = dc.onmessage = null; try { dc.close(); } catch (e) { /* closed */ } }
    if (pc) { pc.onconnectionstatechange = pc.ondatachannel = null; try { pc.close(); } catch (e) { /* closed */ } }
  }

  function status() {
    if (bc && state.matchId) bc.postMessage({ t: "status", matchId: state.matchId, open: state.open });
  }

  function wire(dc, pc) {
    state.dc = dc;
    dc.onopen = () => { if (state.dc === dc) { state.open = true; emit("open"); status(); } };
    dc.onclose = () => {
      if (state.dc === dc) { state.open = false; emit("closed"); status(); }
    };
    dc.onmessage = (event) => { if (state.dc === dc && typeof event.data === "string") emit("message", { text: event.data }); };
    pc.onconnectionstatechange = () => {
      if (state.pc === pc && ["failed", "closed"].includes(pc.connectionState) && state.open) {
        state.open = false;
        emit("closed");
        status();
      }
    };
  }

  async function gathered(pc) {
    if (pc.iceGatheringState !== "complete") {
      await new Promise((resolve) => {
        const timer = setTimeout(resolve, GATHER_MS);
        pc.addEventListener("icegatheringstatechange", () => {
          if (pc.iceGatheringState === "complete") { clearTimeout(timer); resolve(); }
        });
      });
    }
    return pc.localDescription.sdp;
  }

  async function offer(matchId, stun) {
    drop();
    const pc = new RTCPeerConnection(config(stun));
    Object.assign(state, { pc, role: "offer", matchId });
    wire(pc.createDataChannel("videau", { ordered: true }), pc);
    await pc.setLocalDescription(await pc.createOffer());
    const sdp = await gathered(pc);
    if (state.pc === pc) emit("local", { matchId, role: "offer", sdp });
  }

  async function answer(matchId, sdp, stun) {
    drop();
    const pc = new RTCPeerConnection(config(stun));
    Object.assign(state, { pc, role: "answer", matchId });
    pc.ondatachannel = (event) => { if (state.pc === pc) wire(event.channel, pc); };
    await pc.setRemoteDescription({ type: "offer", sdp });
    await pc.setLocalDescription(await pc.createAnswer());
    const local = await gathered(pc);
    if (state.pc === pc) emit("local", { matchId, role: "answer", sdp: local });
  }

  function holds(matchId) {
    return state.pc && state.role === "offer" && state.matchId === matchId && state.pc.signalingState === "have-local-offer";
  }

  async function accept(matchId, sdp) {
    if (holds(matchId)) {
      await state.pc.setRemoteDescription({ type: "answer", sdp });
      return;
    }
    if (!bc) { emit("orphan", { matchId }); return; }
    clearTimeout(waiting.get(matchId));
    waiting.set(matchId, setTimeout(() => { waiting.delete(matchId); emit("orphan", { matchId }); }, HAND_MS));
    bc.postMessage({ t: "answer", matchId, sdp });
  }

  if (bc) {
    bc.onmessage = async (event) => {
      const m = event.data || {};
      if (m.t === "answer" && holds(m.matchId)) {
        bc.postMessage({ t: "taken", matchId: m.matchId });
        try { await state.pc.setRemoteDescription({ type: "answer", sdp: String(m.sdp) }); } catch (e) { emit("closed"); }
      } else if (m.t === "taken" && waiting.has(m.matchId)) {
        clearTimeout(waiting.get(m.matchId));
        waiting.delete(m.matchId);
        emit("handed", { matchId: m.matchId });
      } else if (m.t === "relay" && state.open && state.matchId === m.matchId) {
        state.dc.send(String(m.text)); // a link another tab of this browser made: this tab holds the channel
      } else if (m.t === "status" && m.matchId !== undefined && !(state.open && state.matchId === m.matchId)) {
        emit("elsewhere", { matchId: m.matchId, open: !!m.open });
      } else if (m.t === "ask" && state.open && state.matchId === m.matchId) {
        status();
      }
    };
  }

  const report = (promise) => promise.catch((error) => { drop(); emit("closed", { error: String(error) }); });

  window.videauLive = {
    listen(listener) { state.listener = listener; },
    offer(matchId, stun) { report(offer(String(matchId), String(stun || ""))); },
    answer(matchId, sdp, stun) { report(answer(String(matchId), String(sdp), String(stun || ""))); },
    accept(matchId, sdp) { report(accept(String(matchId), String(sdp))); },
    /** Send ``text``; false when this tab holds no open channel (it is then offered to the tab that does). */
    send(matchId, text) {
      if (state.open && state.matchId === String(matchId)) { state.dc.send(String(text)); return true; }
      if (bc) bc.postMessage({ t: "relay", matchId: String(matchId), text: String(text) });
      return false;
    },
    /** Ask the other tabs whether one holds this match's channel (they answer with an "elsewhere" event). */
    ask(matchId) { if (bc) bc.postMessage({ t: "ask", matchId: String(matchId) }); },
    /** Close the connection (the player's choice, a new match, or a test dropping it). */
    close() { const was = state.open; drop(); if (was) { emit("closed"); status(); } },
    get open() { return state.open; },
    get matchId() { return state.matchId; },
    get role() { return state.role; },
  };
})();
