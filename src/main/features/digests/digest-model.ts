// A digest before it has a format: the changes of each watch grouped, worded like the in-app
// notification (watches/notice.ts checkFinishedText, counting every change) and cut to what one
// message sensibly carries: the first changes of each watch, then "and 870 more in the app" with a
// link that opens them. Texts here are plain and unescaped; each renderer escapes for its format.
import { CHANGE_KIND_LABELS, SCORE_THRESHOLD_DEFAULT } from '../../../shared/watches/watches';
import { buildDeepLink, type DeepLink } from '../../../shared/team/deep-link';
import type { FoundChange } from '../watches/change-store';
import { checkFinishedText } from '../watches/notice';
import { addressRuns, addressText } from '../watches/address-moves';
import { clean, formatCount, formatValue, formatWhen } from './render-values';

export type Cadence = 'immediate' | 'daily' | 'weekly';

export interface DigestWatch {
  id: string;
  name: string;
  targetKind: 'search' | 'list';
  /** List watches: the score move that counts (the headline says it); default SCORE_THRESHOLD_DEFAULT. */
  scoreThreshold?: number;
}

/** One check of a watch and what it found. */
export interface DigestItem {
  watch: DigestWatch;
  checkId: string;
  /** When the check finished (ISO). */
  checkedAt: string;
  changes: FoundChange[];
}

export interface DigestLinks {
  /** The desktop app's deep-link base, `firmscope://` (shared/team/deep-link.ts). */
  appBase: string;
  /**
   * An https page of the team server that opens a deep link (`?link=<the firmscope:// link>`), for
   * readers that make only http(s) links clickable (Slack, Teams, some webmail). Without it, links
   * are the firmscope:// links themselves.
   */
  openVia?: string;
  /** This subscription's unsubscribe page (https, on the team server). */
  unsubscribeUrl: string;
}

export interface DigestInput {
  member: { name: string };
  cadence: Cadence;
  items: DigestItem[];
  links: DigestLinks;
}

export interface ShownChange {
  company: string;
  /** What changed: "Entered the search", a field path, "ESG score overall"... */
  what: string;
  old: string | null;
  new: string | null;
  /** A word on the move: "+12", "downgrade". */
  note: string | null;
  link: string;
  /** How many of the check's changes it stands for: 1, or the parts of an address move. */
  covers: number;
}

export interface WatchSection {
  watchName: string;
  /** checkFinishedText's title and body: "3 companies entered ‘DE manufacturing > 500’". */
  title: string;
  body: string;
  checkedAt: string;
  total: number;
  /** The first changes, at most the limit's share; a renderer may show fewer. */
  changes: ShownChange[];
  /** Opens the latest check (one check) or every change of the watch (several). */
  link: string;
}

export interface DigestModel {
  memberName: string;
  cadence: Cadence;
  subject: string;
  intro: string;
  sections: WatchSection[];
  /** Watches past the limit, and their changes: only counted. */
  moreWatches: { watches: number; changes: number };
  /** Why the member gets it: "You get this daily digest because you subscribed to it in Firmscope." */
  footer: string;
  unsubscribeUrl: string;
  manageLink: string;
}

export interface DigestLimits {
  /** Changes shown per watch. */
  perWatch: number;
  /** Changes shown in all. */
  total: number;
  /** Watches shown. */
  watches: number;
}

export const CADENCE_WORDS: Record<Cadence, string> = { immediate: 'Firmscope', daily: 'Firmscope daily digest', weekly: 'Firmscope weekly digest' };
const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;
const signed = (x: number) => `${x > 0 ? '+' : ''}${formatCount(Math.round(x * 10) / 10)}`;

function wordChange(c: FoundChange, link: string): ShownChange {
  const company = clean(c.companyName ?? c.companyId, 120);
  const base = { company, link, old: formatValue(c.oldValue), new: formatValue(c.newValue), note: null as string | null, covers: 1 };
  const field = c.field === null ? null : clean(c.field, 120);
  switch (c.kind) {
    case 'field':
      return { ...base, what: field ?? 'Field' };
    case 'left':
      // Why it left, as the check looked it up: gone from the service, or the condition it now fails.
      return { ...base, what: CHANGE_KIND_LABELS.left, note: c.detail === null ? null : clean(c.detail, 300) };
    case 'score': {
      const moved = typeof c.oldValue === 'number' && typeof c.newValue === 'number' ? signed(c.newValue - c.oldValue) : null;
      return { ...base, what: `ESG score${field ? ` ${field}` : ''}`, note: moved };
    }
    case 'rating':
      return { ...base, what: 'ESG rating', note: c.detail === 'upgrade' || c.detail === 'downgrade' ? c.detail : null };
    case 'commitment':
      return c.field === null ? { ...base, what: 'New commitment' } : { ...base, what: `Commitment ‘${clean(c.detail ?? '', 120)}’: ${field}` };
    default:
      return { ...base, what: CHANGE_KIND_LABELS[c.kind] };
  }
}

interface Group {
  watch: DigestWatch;
  items: DigestItem[];
  changes: number;
}

function groupByWatch(items: readonly DigestItem[]): Group[] {
  const groups = new Map<string, Group>();
  for (const item of items) {
    const g = groups.get(item.watch.id) ?? { watch: item.watch, items: [], changes: 0 };
    g.items.push(item);
    g.changes += item.changes.length;
    groups.set(item.watch.id, g);
  }
  return [...groups.values()].filter((g) => g.changes > 0);
}

/** A company's address parts that moved together, as one change: "street: …; city: …". */
function addressMove(parts: readonly FoundChange[], link: string): ShownChange {
  const first = parts[0]!;
  return { company: clean(first.companyName ?? first.companyId, 120), what: 'address', old: clean(addressText(parts, 'oldValue'), 300), new: clean(addressText(parts, 'newValue'), 300), note: null, link, covers: parts.length };
}

/** The section's changes a renderer did not show when it shows its first `shown`: "and 870 more in the app". */
export const notShown = (s: WatchSection, shown: number): number => s.total - s.changes.slice(0, shown).reduce((n, c) => n + c.covers, 0);

type LinkTo = (l: DeepLink) => string;
const linker = (links: DigestLinks): LinkTo => (l) => {
  const deep = buildDeepLink(l, links.appBase);
  return links.openVia ? `${links.openVia}${links.openVia.includes('?') ? '&' : '?'}link=${encodeURIComponent(deep)}` : deep;
};

function section(g: Group, shown: number, linkTo: LinkTo): WatchSection {
  const all = g.items.flatMap((i) => i.changes);
  const words = checkFinishedText(clean(g.watch.name, 120), g.watch.targetKind, all, { scoreThreshold: g.watch.scoreThreshold ?? SCORE_THRESHOLD_DEFAULT });
  const latest = g.items.reduce((a, b) => (b.checkedAt > a.checkedAt ? b : a));
  const changes: ShownChange[] = [];
  for (const item of g.items) {
    // A company's address move in the check is one change, as in the app's inbox and workbook.
    for (const run of addressRuns(item.changes, () => true)) {
      if (changes.length >= shown) break;
      const link = linkTo({ kind: 'changes', watchId: g.watch.id, checkId: item.checkId, companyId: run[0]!.companyId });
      changes.push(run.length > 1 ? addressMove(run, link) : wordChange(run[0]!, link));
    }
  }
  const one = g.items.length === 1;
  return {
    watchName: clean(g.watch.name, 120),
    title: words?.title ?? `${plural(all.length, 'change', 'changes')} in ‘${clean(g.watch.name, 120)}’`,
    body: words?.body ?? '',
    checkedAt: formatWhen(latest.checkedAt),
    total: all.length,
    changes,
    link: linkTo({ kind: 'changes', watchId: g.watch.id, ...(one ? { checkId: latest.checkId } : {}) }),
  };
}

export function buildDigestModel(input: DigestInput, limits: DigestLimits): DigestModel {
  const groups = groupByWatch(input.items);
  const kept = groups.slice(0, limits.watches);
  const dropped = groups.slice(limits.watches);
  const linkTo = linker(input.links);
  let left = limits.total;
  const sections = kept.map((g) => {
    const s = section(g, Math.min(limits.perWatch, left), linkTo);
    left -= s.changes.length;
    return s;
  });
  const total = groups.reduce((n, g) => n + g.changes, 0);
  const first = sections[0];
  const others = groups.length - 1;
  const lead = first ? `${first.title}${others > 0 ? ` and ${plural(others, 'more watch', 'more watches')}` : ''}` : 'Nothing changed';
  return {
    memberName: clean(input.member.name, 120),
    cadence: input.cadence,
    subject: clean(`${CADENCE_WORDS[input.cadence]}: ${lead}`, 250),
    intro: `${plural(total, 'change', 'changes')} in ${plural(groups.length, 'watch', 'watches')}.`,
    sections,
    moreWatches: { watches: dropped.length, changes: dropped.reduce((n, g) => n + g.changes, 0) },
    footer: `You get ${input.cadence === 'immediate' ? 'these notices because you subscribed to them' : `this ${input.cadence} digest because you subscribed to it`} in Firmscope.`,
    unsubscribeUrl: input.links.unsubscribeUrl,
    manageLink: linkTo({ kind: 'digests' }),
  };
}
