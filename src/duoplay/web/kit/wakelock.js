// The screen stays on while a match is played: a phone on the table would otherwise dim and lock
// between turns. The Screen Wake Lock API holds it where the browser has one; the browser lets it
// go whenever the page is hidden, so it is asked for again each time the page shows. For scripts
// and tests, <body data-wake-lock> says how it went: "held", "refused" (the browser said no) or
// "unsupported" (no API); absent while it is not wanted, or while the page is hidden.
let wanted = false;
let lock = null; // the WakeLockSentinel while held
let asking = false;

function mark(state) {
  if (state) document.body.dataset.wakeLock = state;
  else delete document.body.dataset.wakeLock;
}

async function ask() {
  if (!wanted || lock || asking || document.visibilityState !== "visible") return;
  if (!("wakeLock" in navigator)) {
    mark("unsupported");
    return;
  }
  asking = true;
  try {
    const sentinel = await navigator.wakeLock.request("screen");
    asking = false;
    if (!wanted) {
      sentinel.release();
      return;
    }
    lock = sentinel;
    mark("held");
    sentinel.addEventListener("release", () => {
      if (lock !== sentinel) return;
      lock = null;
      mark(null); // hidden, or let go: asked for again when the page shows
    });
  } catch {
    asking = false;
    if (wanted) mark("refused"); // no permission, battery saver, not visible after all
  }
}

function onVisibility() {
  if (document.visibilityState === "visible") ask();
}

// on: a match is running and this player has a seat in it. Called as often as the page likes.
export function keepAwake(on) {
  if (on === wanted) return;
  wanted = on;
  if (on) {
    document.addEventListener("visibilitychange", onVisibility);
    ask();
    return;
  }
  document.removeEventListener("visibilitychange", onVisibility);
  const held = lock;
  lock = null;
  mark(null);
  if (held) held.release().catch(() => {});
}
