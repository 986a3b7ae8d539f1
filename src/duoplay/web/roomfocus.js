// The keyboard's place in the room's seat list, kept across its redraws: after Sit, Add bot or
// Leave the focus stays on that seat (on its new button) instead of falling back to the page's start.

export function whereFocus(box) {
  const el = document.activeElement;
  if (!el || el === document.body || !box.contains(el)) return null;
  const seat = el.closest("li[data-seat]");
  return { id: el.id || null, seat: seat ? seat.dataset.seat : null, kind: el.classList[0] || null };
}

// Focus what `was` named, or what stands in its place now; false when nothing does (after Start,
// whose button goes away as the match begins).
export function giveFocusBack(box, was) {
  if (!was || box.contains(document.activeElement)) return true;
  const seat = was.seat === null ? null : box.querySelector(`li[data-seat="${was.seat}"]`);
  const target = [
    was.id && document.getElementById(was.id),
    seat && was.kind && seat.querySelector(`.${was.kind}`),
    seat && seat.querySelector("button, select"),
  ].find((el) => el && box.contains(el) && !el.disabled);
  if (target) target.focus();
  return Boolean(target);
}

// The table's sentence saying what it waits for: where a keyboard player starts once the match is
// on; Tab goes on from it to the table's controls.
export function focusTableStatus(box) {
  const status = box.querySelector(".kit-status");
  if (!status) return false;
  status.tabIndex = -1;
  status.focus();
  return true;
}
