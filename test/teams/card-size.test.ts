/**
 * Every reply the core builds, with the largest data the docs allow, as Teams gets it: the whole
 * activity (the card with the message around it) and the card an invoke answers with stay under
 * the 28 KB that Teams accepts for every client (it documents ~40 KB), and say what they left out.
 */
import { describe, expect, it } from 'vitest';
import { cardResponse, messageActivity } from '../../adapters/teams/activity.ts';
import { renderCard } from '../../adapters/teams/render.ts';
import { voiceFor } from '../../src/core/i18n/voice.ts';
import { MAX_MESSAGE_BYTES } from '../fakes/bot-connector.ts';
import { cardProblems } from '../fakes/bot-connector-cards.ts';
import { bigReplies } from '../helpers/big-replies.ts';

const bytes = (json: unknown) => Buffer.byteLength(JSON.stringify(json));
const assignees = Array.from({ length: 60 }, (_, i) => `29:${'x'.repeat(100)}${i}`);

describe.each(['en', 'de', 'ja'])('Teams messages with the largest data (%s)', (locale) => {
  const v = voiceFor(locale);
  for (const [what, reply] of Object.entries(bigReplies(v))) {
    it(`${what}: the activity and the invoke answer stay under ${MAX_MESSAGE_BYTES} bytes`, () => {
      for (const view of ['task', 'list'] as const) {
        const activity = messageActivity(reply, { view, refreshFor: assignees });
        expect(bytes({ ...activity, conversation: { id: 'x'.repeat(200) } })).toBeLessThan(
          MAX_MESSAGE_BYTES,
        );
        const card = renderCard(reply, { view });
        expect(bytes(cardResponse(card))).toBeLessThan(MAX_MESSAGE_BYTES);
        expect(cardProblems(card)).toEqual([]);
      }
    });
  }

  it('says how many tasks the list left out', () => {
    const card = JSON.stringify(renderCard(bigReplies(v)['the tasks list of 60 pending tasks']!));
    expect(card).toContain(
      v.t('render.teams.leftOut', { what: v.t('render.moreTasks', { count: 1 }) }).slice(0, 3),
    );
    expect(card).toContain(v.t('render.teams.shortened'));
  });
});
