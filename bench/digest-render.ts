// The render of a digest of 1,000 changes (issue 37: "a digest of 1,000 changes renders in at most
// 1 s"): the e-mail (subject, text, HTML), the Slack payload and the Teams card from one digest, as a
// node does before each send (features/digests/render.ts). The changes are those of the tests
// (test/main/features/digests/helpers/digest-fixture.ts): 800 of a search watch (entered companies
// with whole 2 KB records, exits, field changes) and 200 of a list watch (ratings, scores, news).
// Measured in the same run:
//   - ours: the three formats with their default limits (the first 50 changes per watch in a mail);
//   - ours, every change shown: the same with the limits raised to 1,000 (the cost of the words
//     and escaping themselves, not only of the cut);
//   - raw baseline: one line per change by string concatenation with JSON.stringify of each value,
//     no grouping, wording or escaping (what a naive digest would do);
// each `rounds` times after one warm-up; medians, the ratios to the baseline, and the target.
// Run: npx tsx bench/digest-render.ts [rounds=15]
import { renderMail, renderSlack, renderTeams, type DigestInput } from '../src/main/features/digests/render';
import { digestOf, thousandChanges } from '../test/main/features/digests/helpers/digest-fixture';

const rounds = Number(process.argv[2] ?? 15);
const TARGET_MS = 1000;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

function time(label: string, work: () => number): number {
  const times: number[] = [];
  let size = 0;
  for (let r = 0; r <= rounds; r++) {
    const t = performance.now();
    size = work();
    if (r > 0) times.push(performance.now() - t); // round 0 warms up
  }
  const m = median(times);
  console.log(`${label}: median ${m.toFixed(1)} ms over ${rounds} rounds (min ${Math.min(...times).toFixed(1)}, max ${Math.max(...times).toFixed(1)}), ${(size / 1024).toFixed(0)} KB out`);
  return m;
}

function ours(input: DigestInput, all = false): number {
  const limits = all ? { perWatch: 1000, total: 1000, watches: 20 } : undefined;
  const mail = renderMail(input, limits);
  const slack = JSON.stringify(renderSlack(input, limits));
  const teams = JSON.stringify(renderTeams(input, limits));
  return mail.text.length + mail.html.length + slack.length + teams.length;
}

function raw(input: DigestInput): number {
  let out = '';
  for (const item of input.items) for (const c of item.changes) out += `${c.companyName}: ${c.kind} ${c.field ?? ''} ${JSON.stringify(c.oldValue)} -> ${JSON.stringify(c.newValue)}\n`;
  return out.length;
}

const input = digestOf(thousandChanges());
const count = input.items.reduce((n, i) => n + i.changes.length, 0);
console.log(`digest of ${count.toLocaleString('en-US')} changes in ${input.items.length} watches (mail text + HTML, Slack, Teams)`);
const base = time('raw baseline (one JSON line per change)', () => raw(input));
const capped = time('ours (default limits)', () => ours(input));
const full = time('ours, every change shown', () => ours(input, true));
console.log(`ratio to the baseline: ours ${(capped / base).toFixed(2)}x, every change shown ${(full / base).toFixed(2)}x`);
console.log(`target <= ${TARGET_MS} ms: ours ${capped.toFixed(1)} ms ${capped <= TARGET_MS ? 'PASS' : 'OVER'}; every change shown ${full.toFixed(1)} ms ${full <= TARGET_MS ? 'PASS' : 'OVER'}`);
