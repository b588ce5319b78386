// Text from the service as screens and notifications show it: the one sanitiser (issue 36).
//
// Bidi embedding, override and isolate controls (U+202A..U+202E, U+2066..U+2069) and the marks LRM,
// RLM, ALM: service text could use them to show itself reversed ("gnp.exe" read as "exe.png") or to
// reorder what follows it on the line ("active -> dissolved" for a change the other way). Screens drop
// them and isolate service text in <bdi> (renderer/ui/ServiceText.tsx); notifications, which have no
// <bdi>, also get one line of bounded length. Exports keep the exact text (an export never changes
// the data), and the CSV formula prefix looks past the controls (export/cell-rules.ts).
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;
/** C0 and C1 controls (tab and line breaks included) and the Unicode line and paragraph separators. */
const LINE_BREAKS_AND_CONTROLS = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]+/g;

/** A notification's title is one line of at most this many characters; its body of NOTIFICATION_BODY_MAX. */
export const NOTIFICATION_TEXT_MAX = 200;
export const NOTIFICATION_BODY_MAX = 600;

export function stripBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}

/** Service text as a screen shows it (inside a <bdi>): without bidi controls. */
export const shownText = (text: string): string => stripBidiControls(text);

/**
 * Service text where nothing can isolate it (a notification's title and body, a tooltip, a label
 * joined into a sentence): no bidi controls, no line breaks or control characters (runs become one
 * space), trimmed, and cut to `max` characters with an ellipsis (never inside a surrogate pair).
 */
export function oneLineText(text: string, max = NOTIFICATION_TEXT_MAX): string {
  const line = stripBidiControls(text).replace(LINE_BREAKS_AND_CONTROLS, ' ').replace(/ {2,}/g, ' ').trim();
  // max + 1 code points fit in 2 * max + 2 UTF-16 units: enough to know whether to cut, never the whole of a huge text.
  const chars = Array.from(line.slice(0, 2 * max + 2));
  return chars.length > max ? `${chars.slice(0, max - 1).join('').trimEnd()}…` : line;
}

/** What every notification shows (Electron, the browser's, the in-app notice): both parts one bounded line. */
export function notificationText(title: string, body: string): { title: string; body: string } {
  return { title: oneLineText(title), body: oneLineText(body, NOTIFICATION_BODY_MAX) };
}
