/**
 * Approving access to a sensitive application takes a confirmation that names the application,
 * the level and the person — a form on Slack, a card on Teams, a typed line in the terminal — and
 * the core enforces it: a single click, a forged one, or a code for other facts approves nothing;
 * the confirmation approves once; "approve all" skips the task and says why; declining stays one
 * step; and when the field that marks applications cannot be read, approving asks too (fails
 * closed). Over real HTTP against the sandbox, which marks the AWS Console sensitive.
 */
import { createHash, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { policies, users } from '../../../src/sandbox/seed.ts';
import { shown, useTeams } from '../../fakes/bot-connector-harness.ts';
import {
  slackBlockProblems,
  teamsCardProblems,
  terminalProblems,
} from '../../fakes/hostile-checks.ts';
import { allAtOnce, MARK } from '../../fakes/hostile-corpus.ts';
import type { Sandbox } from '../../fakes/sandbox-faults.ts';
import { checkAllPayloads } from '../../fakes/slack-blockkit.ts';
import { useSlackBot } from '../../fakes/slack-harness.ts';
import {
  clickPayload,
  sendCommand,
  sendInteraction,
  submissionPayload,
  type Where,
} from '../../fakes/slack-payloads.ts';
import { botFor } from '../../helpers/bot.ts';
import {
  contextFor,
  decidingBot,
  GateClock,
  hostileRequest,
  openRequest,
} from '../../helpers/decide-world.ts';
import { clientFor, useSandbox } from '../../helpers/sandbox.ts';
import { openTerminalChats, type TerminalChat } from '../../helpers/terminal-chat.ts';

/** Every look-up in time, however busy the machine: the bound is not what these tests are about. */
const PATIENT = { DECISION_CONTEXT_WAIT: '10m' };

const approvals = (sandbox: Sandbox, taskId: string) =>
  sandbox.requests.filter(
    (r) => r.method === 'POST' && r.path.endsWith(`/Tasks/${taskId}/Approve`),
  );

/** A new application Ada approves, marked by the field, that no cache has seen yet. */
function newApp(sandbox: Sandbox, sensitive: string | null) {
  const id = randomUUID();
  const level = { id: randomUUID(), name: 'Member', description: 'member' };
  sandbox.state.addWorkApp(
    { id, name: `Payroll ${id.slice(0, 4)}`, description: 'pay' },
    [level],
    [{ id: randomUUID(), name: 'Sensitive', value: sensitive }],
  );
  sandbox.state.assignPolicy(id, null, 'AccessRequest', policies.cloudOwners.id);
  const access = sandbox.state.createAccessRequest({
    workAppId: id,
    userId: users.grace.id,
    permissionLevelId: level.id,
  });
  return access.taskIds[0]!;
}

describe('Slack: a form confirms', () => {
  const slack = useSlackBot(PATIENT);
  const fake = () => slack.fake;
  const sandbox = () => slack.sandbox.current;
  const text = (value: unknown) => JSON.stringify(value);

  /** Ada's `tasks` list, as the ephemeral answer the bot sent. */
  async function adaList() {
    const responseUrl = fake().responseUrl();
    await sendCommand(slack.bot.url, 'tasks', 'U-ADA', responseUrl);
    const body = await fake().waitFor(() => fake().respondedTo(responseUrl)[0]?.body);
    return { where: { kind: 'ephemeral', responseUrl } as Where, blocks: body.blocks as unknown[] };
  }
  const click = (blocks: unknown[], actionId: string, where: Where, value?: string) =>
    sendInteraction(slack.bot.url, clickPayload(blocks, actionId, 'U-ADA', where, value));
  const opened = (n: number) =>
    fake().waitFor(() => fake().callsOf('views.open')[n]?.args.view as Record<string, unknown>);
  /** The `n`th answer after the list itself that went where the list is. */
  const answered = (where: Where, n: number) =>
    fake().waitFor(() =>
      where.kind === 'ephemeral' ? fake().respondedTo(where.responseUrl)[n + 1]?.body : undefined,
    );

  it('warns on the card, asks in a form naming the app, level and person, and approves once', async () => {
    const taskId = openRequest(sandbox(), 'grace', 'aws', 'readOnly');
    const list = await adaList();
    expect(text(list.blocks)).toContain('Sensitive application: approving asks you to confirm');
    expect(text(list.blocks)).toContain('Approve…');

    await click(list.blocks, 'accessbot.approve', list.where, taskId);
    const view: Record<string, unknown> = { ...(await opened(0)), id: 'V-1' };
    expect(view.callback_id).toBe('accessbot.approve_confirm');
    expect(text(view)).toContain(
      'AWS Console is a sensitive application. Give Grace Hopper ReadOnly access to AWS Console?',
    );
    // The real emoji: our own code, not one made inert like the names in the question.
    const [question] = view.blocks as Array<{ text: { text: string } }>;
    expect(question?.text.text).toMatch(/^:warning: AWS Console is/);
    expect(approvals(sandbox(), taskId)).toHaveLength(0);

    await sendInteraction(slack.bot.url, submissionPayload(view, 'U-ADA', {}));
    expect(text(await answered(list.where, 0))).toContain('You approved');
    expect(approvals(sandbox(), taskId)).toHaveLength(1);
    expect(sandbox().state.task(taskId).status).toBe('Approved');

    // The same form again approves nothing more, and says what became of the task.
    await sendInteraction(slack.bot.url, submissionPayload(view, 'U-ADA', {}));
    expect(text(await answered(list.where, 1))).toContain('already decided');
    expect(approvals(sandbox(), taskId)).toHaveLength(1);
    checkAllPayloads(fake());
  });

  it('refuses a forged click: without a code, or with one for other facts', async () => {
    const taskId = openRequest(sandbox(), 'barbara', 'aws', 'readOnly');
    const { where } = await adaList();
    for (const value of [taskId, `${taskId}:zzzzzzzz`]) {
      const blocks = [
        {
          type: 'actions',
          elements: [{ type: 'button', action_id: 'accessbot.approve', value, text: {} }],
        },
      ];
      await click(blocks, 'accessbot.approve', where);
    }
    expect(text(await opened(1))).toContain('Give Barbara Liskov ReadOnly access to AWS Console?');
    expect(approvals(sandbox(), taskId)).toHaveLength(0);
    expect(sandbox().state.task(taskId).status).toBe('Pending');
  });

  it('shows the confirmation with its own button when the form cannot open, and that approves', async () => {
    const taskId = openRequest(sandbox(), 'dennis', 'aws', 'readOnly');
    const list = await adaList();
    fake().fail('views.open', { kind: 'error', error: 'expired_trigger_id' });
    await click(list.blocks, 'accessbot.approve', list.where, taskId);
    const told = (await answered(list.where, 0)) as { blocks: unknown[] };
    expect(text(told)).toContain('Confirm this approval');
    expect(approvals(sandbox(), taskId)).toHaveLength(0);
    await click(told.blocks, 'accessbot.approve', list.where);
    expect(text(await answered(list.where, 1))).toContain('You approved');
    expect(approvals(sandbox(), taskId)).toHaveLength(1);
  });

  it('skips it in "approve all" with a word why, and declines it in one step', async () => {
    const sensitive = openRequest(sandbox(), 'edsger', 'aws', 'readOnly');
    const plain = openRequest(sandbox(), 'edsger', 'github', 'admin');
    const list = await adaList();
    await click(list.blocks, 'accessbot.approve_all', list.where);
    const summary = text(await answered(list.where, 0));
    expect(summary).toMatch(/Approved \d+ of \d+ tasks/);
    expect(summary).toContain(
      'Access request: AWS Console (ReadOnly): skipped — a sensitive application: approve it on its own and confirm',
    );
    expect(approvals(sandbox(), sensitive)).toHaveLength(0);
    expect(approvals(sandbox(), plain)).toHaveLength(1);

    const responseUrl = fake().responseUrl();
    await sendCommand(slack.bot.url, `decline ${sensitive} -- not now`, 'U-ADA', responseUrl);
    await fake().waitFor(() => fake().respondedTo(responseUrl)[0]);
    expect(sandbox().state.task(sensitive).status).toBe('Declined');
  });

  it('confirms by `/access confirm <code>`, and says when a code is wrong or confirms nothing', async () => {
    const taskId = openRequest(sandbox(), 'katherine', 'aws', 'readOnly');
    const typed = async (line: string) => {
      const responseUrl = fake().responseUrl();
      await sendCommand(slack.bot.url, line, 'U-ADA', responseUrl);
      return text(await fake().waitFor(() => fake().respondedTo(responseUrl)[0]?.body));
    };
    const asked = await typed(`approve ${taskId}`);
    expect(asked).toContain('Confirm this approval');
    const code = new RegExp(`${taskId}:([a-z2-9]{8})`).exec(asked)?.[1];
    expect(code).toBeDefined();
    const wrong = code === 'zzzzzzzz' ? 'yyyyyyyy' : 'zzzzzzzz';
    expect(await typed(`approve ${taskId} confirm ${wrong}`)).toContain(
      'That code does not confirm this approval',
    );
    expect(await typed(`confirm ${wrong}`)).toContain(
      `Nothing is waiting for your confirmation under the code ${wrong}`,
    );
    expect(approvals(sandbox(), taskId)).toHaveLength(0);
    expect(await typed(`confirm ${code}`)).toContain('You approved');
    expect(approvals(sandbox(), taskId)).toHaveLength(1);
    checkAllPayloads(fake());
  });

  it('keeps hostile names in the card and the form as text', async () => {
    const taskId = hostileRequest(sandbox(), allAtOnce);
    const list = await adaList();
    await click(list.blocks, 'accessbot.approve', list.where, taskId);
    const view = await opened(0);
    expect(text(view)).toContain(MARK);
    expect(slackBlockProblems(view.blocks as unknown[], 'view')).toEqual([]);
    expect(slackBlockProblems(list.blocks)).toEqual([]);
    expect(approvals(sandbox(), taskId)).toHaveLength(0);
  });

  it('asks for a confirmation when whether an app is sensitive cannot be read', async () => {
    const taskId = newApp(sandbox(), null);
    sandbox().faults.failWhere(
      (method, path) => method === 'GET' && path.endsWith('/CustomFields'),
    );
    const list = await adaList();
    expect(text(list.blocks)).toContain('Could not check whether this application is sensitive');
    await click(list.blocks, 'accessbot.approve', list.where, taskId);
    expect(text(await opened(0))).toContain('I could not check whether Payroll');
    expect(approvals(sandbox(), taskId)).toHaveLength(0);
  });
});

describe('Teams: the card confirms', () => {
  const t = useTeams({
    env: { TEAMS_ANONYMOUS: '1', NODE_ENV: 'test', HOST: '127.0.0.1', ...PATIENT },
  });
  const sandbox = () => t.sandbox.current;
  const clickApprove = (data: Record<string, unknown>) =>
    t.h.post(t.h.activities.cardAction('ada', 'approve', data));

  it('turns the card into the confirmation, which approves once', async () => {
    const taskId = openRequest(sandbox(), 'grace', 'aws', 'readOnly');
    const asked = await clickApprove({ value: taskId });
    const confirmation = shown(asked.body);
    expect(confirmation).toContain('Confirm this approval');
    expect(confirmation).toContain(
      'AWS Console is a sensitive application. Approving gives Grace Hopper ReadOnly access to AWS Console',
    );
    expect(confirmation).toContain('Confirm approval');
    expect(approvals(sandbox(), taskId)).toHaveLength(0);
    const code = /"confirmation":"([a-z2-9]{8})"/.exec(confirmation)?.[1];
    expect(code).toBeDefined();

    const approved = await clickApprove({ value: taskId, confirmation: code });
    expect(shown(approved.body)).toContain('You approved');
    expect(approvals(sandbox(), taskId)).toHaveLength(1);
    const again = await clickApprove({ value: taskId, confirmation: code });
    expect(shown(again.body)).toContain('already decided');
    expect(approvals(sandbox(), taskId)).toHaveLength(1);
  });

  it('shows the context and the warning when the card refreshes for its approver', async () => {
    const taskId = openRequest(sandbox(), 'dennis', 'aws', 'readOnly');
    const refresh = { value: taskId, userIds: ['29:ada'] };
    const res = await t.h.post(t.h.activities.cardAction('ada', 'refresh', refresh));
    const card = shown(res.body);
    for (const line of ['Sensitive application', 'Already has', 'PowerUser', 'By default in']) {
      expect(card, line).toContain(line);
    }
    expect(card).toContain('Approve…');
  });

  it('keeps hostile names in the confirmation card as text', async () => {
    const taskId = hostileRequest(sandbox(), allAtOnce);
    const asked = await clickApprove({ value: taskId });
    expect(shown(asked.body)).toContain(MARK);
    expect(teamsCardProblems(asked.body.value)).toEqual([]);
    expect(approvals(sandbox(), taskId)).toHaveLength(0);
  });

  it('confirms by a typed `confirm <code>`, and says when a code confirms nothing', async () => {
    const taskId = openRequest(sandbox(), 'margaret', 'aws', 'readOnly');
    const typed = async (line: string) => {
      t.h.connector.clear();
      await t.h.post(t.h.activities.message('ada', line));
      const sent = t.h.connector.calls.filter((c) => c.op === 'reply');
      return shown(sent[0]?.activity);
    };
    const asked = await typed(`approve ${taskId}`);
    expect(asked).toContain('Confirm this approval');
    const code = /"confirmation":"([a-z2-9]{8})"/.exec(asked)?.[1];
    expect(code).toBeDefined();
    const wrong = code === 'zzzzzzzz' ? 'yyyyyyyy' : 'zzzzzzzz';
    expect(await typed(`confirm ${wrong}`)).toContain(
      `Nothing is waiting for your confirmation under the code ${wrong}`,
    );
    expect(approvals(sandbox(), taskId)).toHaveLength(0);
    expect(await typed(`confirm ${code}`)).toContain('You approved');
    expect(approvals(sandbox(), taskId)).toHaveLength(1);
  });

  it('refuses a forged confirmation, and skips the task in "approve all"', async () => {
    const taskId = openRequest(sandbox(), 'barbara', 'aws', 'readOnly');
    const forged = await clickApprove({ value: taskId, confirmation: 'zzzzzzzz' });
    expect(shown(forged.body)).toContain('Confirm this approval');
    const all = await t.h.post(t.h.activities.cardAction('ada', 'approveAll', { value: taskId }));
    expect(shown(all.body)).toContain('skipped — a sensitive application');
    expect(approvals(sandbox(), taskId)).toHaveLength(0);
    expect(t.h.cardIssues()).toEqual([]);
  });
});

describe('Teams: a hanging look-up holds no click', () => {
  // The whole read, retries included, gets one millisecond: it never answers in time.
  const t = useTeams({
    env: {
      TEAMS_ANONYMOUS: '1',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      SENSITIVE_CHECK_TIMEOUT: '1ms',
    },
  });
  const sandbox = () => t.sandbox.current;

  it('asks for the confirmation when the field does not come in time, and approves nothing', async () => {
    const taskId = newApp(sandbox(), null);
    const hanging = sandbox().faults.hold((_m, path) => path.endsWith('/CustomFields'));
    const asked = await t.h.post(t.h.activities.cardAction('ada', 'approve', { value: taskId }));
    expect(shown(asked.body)).toContain('Confirm this approval');
    expect(shown(asked.body)).toContain('I could not check whether Payroll');
    expect(approvals(sandbox(), taskId)).toHaveLength(0);
    // Answered within the deadline: no retry of the read was sent (at most the first one hangs).
    expect(hanging.waiting()).toBeLessThanOrEqual(1);
    hanging.release();
    const code = /"confirmation":"([a-z2-9]{8})"/.exec(shown(asked.body))?.[1];
    const approved = await t.h.post(
      t.h.activities.cardAction('ada', 'approve', { value: taskId, confirmation: code }),
    );
    expect(shown(approved.body)).toContain('You approved');
    expect(approvals(sandbox(), taskId)).toHaveLength(1);
  });
});

describe('the terminal: a code of its own, for a while', () => {
  const sandbox = useSandbox({ pageSize: 2 });
  const clock = { at: Date.now() };
  let chat: TerminalChat;

  beforeAll(async () => {
    const client = clientFor(sandbox.current);
    const { bot } = await botFor(client, (store) => ({
      context: contextFor(client, store, new GateClock()),
      now: () => new Date(clock.at),
    }));
    const chats = await openTerminalChats({ bot, email: users.ada.email });
    chat = chats.chat;
    return chats.stop;
  });

  it('refuses a code computed from the ids, as anyone who saw them could', async () => {
    const taskId = openRequest(sandbox.current, 'grace', 'aws', 'readOnly');
    const task = sandbox.current.state.task(taskId);
    const facts = [
      taskId,
      task.target.workAppId,
      task.target.permissionLevelId,
      task.target.userId,
    ];
    const digest = [...createHash('sha256').update(facts.join('\n')).digest()];
    const computed = digest
      .slice(0, 8)
      .map((b) => 'abcdefghjkmnpqrstuvwxyz23456789'[b % 31])
      .join('');
    expect(await chat.ask(`approve ${taskId} confirm ${computed}`)).toContain(
      'That code does not confirm this approval',
    );
    expect(await chat.ask(`confirm ${computed}`)).toContain(
      'Nothing is waiting for your confirmation',
    );
    expect(approvals(sandbox.current, taskId)).toHaveLength(0);
  });

  it('shows a fresh confirmation for an expired code, never an approval, and the fresh one approves', async () => {
    const taskId = openRequest(sandbox.current, 'barbara', 'aws', 'readOnly');
    const code = /Type: confirm ([a-z2-9]{8})/.exec(await chat.ask(`approve ${taskId}`))?.[1];
    expect(code).toBeDefined();
    clock.at += 31 * 60_000;
    const again = await chat.ask(`confirm ${code}`);
    expect(again).toContain('That confirmation has expired');
    expect(again).toContain('Confirm this approval');
    expect(approvals(sandbox.current, taskId)).toHaveLength(0);
    const fresh = /Type: confirm ([a-z2-9]{8})/.exec(again)?.[1];
    expect(fresh).toBeDefined();
    expect(fresh).not.toBe(code);
    expect(await chat.ask(`confirm ${fresh}`)).toContain('You approved');
    expect(approvals(sandbox.current, taskId)).toHaveLength(1);
  });
});

describe('the terminal: a typed line confirms', () => {
  const sandbox = useSandbox({ pageSize: 2 });
  let chat: TerminalChat;
  let inLanguage: (locale: string) => Promise<TerminalChat>;

  beforeAll(async () => {
    const { bot } = await decidingBot(clientFor(sandbox.current));
    const chats = await openTerminalChats({ bot, email: users.ada.email });
    ({ chat, inLanguage } = chats);
    return chats.stop;
  });

  it('says a wrong code, or one that confirms nothing, in German and Japanese', async () => {
    const taskId = openRequest(sandbox.current, 'ken', 'aws', 'readOnly');
    const id = taskId.slice(0, 8);
    const de = await inLanguage('de-DE');
    const code = /Eingabe: confirm ([a-z2-9]{8})/.exec(await de.ask(`approve ${id}`))?.[1];
    expect(code).toBeDefined();
    const wrong = code === 'zzzzzzzz' ? 'yyyyyyyy' : 'zzzzzzzz';
    expect(await de.ask(`approve ${id} confirm ${wrong}`)).toContain(
      'Dieser Code bestätigt diese Genehmigung nicht',
    );
    expect(await de.ask(`confirm ${wrong}`)).toContain(
      `Unter dem Code ${wrong} wartet keine Bestätigung auf Sie`,
    );
    const ja = await inLanguage('ja-JP');
    expect(await ja.ask(`approve ${id} confirm ${wrong}`)).toContain(
      'このコードではこの承認を確認できません',
    );
    expect(await ja.ask(`confirm ${wrong}`)).toContain(
      `コード ${wrong} で確認を待っているものはありません`,
    );
    expect(approvals(sandbox.current, taskId)).toHaveLength(0);
    expect(await ja.ask(`confirm ${code}`)).toContain('を承認しました');
    expect(approvals(sandbox.current, taskId)).toHaveLength(1);
  });

  it('asks, says a wrong code is wrong, approves once with `confirm <code>`, and skips it in a list', async () => {
    const taskId = openRequest(sandbox.current, 'grace', 'aws', 'readOnly');
    const id = taskId.slice(0, 8);
    const asked = await chat.ask(`approve ${id}`);
    expect(asked).toContain('Confirm this approval');
    expect(asked).toContain('Approving gives Grace Hopper ReadOnly access to AWS Console');
    const code = /Type: confirm ([a-z2-9]{8}), or decline/.exec(asked)?.[1];
    expect(code).toBeDefined();
    const wrong = code === 'zzzzzzzz' ? 'yyyyyyyy' : 'zzzzzzzz';
    const refused = await chat.ask(`approve ${id} confirm ${wrong}`);
    expect(refused).toContain('That code does not confirm this approval');
    // Asked afresh, with a code of its own; the first one still confirms.
    expect(refused).toMatch(/Type: confirm [a-z2-9]{8}/);
    expect(await chat.ask(`confirm ${wrong}`)).toContain(
      `Nothing is waiting for your confirmation under the code ${wrong}`,
    );
    expect(approvals(sandbox.current, taskId)).toHaveLength(0);
    expect(await chat.ask(`confirm ${code!.toUpperCase()}`)).toContain('You approved');
    // Its id in full: the start of an id names only a pending task.
    expect(await chat.ask(`approve ${taskId} confirm ${code}`)).toContain('already decided');
    expect(await chat.ask(`confirm ${code}`)).toContain('Nothing is waiting for your confirmation');
    expect(approvals(sandbox.current, taskId)).toHaveLength(1);
    // Each try is in the history, in words.
    const history = await chat.ask('history');
    expect(history).toContain('Not approved yet, asked to confirm: "Access request: AWS Console');
    expect(history).toContain(
      'Not approved, wrong confirmation code: "Access request: AWS Console',
    );
    expect(history).not.toMatch(/Approve: unconfirmed/);

    const other = openRequest(sandbox.current, 'barbara', 'aws', 'readOnly').slice(0, 8);
    const plain = openRequest(sandbox.current, 'barbara', 'github', 'admin').slice(0, 8);
    const both = await chat.ask(`approve ${other} ${plain}`);
    expect(both).toContain('Approved 1 of 2 tasks');
    expect(both).toContain('skipped — a sensitive application');
    expect(await chat.ask(`approve ${other} ${plain} confirm ${code}`)).toContain(
      'Type a confirmation with the code it shows: `confirm <code>`',
    );
  });

  it('asks when the service names the task type otherwise, even for an application that is not sensitive', async () => {
    const taskId = openRequest(sandbox.current, 'alan', 'github', 'admin');
    Object.assign(sandbox.current.state.tasks.get(taskId)!, { type: 'Access Request' });
    const asked = await chat.ask(`approve ${taskId}`);
    expect(asked).toContain('Confirm this approval');
    expect(asked).toContain('I could not check whether GitHub is a sensitive application');
    expect(approvals(sandbox.current, taskId)).toHaveLength(0);
    const code = /Type: confirm ([a-z2-9]{8})/.exec(asked)?.[1];
    expect(await chat.ask(`confirm ${code}`)).toContain('You approved');
    expect(approvals(sandbox.current, taskId)).toHaveLength(1);
  });

  it('keeps hostile names in the confirmation as text', async () => {
    const taskId = hostileRequest(sandbox.current, allAtOnce);
    const asked = await chat.ask(`approve ${taskId}`);
    expect(asked).toContain('Confirm this approval');
    expect(asked).toContain(MARK);
    expect(terminalProblems(asked, false)).toEqual([]);
  });
});
