// Card names that fit their card whole. CSS wraps a name between words only and shrinks the letters
// with the card's width; a long compound word (Swedish "Boxningshandskar", Polish "Podnoszenie")
// can still be wider than a phone's card, and would be cut. Those names get smaller letters here,
// measured on the page, so every word shows whole and no line is cut off below.
const SMALLEST = 7; // px: below this a name is no longer read; the card's picture still is

function overflows(box) {
  return box.scrollWidth > box.clientWidth + 0.5 || box.scrollHeight > box.clientHeight + 0.5;
}

// Every `.name` under `root` (the grid), each on its own: start from the style sheet's size.
export function fitNames(root) {
  for (const box of root.querySelectorAll(".duos-card .name")) {
    box.style.fontSize = "";
    if (!box.clientWidth || !overflows(box)) continue;
    let size = parseFloat(getComputedStyle(box).fontSize);
    // The widest word sets the first guess; then small steps until nothing spills over.
    size = Math.max(SMALLEST, Math.floor(size * Math.min(1, box.clientWidth / box.scrollWidth) * 10) / 10);
    box.style.fontSize = `${size}px`;
    while (overflows(box) && size > SMALLEST) {
      size = Math.max(SMALLEST, size - 0.5);
      box.style.fontSize = `${size}px`;
    }
  }
}
