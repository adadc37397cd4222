/**
 * "Why decline?" takes its answer where the next line reaches the bot — the terminal and a Teams
 * chat: the next line that is no command, nor a mistyped one, is the reason; `--` alone declines without one; an
 * empty line or `cancel` declines nothing; a command typed instead runs as a command and ends
 * the question; nobody else's line answers it; unanswered for 15 minutes, it is forgotten.
 * Slack's slash command, whose next line does not reach the bot unless typed as a command, says
 * how to give a reason instead. Over real HTTP against the sandbox.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../src/sandbox/seed.ts';
import type { Sandbox } from '../../../src/sandbox/server.ts';
import { openGithubTask, shown, useTeams } from '../../fakes/bot-connector-harness.ts';
import { useSlackBot } from '../../fakes/slack-harness.ts';
import { sendCommand } from '../../fakes/slack-payloads.ts';
import { botFor } from '../../helpers/bot.ts';
import { clientFor, useSandbox } from '../../helpers/sandbox.ts';
import { openTerminalChats, type TerminalChat } from '../../helpers/terminal-chat.ts';

const statusOf = (sandbox: Sandbox, taskId: string) => sandbox.state.task(taskId);

describe('the terminal takes the next line as the reason', () => {
  const sandbox = useSandbox({ pageSize: 2 });
  const clock = { at: Date.now() };
  let chat: TerminalChat;
  let inLanguage: (locale: string) => Promise<TerminalChat>;

  beforeAll(async () => {
    const { bot } = await botFor(clientFor(sandbox.current), () => ({
      now: () => new Date(clock.at),
    }));
    const chats = await openTerminalChats({ bot, email: users.ada.email });
    ({ chat, inLanguage } = chats);
    return chats.stop;
  });

  /** A new task of Ada's, by the start of its id. */
  const newTask = () => {
    const taskId = openGithubTask(sandbox.current);
    return { taskId, id: taskId.slice(0, 8) };
  };

  it('asks why, and declines with the next line as the reason', async () => {
    const { taskId, id } = newTask();
    const asked = await chat.ask(`decline ${id}`);
    expect(asked).toContain('Why decline?');
    expect(asked).toContain('Type the reason as your next message');
    expect(statusOf(sandbox.current, taskId).status).toBe('Pending');
    expect(await chat.ask('edsger knows why')).toContain('Reason: "edsger knows why"');
    expect(statusOf(sandbox.current, taskId)).toMatchObject({
      status: 'Declined',
      metadata: { reason: 'edsger knows why' },
    });
  });

  it('declines without a reason on `--`, and nothing on an empty line or `cancel`', async () => {
    const plain = newTask();
    await chat.ask(`decline ${plain.id}`);
    const declined = await chat.ask('--');
    expect(declined).toContain('You declined');
    expect(declined).not.toContain('Reason');
    expect(statusOf(sandbox.current, plain.taskId).status).toBe('Declined');

    const kept = newTask();
    for (const wayOut of ['', 'cancel']) {
      await chat.ask(`decline ${kept.id}`);
      expect(await chat.ask(wayOut)).toContain('Nothing declined.');
    }
    expect(await chat.ask('not a reason now')).toContain('I don\'t know the command "not"');
    expect(statusOf(sandbox.current, kept.taskId).status).toBe('Pending');
  });

  it('runs a command typed instead, which ends the question', async () => {
    const { taskId, id } = newTask();
    await chat.ask(`decline ${id}`);
    expect(await chat.ask('tasks')).toMatch(/You have \d+ pending tasks/);
    expect(await chat.ask('too late')).toContain('I don\'t know the command "too"');
    expect(statusOf(sandbox.current, taskId).status).toBe('Pending');
  });

  it('takes a mistyped command for no reason, and keeps asking', async () => {
    const { taskId, id } = newTask();
    await chat.ask(`decline ${id}`);
    for (const slip of ['aprove 1', 'tsks']) {
      const said = await chat.ask(slip);
      expect(said).toContain('Did you mean');
      expect(said).toContain('the reason is still asked for');
      expect(statusOf(sandbox.current, taskId).status).toBe('Pending');
    }
    // Words near a command that make no command are a reason.
    expect(await chat.ask('approved elsewhere')).toContain('Reason: "approved elsewhere"');
    expect(statusOf(sandbox.current, taskId)).toMatchObject({
      status: 'Declined',
      metadata: { reason: 'approved elsewhere' },
    });
  });

  it('takes what looks like a command as the reason after `--`', async () => {
    const { taskId, id } = newTask();
    await chat.ask(`decline ${id}`);
    expect(await chat.ask('-- tsks')).toContain('Reason: "tsks"');
    expect(statusOf(sandbox.current, taskId)).toMatchObject({ metadata: { reason: 'tsks' } });
  });

  it('forgets a question left unanswered for 15 minutes', async () => {
    const { taskId, id } = newTask();
    await chat.ask(`decline ${id}`);
    clock.at += 15 * 60_000;
    expect(await chat.ask('much too late')).toContain('I don\'t know the command "much"');
    expect(statusOf(sandbox.current, taskId).status).toBe('Pending');
  });

  it('asks and answers in German and Japanese', async () => {
    const first = newTask();
    const de = await inLanguage('de-DE');
    expect(await de.ask(`decline ${first.id}`)).toContain(
      'Geben Sie den Grund als nächste Nachricht ein',
    );
    expect(await de.ask('aprove 1')).toContain('Der Grund wird noch erwartet');
    expect(await de.ask('cancel')).toContain('Nichts abgelehnt.');
    const ja = await inLanguage('ja-JP');
    expect(await ja.ask(`decline ${first.id}`)).toContain('理由を次のメッセージで入力してください');
    expect(await ja.ask('今期は不要')).toContain('理由: 「今期は不要」');
    expect(statusOf(sandbox.current, first.taskId).status).toBe('Declined');
  });
});

describe('Teams takes the next message as the reason', () => {
  const t = useTeams();
  const say = async (who: 'ada' | 'alan', text: string) => {
    t.h.connector.clear();
    await t.h.post(t.h.activities.message(who, text));
    return shown(t.h.connector.calls.find((c) => c.op === 'reply')?.activity);
  };

  it('declines with the message after the question, and nobody else’s message answers it', async () => {
    const taskId = openGithubTask(t.sandbox.current);
    expect(await say('ada', `decline ${taskId}`)).toContain('Type the reason as your next message');
    expect(await say('alan', 'not this quarter')).toContain('I don\'t know the command \\"not\\"');
    expect(statusOf(t.sandbox.current, taskId).status).toBe('Pending');
    expect(await say('ada', 'not this quarter')).toContain('You declined');
    expect(statusOf(t.sandbox.current, taskId)).toMatchObject({
      status: 'Declined',
      metadata: { reason: 'not this quarter' },
    });
  });

  it('declines nothing on `cancel`', async () => {
    const taskId = openGithubTask(t.sandbox.current);
    await say('ada', `decline ${taskId}`);
    expect(await say('ada', 'cancel')).toContain('Nothing declined.');
    expect(statusOf(t.sandbox.current, taskId).status).toBe('Pending');
  });
});

describe('Slack, where each command stands alone', () => {
  const slack = useSlackBot();

  it('says how to give a reason, and takes no later command as one', async () => {
    const typed = async (line: string) => {
      const responseUrl = slack.fake.responseUrl();
      await sendCommand(slack.bot.url, line, 'U-ADA', responseUrl);
      const body = await slack.fake.waitFor(() => slack.fake.respondedTo(responseUrl)[0]?.body);
      return JSON.stringify(body);
    };
    const taskId = openGithubTask(slack.sandbox.current);
    // Slack shows `<` and `>` as entities.
    expect(await typed(`decline ${taskId}`)).toContain(`decline ${taskId} -- &lt;reason&gt;`);
    expect(await typed('too broad')).toContain('I don\'t know the command \\"too\\"');
    expect(statusOf(slack.sandbox.current, taskId).status).toBe('Pending');
  });
});
