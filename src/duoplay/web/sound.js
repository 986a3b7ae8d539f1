// Sounds and vibration, synthesized with Web Audio (no files to ship or license). Off until the player
// turns them on in the header: a page that beeps on first visit surprises people in a quiet room.
import { getPref, setPref } from "./storage.js";

// Each sound ("call": a player calls out, when a game asks for it): notes as [frequency in Hz, start in s, length in s], and a phone vibration pattern in ms.
const SOUNDS = {
  "your-turn": { notes: [[660, 0, 0.12], [880, 0.12, 0.18]], vibrate: [60] },
  call: { notes: [[523, 0, 0.1], [659, 0.1, 0.1], [784, 0.2, 0.25]], vibrate: [40, 40, 40] },
  caught: { notes: [[392, 0, 0.15], [262, 0.15, 0.3]], vibrate: [200] },
  emote: { notes: [[988, 0, 0.08]], vibrate: [] },
};
export const SOUND_NAMES = Object.keys(SOUNDS);

let context = null;
const listeners = new Set();

export function soundOn() {
  return Boolean(getPref("sound", false));
}

export function setSoundOn(on) {
  setPref("sound", Boolean(on));
  for (const listener of listeners) listener(Boolean(on));
}

export function onSoundChange(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Plays a named sound (and vibrates a phone) if the player turned sound on; unknown names are ignored.
// Each call is recorded on <body data-last-sound> so tests and screen readers' helpers can see it.
export function sound(name) {
  const spec = SOUNDS[name];
  if (!spec || !soundOn()) return false;
  document.body.dataset.lastSound = name;
  if (spec.vibrate.length && navigator.vibrate) navigator.vibrate(spec.vibrate);
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return true;
  context = context || new Context();
  if (context.state === "suspended") context.resume();
  const now = context.currentTime;
  for (const [frequency, start, length] of spec.notes) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = "triangle";
    oscillator.frequency.value = frequency;
    // A short fade in and out: a plain square start clicks.
    gain.gain.setValueAtTime(0, now + start);
    gain.gain.linearRampToValueAtTime(0.2, now + start + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.001, now + start + length);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(now + start);
    oscillator.stop(now + start + length + 0.02);
  }
  return true;
}
