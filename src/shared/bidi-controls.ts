// Bidi embedding, override and isolate controls (U+202A..U+202E, U+2066..U+2069): text from the
// service could use them to show itself reversed ("gnp.exe" read as "exe.png") or to reorder what
// follows it on the line. Screens drop them (and isolate service text in <bdi>); exports keep the exact
// text (an export never changes the data), and the CSV formula prefix looks past them (cell-rules.ts).
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

export function stripBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}
