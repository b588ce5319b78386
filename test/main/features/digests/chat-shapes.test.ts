// The chat payloads against their documented shapes, read by their makers' own code: a Teams digest
// is parsed by Microsoft's Adaptive Cards library (adaptivecards) with no warning and nothing dropped
// on the way back to JSON; a Slack digest type-checks as Block Kit (@slack/types: each block a
// KnownBlock) and keeps Slack's documented limits (50 blocks, 3,000 characters a section, 150 a
// header, a fallback text).
import type { KnownBlock } from '@slack/types';
import * as AC from 'adaptivecards';
import { describe, expect, it } from 'vitest';
import { renderSlack, renderTeams } from '../../../../src/main/features/digests/render';
import { digestOf, thousandChanges } from './helpers/digest-fixture';

const inputs = {
  'a digest of 1,000 changes': digestOf(thousandChanges()),
  'a digest of one watch': digestOf(thousandChanges().slice(0, 1)),
  'names full of markup': digestOf(thousandChanges().map((i) => ({ ...i, watch: { ...i.watch, name: '<b>*bold*</b> & _it_ | `code` <https://x|y>' } }))),
};

describe.each(Object.entries(inputs))('%s', (_name, input) => {
  it('as Teams: an Adaptive Card 1.4 Microsoft\'s parser takes with no warning and gives back whole', () => {
    const { content } = renderTeams(input).attachments[0]!;
    const card = new AC.AdaptiveCard();
    const context = new AC.SerializationContext();
    card.parse(content, context);
    const events = Array.from({ length: context.eventCount }, (_, i) => context.getEventAt(i).message);
    expect(events).toEqual([]);
    const back = card.toJSON() as { version: string; body: unknown[]; actions?: unknown[] };
    expect(back.version).toBe('1.4');
    expect(back.body).toHaveLength((content as { body: unknown[] }).body.length);
    expect(back.actions ?? []).toHaveLength(((content as { actions?: unknown[] }).actions ?? []).length);
  });

  it('as Slack: Block Kit blocks within Slack\'s limits, with a fallback text', () => {
    const payload = renderSlack(input);
    // Compiles only while every block the renderer makes is one of Slack's own block types.
    const blocks: KnownBlock[] = payload.blocks;
    expect(payload.text.length).toBeGreaterThan(0);
    expect(blocks.length).toBeLessThanOrEqual(50);
    for (const b of blocks) {
      if (b.type === 'section') expect(b.text!.text.length).toBeLessThanOrEqual(3000);
      if (b.type === 'header') expect(b.text.text.length).toBeLessThanOrEqual(150);
      if (b.type === 'context') expect(b.elements.length).toBeLessThanOrEqual(10);
    }
  });
});
