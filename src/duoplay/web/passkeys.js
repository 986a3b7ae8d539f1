// Passkeys: the same profile on another device. A player adds a passkey on their profile page; on
// another browser, "Sign in with a passkey" finds it (no name to type) and that browser keeps the
// same player from then on. The server checks every answer (docs/server.md, Passkeys).
import { api, clear, h, toast } from "./dom.js";
import { errorText, t } from "./i18n.js";

// The browser can make passkeys and speaks WebAuthn's JSON forms (Chromium 129+, Safari 18+, Firefox 119+).
export function passkeysSupported() {
  return Boolean(window.PublicKeyCredential && PublicKeyCredential.parseCreationOptionsFromJSON
    && PublicKeyCredential.parseRequestOptionsFromJSON);
}

const post = (path, body) => api(path, { method: "POST", body: JSON.stringify(body || {}) });

// The person closed the browser's dialog or let it time out: not an error worth a red toast.
const dismissed = (error) => error && (error.name === "NotAllowedError" || error.name === "AbortError");

export async function addPasskey(label) {
  const { ceremony, publicKey } = await post("/api/me/passkeys/options");
  const credential = await navigator.credentials.create({
    publicKey: PublicKeyCredential.parseCreationOptionsFromJSON(publicKey) });
  return post("/api/me/passkeys", { ceremony, credential: credential.toJSON(), label });
}

export async function signInWithPasskey() {
  const { ceremony, publicKey } = await post("/api/passkeys/options");
  const credential = await navigator.credentials.get({
    publicKey: PublicKeyCredential.parseRequestOptionsFromJSON(publicKey) });
  return post("/api/passkeys/sign-in", { ceremony, credential: credential.toJSON() });
}

// A guess at the device's name for the passkey's label ("Android phone", "Mac"), editable later by removing.
function deviceLabel() {
  const agent = navigator.userAgent;
  const kinds = [[/Android/, t("Android phone")], [/iPhone|iPad/, t("iPhone or iPad")], [/Mac OS/, t("Mac")],
    [/Windows/, t("Windows computer")], [/Linux/, t("Linux computer")]];
  const found = kinds.find(([pattern]) => pattern.test(agent));
  return found ? found[1] : t("This device");
}

// The profile owner's passkeys: the list, Remove, and Add a passkey.
export function passkeysPanel() {
  const list = h("ul.passkeys", { id: "passkeys" });
  const add = h("button", { type: "button", id: "add-passkey" }, t("Add a passkey"));
  const panel = h("section.card-panel.passkeys-panel", { id: "passkeys-panel" },
    h("h2", {}, t("Passkeys")),
    h("p.hint", {}, t("A passkey keeps this profile on your other devices: sign in there with it, no password.")),
    list, add);

  async function refresh() {
    let keys = [];
    try {
      ({ passkeys: keys } = await api("/api/me/passkeys"));
    } catch (error) {
      toast(errorText(error), "error");
      return;
    }
    clear(list);
    if (!keys.length) list.append(h("li.empty", {}, t("No passkey yet: this profile lives in this browser only.")));
    for (const key of keys) {
      const when = new Date(key.created_at * 1000).toLocaleDateString();
      list.append(h("li", { dataset: { passkey: key.id } },
        h("span.label", {}, key.label),
        // i18n: when a passkey was added to the profile; {date}: the day.
        h("span.when", {}, t("added {date}", { date: when })),
        h("button.link", { type: "button", onclick: () => remove(key) }, t("Remove"))));
    }
    panel.dataset.count = String(keys.length);
  }

  async function remove(key) {
    try {
      await api(`/api/me/passkeys/${encodeURIComponent(key.id)}`, { method: "DELETE" });
    } catch (error) {
      toast(errorText(error), "error");
    }
    refresh();
  }

  add.addEventListener("click", async () => {
    add.disabled = true;
    try {
      await addPasskey(deviceLabel());
      toast(t("Passkey added: sign in with it on your other devices."), "info");
    } catch (error) {
      if (!dismissed(error)) toast(errorText(error), "error");
    } finally {
      add.disabled = false;
    }
    refresh();
  });

  if (!passkeysSupported()) {
    add.disabled = true;
    list.replaceChildren(h("li.empty", {}, t("This browser cannot make passkeys.")));
  } else {
    refresh();
  }
  return panel;
}

// For a browser that keeps no player yet, or another one: sign in with a passkey made elsewhere.
// `signedIn(player)` runs once this browser keeps the passkey's player.
export function signInPanel(signedIn) {
  const button = h("button", { type: "button", id: "passkey-sign-in" }, t("Sign in with a passkey"));
  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      const { player } = await signInWithPasskey();
      signedIn(player);
    } catch (error) {
      if (!dismissed(error)) toast(errorText(error), "error");
    } finally {
      button.disabled = false;
    }
  });
  const panel = h("section.card-panel.passkey-sign-in", { id: "passkey-sign-in-panel" },
    h("p.hint", {}, t("Played on another device? Bring that profile here.")), button);
  panel.hidden = !passkeysSupported();
  return panel;
}
