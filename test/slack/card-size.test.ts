/**
 * Every reply the core builds, with the largest data the docs allow, rendered as Block Kit: each
 * message stays well inside Slack's limits — under 12,000 characters of text across its blocks
 * (beyond that Slack refuses it with `msg_blocks_too_long`), 50 blocks, and every element's own
 * limit — and says what it left out.
 */
import { describe, expect, it } from 'vitest';
import { renderReply } from '../../adapters/slack/render.ts';
import { voiceFor } from '../../src/core/i18n/voice.ts';
import { SlackMessage } from '../fakes/slack-blockkit.ts';
import { bigReplies } from '../helpers/big-replies.ts';

/** What Slack counts: the text of every text object, wherever it sits in the blocks. */
function textLength(node: unknown): number {
  if (Array.isArray(node)) return node.reduce((n: number, item) => n + textLength(item), 0);
  if (!node || typeof node !== 'object') return 0;
  const o = node as Record<string, unknown>;
  const own =
    (o.type === 'plain_text' || o.type === 'mrkdwn') && typeof o.text === 'string'
      ? o.text.length
      : 0;
  return Object.entries(o).reduce(
    (n, [k, v]) => n + (k === 'text' && own ? 0 : textLength(v)),
    own,
  );
}

const MESSAGE_TEXT = 12_000;

describe.each(['en', 'de', 'ja'])('Slack messages with the largest data (%s)', (locale) => {
  const v = voiceFor(locale);
  for (const [what, reply] of Object.entries(bigReplies(v))) {
    it(`${what}: within Block Kit's limits and under ${MESSAGE_TEXT} characters of text`, () => {
      const message = renderReply(reply);
      const parsed = SlackMessage.safeParse(message);
      expect(parsed.error?.issues.slice(0, 3) ?? []).toEqual([]);
      expect(message.blocks.length).toBeLessThanOrEqual(50);
      expect(textLength(message.blocks)).toBeLessThan(MESSAGE_TEXT);
    });
  }

  it('says what the app card left out or shortened', () => {
    const blocks = JSON.stringify(renderReply(bigReplies(v)['the app card']!).blocks);
    expect(blocks).toContain(v.t('render.slack.shortened'));
  });

  it('says how many tasks the list left out', () => {
    const blocks = JSON.stringify(
      renderReply(bigReplies(v)['the tasks list of 60 pending tasks']!).blocks,
    );
    expect(blocks).toMatch(new RegExp(v.t('render.slack.leftOut', { what: '.*' }).slice(0, 3)));
  });
});
