// Everything the client remembers lives in localStorage under "duoplay.*" keys.
const PREFIX = "duoplay.";

function read(key, fallback) {
  try {
    const raw = localStorage.getItem(PREFIX + key);
    return raw === null ? fallback : JSON.parse(raw);
  } catch {
    return fallback; // private mode or a corrupt value: behave as if nothing was stored
  }
}

function write(key, value) {
  try {
    localStorage.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    /* storage full or disabled: the game still works, it just forgets */
  }
}

export function getName() {
  return read("name", "");
}

export function setName(name) {
  write("name", String(name).trim().slice(0, 32));
}

export function getPref(key, fallback) {
  return read("pref." + key, fallback);
}

export function setPref(key, value) {
  write("pref." + key, value);
}

// Seat tokens per room: {CODE: {seat, token}}. The token is the only way back to a seat.
export function getSeat(code) {
  return read("seats", {})[code.toUpperCase()] || null;
}

export function setSeat(code, seat, token) {
  const seats = read("seats", {});
  seats[code.toUpperCase()] = { seat, token };
  write("seats", seats);
}

export function clearSeat(code) {
  const seats = read("seats", {});
  delete seats[code.toUpperCase()];
  write("seats", seats);
}

// "Your recent games": newest first, at most 12.
export function recentGames() {
  const list = read("recent", []);
  return Array.isArray(list) ? list : [];
}

export function rememberGame(code, game, seat) {
  const upper = code.toUpperCase();
  const rest = recentGames().filter((g) => g.code !== upper);
  rest.unshift({ code: upper, game, seat, at: Date.now() });
  write("recent", rest.slice(0, 12));
}

export function forgetGame(code) {
  write("recent", recentGames().filter((g) => g.code !== code.toUpperCase()));
}
