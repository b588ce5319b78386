// Numbers inside the sentences main and the shared rules write ("2,345 rows", "over the limit of
// 1,000 characters"), in the analyst's locale, so a dialog never reads "25,155 rows … 22.652 cells"
// (issue 39 #5). Each process sets it once it knows the setting (main at start and on a change, the
// renderer before its first paint); until then, and on the team server, sentences are en-US.
let sentenceLocale = 'en-US';
const formats = new Map<string, Intl.NumberFormat>();

export function setSentenceLocale(tag: string): void {
  sentenceLocale = tag;
}

export function currentSentenceLocale(): string {
  return sentenceLocale;
}

/** "12,345" in the analyst's locale: a count in a sentence, grouped, no decimals. */
export function sentenceCount(n: number): string {
  let f = formats.get(sentenceLocale);
  if (!f) formats.set(sentenceLocale, (f = new Intl.NumberFormat(sentenceLocale, { maximumFractionDigits: 0 })));
  return f.format(n);
}

/** "12.5", "1,234.57" in the analyst's locale: a measured value in a sentence, at most two decimals. */
export function sentenceNumber(n: number): string {
  const key = `${sentenceLocale}|2`;
  let f = formats.get(key);
  if (!f) formats.set(key, (f = new Intl.NumberFormat(sentenceLocale, { maximumFractionDigits: 2 })));
  return f.format(n);
}
