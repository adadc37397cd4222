/**
 * The daily digest on Slack: posted by the real notifier within Block Kit's limits, its rows'
 * Approve and its Approve all shown clicked as Slack sends them. Nothing edits a digest, so the
 * clicker is told each outcome privately, and the digest stays as it was.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { digestReply } from '../../src/core/digest/compose.ts';
import { english } from '../../src/core/i18n/voice.ts';
import { users, workApps } from '../../src/sandbox/seed.ts';
import { checkAllPayloads } from '../fakes/slack-blockkit.ts';
import { useSlackBot } from '../fakes/slack-harness.ts';
import {
  clickPayload,
  findButton,
  sendEvent,
  sendInteraction,
  type Where,
} from '../fakes/slack-payloads.ts';

const slack = useSlackBot();
const fake = () => slack.fake;
const sandbox = () => slack.sandbox.current;
const text = (value: unknown) => JSON.stringify(value);

type Person = keyof typeof users;

/** A new GitHub request of each of `people` for Ada to decide, oldest first. */
function tasksOf(people: Person[]) {
  return people.map((who) => {
    const access = sandbox().state.createAccessRequest({
      workAppId: workApps.github.id,
      userId: users[who].id,
      permissionLevelId: workApps.github.levels.admin.id,
      justification: 'for the release',
    });
    const task = sandbox()
      .state.tasksFor(users.ada.id, 'Pending')
      .find((t) => t.metadata.accessId === access.id)!;
    return slack.sandbox.client.getTask(task.id);
  });
}

/** Ada's digest, posted by the Slack notifier as the poller's outbox posts it. */
async function postDigest(people: Person[]) {
  const tasks = await Promise.all(tasksOf(people));
  await slack.bot.store.rememberTasks(
    users.ada.id,
    tasks.map((t) => t.id),
    new Date(),
  );
  const notifier = slack.bot.served.adapters[0]!.notifier;
  const digest = digestReply(english, tasks, { pendingStatus: 'Pending', now: new Date() });
  const ref = await notifier.post({ kind: 'user', chatUserId: 'U-ADA' }, digest);
  const { channel, ts } = ref.data as { channel: string; ts: string };
  const where: Where = { kind: 'message', channel, ts, responseUrl: fake().responseUrl() };
  return { tasks, where, message: () => fake().messages.get(`${channel}/${ts}`)! };
}

const toldAt = (url: string) =>
  fake().waitFor(() => fake().respondedTo(url)[0]?.body as { text?: string } | undefined);

afterEach(() => {
  expect(checkAllPayloads(fake())).toBeGreaterThan(0);
});

describe('the daily digest on Slack', () => {
  it('shows each row with its buttons, and tells the clicker of a row’s Approve', async () => {
    const { tasks, where, message } = await postDigest(['alan', 'grace']);
    const before = text(message().blocks);
    expect(before).toContain('Your daily digest: 2 tasks wait for you');
    expect(before).toContain('Waiting for');
    const click = clickPayload(message().blocks, 'accessbot.approve', 'U-ADA', where, tasks[0]!.id);
    await sendInteraction(slack.bot.url, click);
    expect(text(await toldAt(where.responseUrl!))).toContain('Approved');
    expect(sandbox().state.task(tasks[0]!.id).status).toBe('Approved');
    expect(text(message().blocks)).toBe(before);
  });

  it('approves every row shown with Approve all shown, and tells the clicker each outcome', async () => {
    const { tasks, where, message } = await postDigest(['barbara', 'dennis']);
    const { button } = findButton(message().blocks, 'accessbot.approve_all');
    // Slack's renderer names it by the rows that made it into the message.
    expect(button.value).toBe(tasks.map((t) => t.id).join(','));
    const click = clickPayload(message().blocks, 'accessbot.approve_all', 'U-ADA', where);
    await sendInteraction(slack.bot.url, click);
    expect(text(await toldAt(where.responseUrl!))).toContain('Approved 2 of 2 tasks');
    expect(tasks.map((t) => sandbox().state.task(t.id).status)).toEqual(['Approved', 'Approved']);
  });
});

describe('the digest control on App Home', () => {
  const published = async (n: number) => {
    const call = await fake().waitFor(() => fake().callsOf('views.publish')[n - 1]);
    return call.args.view as { blocks: unknown[] };
  };
  /** A change of the select or the time picker, as Slack sends it from Home. */
  const change = (blocks: unknown[], actionId: string, picked: Record<string, unknown>) => {
    const click = clickPayload(blocks, actionId, 'U-ADA', { kind: 'home', viewId: 'V-HOME' });
    Object.assign((click.actions as Array<Record<string, unknown>>)[0]!, picked);
    return sendInteraction(slack.bot.url, click);
  };

  it('says how tasks reach them, and changes it with the select and the time picker', async () => {
    const event = { type: 'app_home_opened', user: 'U-ADA', tab: 'home', event_ts: '1.2' };
    await sendEvent(slack.bot.url, event);
    const home = await published(1);
    expect(text(home.blocks)).toContain('You get each new task as it comes, with no daily digest');
    const daily = { value: 'daily', text: { type: 'plain_text', text: 'Daily digest only' } };
    await change(home.blocks, 'accessbot.digest.mode', { selected_option: daily });
    const chosen = text((await published(2)).blocks);
    expect(chosen).toContain('Saved. You get a daily digest at 09:00');
    expect(chosen).toContain(
      '"initial_option":{"text":{"type":"plain_text","text":"Daily digest only"',
    );
    await change(home.blocks, 'accessbot.digest.time', { selected_time: '07:30' });
    expect(text((await published(3)).blocks)).toContain('You get a daily digest at 07:30');
    expect(await slack.bot.store.digestChoice(users.ada.id)).toMatchObject({
      mode: 'daily',
      digestTime: '07:30',
    });
    // A time that is none changes nothing.
    await change(home.blocks, 'accessbot.digest.time', { selected_time: '25:00' });
    await change(home.blocks, 'accessbot.digest.mode', {
      selected_option: { ...daily, value: 'weekly' },
    });
    expect(fake().callsOf('views.publish')).toHaveLength(3);
  });
});
