// What happened before this page joined the match: after a reload or a late arrival, the events of
// the match so far as a spectator heard them (the server's replay of a running match hides every
// hand), so a table can rebuild its log instead of starting empty.
import { api } from "../dom.js";

// The events of the first `upTo` actions of the match, oldest first; [] when the replay cannot be
// had (the match is gone, the server is busy): the log then starts from now, as it used to.
export async function pastEvents(matchId, upTo) {
  if (!matchId || !(upTo > 0)) return [];
  try {
    const replay = await api(`/api/matches/${encodeURIComponent(matchId)}/replay`);
    return replay.frames.slice(1, upTo + 1).flatMap((frame) => frame.events || []);
  } catch {
    return [];
  }
}
