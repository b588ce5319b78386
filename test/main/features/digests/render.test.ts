// Digests in words and numbers (features/digests/render.ts): 1,000 changes render as a mail (text and
// HTML), a Slack and a Teams message with the right counts, links and limits; whatever a company,
// news item or watch is called, nothing from it is markup in the HTML or Slack's mrkdwn.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CHAT_LIMITS, MAIL_LIMITS, renderMail, renderSlack, renderTeams, type DigestInput } from '../../../../src/main/features/digests/render';
import { TEAMS_MAX_BYTES } from '../../../../src/main/features/digests/render-chat';
import { notShown, type WatchSection } from '../../../../src/main/features/digests/digest-model';
import { clean, escapeHtml, formatValue } from '../../../../src/main/features/digests/render-values';
import type { FoundChange } from '../../../../src/main/features/watches/change-store';
import { digestOf, LINKS, LIST_WATCH, SEARCH_WATCH, thousandChanges } from './helpers/digest-fixture';

const count = (text: string, part: string | RegExp) => text.split(part).length - 1;
const deep = (watchId: string, check?: string) => `firmscope://watches/${watchId}/changes${check ? `?check=${check}` : ''}`;
/** Every text of a Slack payload: the fallback and each block's mrkdwn. */
const slackTexts = (p: ReturnType<typeof renderSlack>) => [p.text, ...p.blocks.flatMap((b) => ('text' in b ? [b.text.text] : 'elements' in b ? b.elements.map((e) => e.text) : []))];

describe('a digest of 1,000 changes', () => {
  const input = digestOf(thousandChanges());
  const searchTitle = '500 companies entered ‘DE manufacturing > 500’';
  const listTitle = '50 rating downgrades in ‘Portfolio A’';

  it('renders all three formats within the issue\'s 1 s', () => {
    const t = performance.now();
    renderMail(input);
    renderSlack(input);
    renderTeams(input);
    expect(performance.now() - t).toBeLessThan(1000);
  });

  it('as a mail: the notification\'s words, the first changes of each watch, then how many more, one link each', () => {
    const { subject, text, html } = renderMail(input);
    expect(subject).toBe(`Firmscope daily digest: ${searchTitle} and 1 more watch`);
    for (const part of [text, html.replace(/&gt;/g, '>')]) {
      expect(part).toContain('1,000 changes in 2 watches.');
      expect(part).toContain(searchTitle);
      expect(part).toContain('500 companies entered, 100 left, 200 fields changed in 100 companies.');
      expect(part).toContain(listTitle);
      expect(part).toContain('50 rating downgrades, 30 rating upgrades, 40 companies with a score move of 5 points or more, 80 new news items.');
      expect(part).toContain('and 750 more in the app');
      expect(part).toContain('and 150 more in the app');
      expect(part).toContain('Checked 2026-11-28 09:00 UTC.');
    }
    // Each shown change with old and new values, records shortened, and its own deep link.
    expect(count(html, '<tr>')).toBe(2 * MAIL_LIMITS.perWatch);
    expect(count(text, `${deep(SEARCH_WATCH.id, '101')}&company=`)).toBe(MAIL_LIMITS.perWatch);
    expect(count(text, `${deep(LIST_WATCH.id, '202')}&company=`)).toBe(MAIL_LIMITS.perWatch);
    expect(text).toContain('- Company 0 GmbH: Entered the search: — → Company 0 GmbH, DE, Berlin');
    expect(text).toContain('- Company 30000 GmbH: ESG rating: A → BBB (downgrade)');
    expect(text).not.toContain('xxxxxxxxxx');
    expect(html).toContain(`<a href="${deep(SEARCH_WATCH.id, '101')}&amp;company=c00000">Company 0 GmbH</a>`);
    // The unsubscribe link and the app's digest settings; Gmail clips past 102 KB.
    for (const part of [text, html]) expect(part).toContain(LINKS.unsubscribeUrl);
    expect(html).toContain('href="firmscope://digests"');
    expect(Buffer.byteLength(html)).toBeLessThan(102_000);
  });

  it('as a Slack message: blocks within Slack\'s limits, each watch\'s headline linked, the rest counted', () => {
    const p = renderSlack(input);
    expect(p.blocks.length).toBeLessThanOrEqual(50);
    const texts = slackTexts(p);
    for (const t of texts) expect(t.length).toBeLessThanOrEqual(3000);
    const all = texts.join('\n');
    expect(all).toContain(`*<${deep(SEARCH_WATCH.id, '101')}|500 companies entered ‘DE manufacturing &gt; 500’>*`);
    expect(all).toContain(`*<${deep(LIST_WATCH.id, '202')}|${listTitle}>*`);
    expect(count(all, '&amp;company=')).toBe(2 * CHAT_LIMITS.perWatch);
    expect(all).toContain(`<${deep(SEARCH_WATCH.id, '101')}|and ${800 - CHAT_LIMITS.perWatch} more in the app>`);
    expect(all).toContain(`<${LINKS.unsubscribeUrl}|Unsubscribe>`);
    expect(p.text).toBe(`Firmscope daily digest: 500 companies entered ‘DE manufacturing &gt; 500’ and 1 more watch`);
    for (const b of p.blocks) if (b.type === 'section') expect(b.text.verbatim).toBe(true);
  });

  it('as a Teams message: one Adaptive Card 1.4 in a message attachment, under the size limit', () => {
    const p = renderTeams(input);
    expect(p.type).toBe('message');
    expect(p.attachments).toHaveLength(1);
    const card = p.attachments[0]!;
    expect(card.contentType).toBe('application/vnd.microsoft.card.adaptive');
    expect(card.content).toMatchObject({ type: 'AdaptiveCard', version: '1.4' });
    expect(Buffer.byteLength(JSON.stringify(p))).toBeLessThanOrEqual(TEAMS_MAX_BYTES);
    const json = JSON.stringify(p);
    expect(json).toContain(searchTitle);
    expect(json).toContain(`"url":"${deep(SEARCH_WATCH.id, '101')}&company=c00000"`);
    expect(json).toContain('and 792 more in the app');
    expect(card.content.actions).toContainEqual({ type: 'Action.OpenUrl', title: 'Unsubscribe', url: LINKS.unsubscribeUrl });
  });

  it('shows a few watches and counts the rest; a watch of several checks links to all its changes', () => {
    const items = Array.from({ length: 25 }, (_, i) => ({ ...thousandChanges()[1]!, watch: { ...LIST_WATCH, id: `9b1d2e3f-4a5b-4c6d-8e7f-${String(i).padStart(12, '0')}`, name: `List ${i}` } }));
    const { text } = renderMail(digestOf(items));
    expect(text).toContain('1,000 more changes in 5 more watches: open the app.');
    expect(count(text, '&company=')).toBe(MAIL_LIMITS.total);
    const twice = renderMail(digestOf([thousandChanges()[0]!, { ...thousandChanges()[0]!, checkId: '102' }]));
    expect(twice.text).toContain(`Open in Firmscope: ${deep(SEARCH_WATCH.id)}\n`);
    expect(twice.text).toContain('1,000 companies entered ‘DE manufacturing > 500’');
  });
});

describe('links through the team server', () => {
  it('with openVia, every app link is an https page that names the deep link', () => {
    const via = 'https://team.example.test/v1/open';
    const input = { ...digestOf(thousandChanges()), links: { ...LINKS, openVia: via } };
    const { text, html } = renderMail(input);
    const deepChange = `firmscope://watches/${SEARCH_WATCH.id}/changes?check=101&company=c00000`;
    expect(text).toContain(`${via}?link=${encodeURIComponent(deepChange)}`);
    expect(html).toContain(`href="${via}?link=${encodeURIComponent(deepChange)}"`);
    expect(html).toContain(`href="${via}?link=${encodeURIComponent('firmscope://digests')}"`);
    expect(html).not.toContain('href="firmscope://');
    expect(JSON.stringify(renderSlack(input))).toContain(`<${via}?link=${encodeURIComponent(deepChange)}|Company 0 GmbH>`);
    expect(JSON.stringify(renderTeams(input))).not.toContain('"url":"firmscope://');
  });
});

describe('escaping what the service and members named', () => {
  const nasty: FoundChange[] = [
    { kind: 'entered', companyId: 'c1', companyName: 'Acme <script>alert(1)</script> & "Co" \'Ltd\'', field: null, module: null, oldValue: null, newValue: { name: '<b>Acme</b>', country: 'DE' }, detail: null },
    { kind: 'field', companyId: 'c2', companyName: '=HYPERLINK("http://evil.example","Click")', field: 'note<i>', module: null, oldValue: 'a & b', newValue: '</td></tr></table><a href="http://evil.example">x</a>', detail: null },
  ];
  const news: FoundChange[] = [{ kind: 'news', companyId: 'c3', companyName: 'News & Co', field: null, module: 'news', oldValue: null, newValue: '<img src=x onerror=alert(1)> "quoted" & <https://evil.example|click>', detail: null }];
  const input: DigestInput = digestOf([
    { watch: { ...SEARCH_WATCH, name: '<b>Watch</b> & "co"' }, checkId: '1', checkedAt: '2026-11-28T09:00:00Z', changes: nasty },
    { watch: LIST_WATCH, checkId: '2', checkedAt: '2026-11-28T09:00:00Z', changes: news },
  ]);

  it('HTML: every name, value and news text is text, never markup or an attribute', () => {
    const { html, text, subject } = renderMail(input);
    expect(html).not.toMatch(/<script|<img|<b>|<i>|href="http:\/\/evil/i);
    expect(html).toContain('Acme &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot; &#39;Ltd&#39;');
    expect(html).toContain('=HYPERLINK(&quot;http://evil.example&quot;,&quot;Click&quot;)');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; &quot;quoted&quot; &amp; &lt;https://evil.example|click&gt;');
    expect(html).toContain('1 company entered ‘&lt;b&gt;Watch&lt;/b&gt; &amp; &quot;co&quot;’');
    // The plain text says it as it is; the subject is one line.
    expect(text).toContain('Acme <script>alert(1)</script> & "Co"');
    expect(subject).not.toMatch(/[\r\n]/);
  });

  it('Slack: &, < and > escaped everywhere, so no text opens a link or a mention', () => {
    const all = slackTexts(renderSlack(input)).join('\n');
    expect(all).toContain('Acme &lt;script&gt;alert(1)&lt;/script&gt; &amp; "Co"');
    expect(all).toContain('&lt;img src=x onerror=alert(1)&gt; "quoted" &amp; &lt;https://evil.example|click&gt;');
    expect(all).not.toMatch(/<script|<https:\/\/evil/);
  });

  it('Teams: service text only in TextRuns (shown as written), the one TextBlock is ours', () => {
    const card = renderTeams(input).attachments[0]!.content;
    const blocks = JSON.stringify(card.body).match(/"type":"TextBlock","text":"[^"]*"/g) ?? [];
    expect(blocks).toEqual(['"type":"TextBlock","text":"Firmscope daily digest"']);
    expect(JSON.stringify(card)).toContain('"text":"Acme <script>alert(1)</script> & \\"Co\\" \'Ltd\'"');
  });

  it('cuts a huge news title and drops control and bidi characters', () => {
    const huge: FoundChange = { kind: 'news', companyId: 'c4', companyName: 'Evil\u202e gnp.exe\r\nBcc: x', field: null, module: 'news', oldValue: null, newValue: 'n'.repeat(5_000_000), detail: null };
    const t = performance.now();
    const { text } = renderMail(digestOf([{ watch: LIST_WATCH, checkId: '3', checkedAt: '2026-11-28T09:00:00Z', changes: [huge] }]));
    expect(performance.now() - t).toBeLessThan(500);
    expect(text).toContain('- Evil gnp.exe Bcc: x: New news: — → ' + 'n'.repeat(199) + '…');
    expect(clean('a\u0000b\u2066c')).toBe('a b c');
    expect(formatValue({ x: [1], y: 2, z: 'three', w: true, v: 5 })).toBe('y: 2, z: three, w: yes');
    expect(formatValue([1, 2.345, 'x'])).toBe('1, 2.35, x');
  });
});

describe('property: nothing from the input is markup', () => {
  const text = fc.string({ unit: fc.constantFrom('<', '>', '&', '"', "'", '|', '*', 'a', ' ', '/', '=', 'é', '\n'), maxLength: 40 });
  const change = fc.record({
    kind: fc.constantFrom('entered', 'left', 'field', 'news', 'commitment', 'rating', 'score'),
    companyName: text,
    field: text,
    oldValue: fc.oneof(text, fc.record({ name: text, country: text })),
    newValue: fc.oneof(text, fc.record({ name: text, country: text })),
    detail: text,
  });
  const digest = fc.record({ watchName: text, memberName: text, changes: fc.array(change, { minLength: 1, maxLength: 12 }) });
  type Drawn = { watchName: string; memberName: string; changes: Array<Record<string, string | Record<string, string>> & { kind: FoundChange['kind'] }> };

  /** The digest drawn, its every text replaced by `blank` when given (the same shape, nothing to escape). */
  function inputOf(d: Drawn, blank?: string): DigestInput {
    const t = (s: string) => blank ?? s;
    const v = (x: string | Record<string, string>) => (typeof x === 'string' ? t(x) : { name: t(x.name!), country: t(x.country!) });
    const changes: FoundChange[] = d.changes.map((c, i) => ({
      kind: c.kind,
      companyId: `c${i}`,
      companyName: t(c.companyName as string),
      field: t(c.field as string),
      module: null,
      oldValue: v(c.oldValue!),
      newValue: v(c.newValue!),
      // A leaver's reason always has words of its own (watches/leaver-reasons.ts), around the drawn text.
      detail: c.kind === 'rating' ? 'downgrade' : c.kind === 'left' ? `No longer matches: ${t(c.detail as string)}` : t(c.detail as string),
    }));
    return { member: { name: t(d.memberName) }, cadence: 'weekly', items: [{ watch: { ...SEARCH_WATCH, name: t(d.watchName) }, checkId: '1', checkedAt: '2026-11-28T09:00:00Z', changes }], links: LINKS };
  }

  it('HTML: the same tags and quotes as with harmless text, every & an entity', () => {
    fc.assert(
      fc.property(digest, (d) => {
        const html = renderMail(inputOf(d as Drawn)).html;
        const plain = renderMail(inputOf(d as Drawn, 'x')).html;
        expect(count(html, '<')).toBe(count(plain, '<'));
        expect(count(html, '>')).toBe(count(plain, '>'));
        expect(count(html, '"')).toBe(count(plain, '"'));
        expect(count(html, "'")).toBe(0);
        expect(count(html, /&(?!(amp|lt|gt|quot|#39);)/g)).toBe(0);
      }),
      { numRuns: 300 },
    );
  });

  it('Slack: no raw <, > or & from the input', () => {
    fc.assert(
      fc.property(digest, (d) => {
        const all = slackTexts(renderSlack(inputOf(d as Drawn))).join('\n');
        const plain = slackTexts(renderSlack(inputOf(d as Drawn, 'x'))).join('\n');
        expect(count(all, '<')).toBe(count(plain, '<'));
        expect(count(all, '>')).toBe(count(plain, '>'));
        expect(count(all, /&(?!(amp|lt|gt);)/g)).toBe(0);
      }),
      { numRuns: 300 },
    );
  });

  it('HTML holds each short company name, escaped', () => {
    fc.assert(
      fc.property(digest, (d) => {
        const html = renderMail(inputOf(d as Drawn)).html;
        for (const c of (d as Drawn).changes) {
          const name = clean(c.companyName as string, 120);
          if (name) expect(html).toContain(`>${escapeHtml(name)}</a>`);
        }
      }),
      { numRuns: 100 },
    );
  });
});

describe('a digest reads like the inbox (issue 38)', () => {
  const change = (c: Partial<FoundChange> & Pick<FoundChange, 'kind' | 'companyId'>): FoundChange => ({ companyName: null, field: null, module: null, oldValue: null, newValue: null, detail: null, ...c });

  it('a company’s address move is one change; a company that left says why', () => {
    const changes: FoundChange[] = [
      change({ kind: 'left', companyId: 'c1', companyName: 'Alpha GmbH', oldValue: { name: 'Alpha GmbH', country: 'DE' }, detail: 'No longer matches: Country “AT” (condition: Country equals “DE”).' }),
      change({ kind: 'field', companyId: 'c2', companyName: 'Beta AG', field: 'address.street', oldValue: 'Hauptstr. 1', newValue: 'Ring 2' }),
      change({ kind: 'field', companyId: 'c2', companyName: 'Beta AG', field: 'address.postal_code', oldValue: '10115', newValue: '20095' }),
      change({ kind: 'field', companyId: 'c2', companyName: 'Beta AG', field: 'address.city', oldValue: 'Berlin', newValue: 'Hamburg' }),
      change({ kind: 'field', companyId: 'c2', companyName: 'Beta AG', field: 'employee_count', oldValue: 100, newValue: 130 }),
      change({ kind: 'field', companyId: 'c3', companyName: 'Gamma SE', field: 'address.city', oldValue: 'Köln', newValue: 'Bonn' }),
    ];
    const { text } = renderMail(digestOf([{ watch: SEARCH_WATCH, checkId: '7', checkedAt: '2026-11-28T09:00:00Z', changes }]));
    expect(text).toContain('- Alpha GmbH: Left the search: Alpha GmbH, DE → — (No longer matches: Country “AT” (condition: Country equals “DE”).)');
    expect(text).toContain('- Beta AG: address: street: Hauptstr. 1; postal code: 10115; city: Berlin → street: Ring 2; postal code: 20095; city: Hamburg');
    expect(text).toContain('- Beta AG: employee_count: 100 → 130');
    expect(text).toContain('- Gamma SE: address.city: Köln → Bonn');
    expect(count(text, '- Beta AG:')).toBe(2);
  });

  it('"more in the app" counts the changes not shown, a shown move counting its parts', () => {
    const section = { total: 10, changes: [{ covers: 3 }, { covers: 1 }] } as unknown as WatchSection;
    expect(notShown(section, 2)).toBe(6);
    expect(notShown(section, 1)).toBe(7);
    expect(notShown(section, 0)).toBe(10);
  });
});

