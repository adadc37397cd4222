/**
 * A channel of NOTIFY_RULES the bot was never invited to: Slack answers not_in_channel, and the
 * notifier's error says which channel and what to do, with a code to branch on.
 */
import { describe, expect, it } from 'vitest';
import { NotInChannelError } from '../../adapters/slack/errors.ts';
import { english } from '../../src/core/i18n/voice.ts';
import { RecipientGoneError } from '../../src/core/notifier.ts';
import { info } from '../../src/core/reply.ts';
import { useSlackBot } from '../fakes/slack-harness.ts';

const slack = useSlackBot();
const notifier = () => slack.bot.served.adapters[0]!.notifier;
const hello = info(english, 'New task', { title: 'New task' });

async function refusal(call: () => Promise<unknown>): Promise<NotInChannelError> {
  const error = await call().then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(NotInChannelError);
  return error as NotInChannelError;
}

describe('a channel the bot is not in', () => {
  it('fails a post with NOT_IN_CHANNEL, the channel, and how to fix it', async () => {
    slack.fake.fail('chat.postMessage', { kind: 'error', error: 'not_in_channel' });
    const error = await refusal(() =>
      notifier().post({ kind: 'channel', channelId: 'C0123ABCD' }, hello),
    );
    expect(error.code).toBe('NOT_IN_CHANNEL');
    expect(error.channel).toBe('C0123ABCD');
    expect(error.message).toBe(
      'Slack chat.postMessage: accessbot is not a member of channel C0123ABCD, which NOTIFY_RULES posts to; invite it there with /invite @accessbot',
    );
    // The poller still treats the recipient as gone: nothing is retried until the bot is invited.
    expect(error).toBeInstanceOf(RecipientGoneError);
  });

  it('names the channel when an update or a follow-up is refused', async () => {
    const ref = await notifier().post({ kind: 'channel', channelId: 'C-OPS' }, hello);
    slack.fake.fail('chat.update', { kind: 'error', error: 'not_in_channel' });
    expect((await refusal(() => notifier().update(ref, hello))).channel).toBe('C-OPS');
    slack.fake.fail('chat.postMessage', { kind: 'error', error: 'not_in_channel' });
    expect((await refusal(() => notifier().followUp(ref, hello))).message).toContain(
      'Slack chat.postMessage: accessbot is not a member of channel C-OPS',
    );
  });

  it('does not blame NOTIFY_RULES for a direct message', async () => {
    slack.fake.fail('chat.postMessage', { kind: 'error', error: 'not_in_channel' });
    const error = await refusal(() =>
      notifier().post({ kind: 'user', chatUserId: 'U-ADA' }, hello),
    );
    expect(error.channel).toBeUndefined();
    expect(error.message).toBe('Slack chat.postMessage: not_in_channel');
  });

  it('leaves the other refusals as they were', async () => {
    slack.fake.fail('chat.postMessage', { kind: 'error', error: 'is_archived' });
    const error = await notifier()
      .post({ kind: 'channel', channelId: 'C-OPS' }, hello)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RecipientGoneError);
    expect(error).not.toBeInstanceOf(NotInChannelError);
    expect((error as RecipientGoneError).code).toBe('RECIPIENT_GONE');
  });
});
