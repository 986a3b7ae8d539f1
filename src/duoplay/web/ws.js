// One WebSocket per room, reconnecting on its own; every message is JSON with "v": 1.
const DELAYS = [300, 1000, 2000, 4000, 8000];

export class RoomSocket {
  // handlers: {hello() -> {name, token}, message(msg), status("connecting"|"open"|"closed")}
  constructor(code, handlers) {
    this.code = code;
    this.handlers = handlers;
    this.ws = null;
    this.attempt = 0;
    this.stopped = false;
    this.timer = null;
  }

  connect() {
    if (this.stopped) return;
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(`${scheme}//${location.host}/ws/${encodeURIComponent(this.code)}`);
    this.ws = ws;
    this.handlers.status("connecting");
    ws.addEventListener("open", () => {
      this.attempt = 0;
      this.handlers.status("open");
      // The token is read at each connect, so a seat taken meanwhile is reclaimed.
      ws.send(JSON.stringify({ v: 1, type: "hello", ...this.handlers.hello() }));
    });
    ws.addEventListener("message", (event) => {
      let msg;
      try {
        msg = JSON.parse(event.data);
      } catch {
        return;
      }
      if (msg && typeof msg === "object") this.handlers.message(msg);
    });
    ws.addEventListener("close", (event) => {
      if (this.ws !== ws) return;
      this.handlers.status("closed");
      // 4404: the room does not exist; retrying will not help.
      if (event.code === 4404) this.stopped = true;
      if (this.stopped) return;
      const delay = DELAYS[Math.min(this.attempt, DELAYS.length - 1)];
      this.attempt += 1;
      this.timer = setTimeout(() => this.connect(), delay);
    });
  }

  send(type, fields = {}) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify({ v: 1, type, ...fields }));
    return true;
  }

  // Close and open again at once (e.g. to send a new hello after a name change).
  reconnect() {
    if (this.stopped) return;
    clearTimeout(this.timer);
    const old = this.ws;
    this.ws = null;
    if (old) old.close();
    this.attempt = 0;
    this.connect();
  }

  close() {
    this.stopped = true;
    clearTimeout(this.timer);
    if (this.ws) this.ws.close();
  }
}
