// The table kit: the pieces every game's table has, in one import. Each piece takes the table's
// id prefix, builds its own element (`.element`) for the table to place, and is told what to show;
// it knows nothing of any game. Their look is kit.css, which a table.css imports first.
export { ErrorLine } from "./errors.js";
export { keyHints, kbd, listenKeys, withKey } from "./keys.js";
export { EventLog } from "./log.js";
export { Modal, modalOpen } from "./modal.js";
export { scoreTable, Scoreboard } from "./scoreboard.js";
export { presence, seatTag, SeatStrip, takeoverBadge } from "./seats.js";
export { TurnRing } from "./ring.js";
export { TurnStatus } from "./status.js";
export { clockText, Countdown } from "./timer.js";
export { sound } from "./sound.js";
export { focusTable } from "./page.js";
export { pastEvents } from "./backlog.js";
export { bundleLoader } from "./bundle.js";
export { rulesLink } from "../rules.js";
