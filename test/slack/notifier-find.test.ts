/**
 * Finding a message again after a crash: the Slack notifier tags what it posts with message
 * metadata and reads it back from the DM's (or the thread's) recent history, as Slack answers
 * conversations.history and conversations.replies with `include_all_metadata`.
 */
import { describe, expect, it } from 'vitest';
import { DELIVERY_EVENT } from '../../adapters/slack/notifier.ts';
import { english } from '../../src/core/i18n/voice.ts';
import { LookupFailedError } from '../../src/core/notifier.ts';
import { info } from '../../src/core/reply.ts';
import { useSlackBot } from '../fakes/slack-harness.ts';

const slack = useSlackBot();
const fake = () => slack.fake;
const notifier = () => slack.bot.served.adapters[0]!.notifier;
const ada = { kind: 'user', chatUserId: 'U-ADA' } as const;
const tag = (deliveryId: string) => ({ deliveryId, taskId: 'task-1' });
const aMinuteAgo = () => new Date(Date.now() - 60_000);

describe('SlackNotifier.find', () => {
  it('tags a post with metadata naming the delivery and the task', async () => {
    await notifier().post(ada, info(english, 'New task'), tag('d-1'));
    expect(fake().callsOf('chat.postMessage')[0]?.args.metadata).toEqual({
      event_type: DELIVERY_EVENT,
      event_payload: { delivery_id: 'd-1', task_id: 'task-1' },
    });
  });

  it('finds a DM posted before the crash by its delivery id, in the DM channel', async () => {
    await notifier().post(ada, info(english, 'Another message'), tag('d-0'));
    const ref = await notifier().post(ada, info(english, 'New task'), tag('d-1'));
    await notifier().post(ada, info(english, 'Later message'));
    expect(await notifier().find(ada, tag('d-1'), aMinuteAgo())).toEqual({ kind: 'found', ref });
    const [history] = fake().callsOf('conversations.history');
    expect(history?.args).toMatchObject({ channel: 'D-U-ADA', include_all_metadata: 'true' });
  });

  it('says absent when no message carries the delivery id, and looks only since the intent', async () => {
    await notifier().post(ada, info(english, 'Old'), tag('d-old'));
    const since = aMinuteAgo();
    expect(await notifier().find(ada, tag('d-2'), since)).toEqual({ kind: 'absent' });
    // From a minute before the intent was written (for clocks a little apart), not from the start.
    const oldest = Number(fake().callsOf('conversations.history')[0]?.args.oldest);
    expect(oldest).toBe((since.getTime() - 60_000) / 1000);
  });

  it('reads page after page of a busy DM', async () => {
    const ref = await notifier().post(ada, info(english, 'New task'), tag('d-3'));
    for (let n = 0; n < 450; n++) await notifier().post(ada, info(english, `Chatter ${n}`));
    expect(await notifier().find(ada, tag('d-3'), aMinuteAgo())).toEqual({ kind: 'found', ref });
    expect(fake().callsOf('conversations.history').length).toBe(3);
  });

  it('says which scope is missing when Slack refuses to read the history', async () => {
    await notifier().post(ada, info(english, 'New task'), tag('d-5'));
    fake().withoutScopes.add('im:history');
    const refused = notifier().find(ada, tag('d-5'), aMinuteAgo());
    await expect(refused).rejects.toBeInstanceOf(LookupFailedError);
    await expect(refused).rejects.toMatchObject({
      missingScope: 'im:history',
      message: 'Slack conversations.history needs the im:history scope',
    });
  });

  it('cannot tell when there is more history than it reads, and says so', async () => {
    await notifier().post(ada, info(english, 'New task'), tag('d-6'));
    for (let n = 0; n < 1_001; n++) await notifier().post(ada, info(english, `Chatter ${n}`));
    await expect(notifier().find(ada, tag('d-6'), aMinuteAgo())).rejects.toBeInstanceOf(
      LookupFailedError,
    );
  });

  it('finds a follow-up in the message’s thread', async () => {
    const ref = await notifier().post(ada, info(english, 'New task'), tag('d-4'));
    await notifier().followUp(ref, info(english, 'Still waiting'), tag('d-4:r1'));
    expect((await notifier().find(ref, tag('d-4:r1'), aMinuteAgo())).kind).toBe('found');
    expect((await notifier().find(ref, tag('d-4:r2'), aMinuteAgo())).kind).toBe('absent');
    expect(fake().callsOf('conversations.replies')[0]?.args).toMatchObject({
      channel: 'D-U-ADA',
      include_all_metadata: 'true',
    });
  });

  it('finds a channel post in the channel', async () => {
    const channel = { kind: 'channel', channelId: 'C-APPROVALS' } as const;
    const ref = await notifier().post(channel, info(english, 'New task'), tag('d-5'));
    expect(await notifier().find(channel, tag('d-5'), aMinuteAgo())).toEqual({
      kind: 'found',
      ref,
    });
  });
});
