/**
 * The request form (type-ahead application options, the permission levels filled in with
 * views.update, the submission) and App Home (pending tasks with their buttons, recent
 * decisions, the request button), driven with Slack-shaped payloads over real HTTP.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { users, workApps } from '../../src/sandbox/seed.ts';
import { checkAllPayloads, OptionsAnswer } from '../fakes/slack-blockkit.ts';
import { startSlackBot } from '../fakes/slack-bot.ts';
import { useSlackBot } from '../fakes/slack-harness.ts';
import {
  clickPayload,
  selectPayload,
  sendCommand,
  sendEvent,
  sendInteraction,
  submissionPayload,
  suggestionPayload,
} from '../fakes/slack-payloads.ts';
import { fiveDecisions } from '../helpers/usual-waits.ts';

const slack = useSlackBot();
const fake = () => slack.fake;
const sandbox = () => slack.sandbox.current;
const text = (value: unknown) => JSON.stringify(value);
type View = Record<string, unknown> & { id: string; blocks: unknown[] };

const viewOf = async (method: string, n = 1) => {
  const call = await fake().waitFor(() => fake().callsOf(method)[n - 1]);
  return { ...(call.args.view as View), id: `V-${method}` } as View;
};

/** `/access request` with nothing after it: the form opens, nothing else is said. */
async function openForm(user = 'U-GRACE') {
  const responseUrl = fake().responseUrl();
  const ack = await sendCommand(slack.bot.url, 'request', user, responseUrl);
  expect(ack.status).toBe(200);
  return { responseUrl, view: await viewOf('views.open') };
}

const github = { value: workApps.github.id, text: { type: 'plain_text', text: 'GitHub' } };

afterEach(() => {
  expect(checkAllPayloads(fake())).toBeGreaterThan(0);
});

describe('the request form', () => {
  it('offers an honest option when the service is down, and in time when it does not answer', async () => {
    const { view } = await openForm();
    const options = async () => {
      const res = await sendInteraction(
        slack.bot.url,
        suggestionPayload(view, 'accessbot.request.app', 'U-GRACE', 'git'),
      );
      return OptionsAnswer.parse(JSON.parse(res.body)).options.map((o) => o.value);
    };
    sandbox().faults.failNext(50, 503);
    expect(await options()).toEqual(['unavailable']);
    // Slack takes options only in the ack: the bot answers without waiting for the service.
    const service = sandbox().faults.hold();
    expect(await options()).toEqual(['unavailable']);
    service.release();
  });

  it('opens with a type-ahead picker whose options come from the service', async () => {
    const { view } = await openForm();
    expect(view.callback_id).toBe('accessbot.request');
    expect(text(view)).toContain('external_select');
    const res = await sendInteraction(
      slack.bot.url,
      suggestionPayload(view, 'accessbot.request.app', 'U-GRACE', 'git'),
    );
    const answer = OptionsAnswer.parse(JSON.parse(res.body));
    expect(answer.options.map((o) => o.text.text)).toEqual(['GitHub']);
    const all = OptionsAnswer.parse(
      JSON.parse(
        (
          await sendInteraction(
            slack.bot.url,
            suggestionPayload(view, 'accessbot.request.app', 'U-GRACE', ''),
          )
        ).body,
      ),
    );
    // Grace's group, Engineering, hides Salesforce from its members: never offered to her.
    expect(all.options.map((o) => o.text.text)).not.toContain('Salesforce');
    expect(all.options.length).toBe(Object.keys(workApps).length - 1);
  });

  it('fills the permission levels once an app is picked, then submits the request', async () => {
    await fiveDecisions(slack.bot.store, new Date());
    const { responseUrl, view } = await openForm();
    const why = { why: { 'accessbot.request.why': { value: 'release duty' } } };
    await sendInteraction(
      slack.bot.url,
      selectPayload(view, 'accessbot.request.app', 'U-GRACE', github, why),
    );
    const updated = await fake().waitFor(() => fake().callsOf('views.update')[0]);
    expect(updated.args.view_id).toBe(view.id);
    const withLevels = updated.args.view as View;
    const shown = text(withLevels);
    for (const level of ['Read', 'Write', 'Admin']) expect(shown).toContain(level);
    expect(shown).toContain('release duty');

    const levelBlock = `level:${workApps.github.id}`;
    const none = await sendInteraction(
      slack.bot.url,
      submissionPayload(withLevels, 'U-GRACE', {
        app: { 'accessbot.request.app': { selected_option: github } },
        [levelBlock]: { 'accessbot.request.level': { selected_option: null } },
      }),
    );
    expect(JSON.parse(none.body)).toMatchObject({ response_action: 'errors' });

    const admin = {
      value: workApps.github.levels.admin.id,
      text: { type: 'plain_text', text: 'Admin' },
    };
    const ack = await sendInteraction(
      slack.bot.url,
      submissionPayload(withLevels, 'U-GRACE', {
        app: { 'accessbot.request.app': { selected_option: github } },
        [levelBlock]: { 'accessbot.request.level': { selected_option: admin } },
        ...why,
      }),
    );
    expect(ack.status).toBe(200);
    expect(ack.body).toBe('');
    const confirmed = await fake().waitFor(() => fake().respondedTo(responseUrl)[0]);
    expect(String(confirmed.body.text)).toContain('Requested access to GitHub (Admin)');
    expect(String(confirmed.body.text)).toContain(
      'Requests for GitHub are usually decided within 3 hours here (9 in 10 within 3 days).',
    );
    const created = sandbox().requests.filter(
      (r) => r.method === 'POST' && r.path.endsWith('/WorkApps/Accesses'),
    );
    expect(created).toHaveLength(1);
    expect(JSON.parse(created[0]!.body)).toEqual({
      workAppId: workApps.github.id,
      userId: users.grace.id,
      permissionLevelId: workApps.github.levels.admin.id,
      justification: 'release duty',
    });
  });

  it('asks for an application when none was picked', async () => {
    const { view } = await openForm();
    const res = await sendInteraction(slack.bot.url, submissionPayload(view, 'U-GRACE', {}));
    expect(JSON.parse(res.body)).toMatchObject({
      response_action: 'errors',
      errors: { app: expect.any(String) },
    });
  });
});

describe('App Home', () => {
  const opened = (user: string) =>
    sendEvent(slack.bot.url, {
      type: 'app_home_opened',
      user,
      channel: `D-${user}`,
      tab: 'home',
      event_ts: '1.2',
    });

  it('shows the pending tasks with their buttons, and a request button', async () => {
    const ack = await opened('U-ADA');
    expect(ack.status).toBe(200);
    const call = await fake().waitFor(() => fake().callsOf('views.publish')[0]);
    expect(call.args.user_id).toBe('U-ADA');
    const view = text(call.args.view);
    expect(view).toContain('pending task');
    expect(view).toContain('accessbot.approve');
    expect(view).toContain('accessbot.request.open');
  });

  it('approves from Home and publishes it again with the outcome and the recent decision', async () => {
    await opened('U-ADA');
    const home = await viewOf('views.publish');
    const taskId = sandbox().state.tasksFor(users.ada.id, 'Pending')[0]!.id;
    await sendInteraction(
      slack.bot.url,
      clickPayload(
        home.blocks,
        'accessbot.approve',
        'U-ADA',
        { kind: 'home', viewId: home.id },
        taskId,
      ),
    );
    const again = text((await viewOf('views.publish', 2)).blocks);
    expect(again).toContain('You approved');
    // The recent decision names the task as the list did, and the start of its id.
    expect(again).toContain(
      `\\"Access review: Dennis Ritchie on AWS Console (PowerUser)\\" (requested by Radia Perlman), task ${taskId.slice(0, 8)}"`,
    );
    expect(sandbox().state.task(taskId).status).toBe('Approved');
  });

  it('opens the request form from Home and confirms by direct message', async () => {
    await opened('U-KEN');
    const home = await viewOf('views.publish');
    await sendInteraction(
      slack.bot.url,
      clickPayload(home.blocks, 'accessbot.request.open', 'U-KEN', {
        kind: 'home',
        viewId: home.id,
      }),
    );
    const form = await viewOf('views.open');
    const jira = { value: workApps.jira.id, text: { type: 'plain_text', text: 'Jira' } };
    const user = {
      value: workApps.jira.levels.user.id,
      text: { type: 'plain_text', text: 'User' },
    };
    await sendInteraction(
      slack.bot.url,
      submissionPayload(form, 'U-KEN', {
        app: { 'accessbot.request.app': { selected_option: jira } },
        [`level:${workApps.jira.id}`]: { 'accessbot.request.level': { selected_option: user } },
      }),
    );
    const dm = await fake().waitFor(() => fake().callsOf('chat.postMessage')[0]);
    expect(dm.args.channel).toBe('D-U-KEN');
    expect(String(dm.args.text)).toContain('Requested access to Jira (User)');
  });
});

describe('App Home openings', () => {
  it('count against the person’s rate limit: past it the tab keeps what it showed', async () => {
    const rateLimit = { perMinute: 3, burst: 3 };
    // A stopped clock: every opening falls in one window of the limit.
    const at = new Date();
    const bot = { rateLimit, now: () => at };
    const limited = await startSlackBot(sandbox(), fake(), {}, { bot });
    try {
      for (let i = 0; i < 5; i++) {
        const event = { type: 'app_home_opened', user: 'U-KEN', tab: 'home', event_ts: `${i}.1` };
        await sendEvent(limited.url, { ...event, channel: 'D-U-KEN' });
      }
      const slowed = () => limited.logLines.filter((l) => l.includes('asked to slow down'));
      await vi.waitFor(() => expect(slowed()).toHaveLength(2));
      await fake().waitFor(() => fake().callsOf('views.publish')[2]);
      expect(fake().callsOf('views.publish')).toHaveLength(3);
    } finally {
      await limited.close();
    }
  });
});
