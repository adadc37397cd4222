/**
 * The real core over a real (sandbox) Access Service whose people, groups, applications, levels
 * and justifications are the hostile corpus: `tasks`, `members`, `groups`, `apps`, requests and
 * their forms, typed mistakes echoed back, a person the service does not know, declines with a
 * hostile reason, a task decided by a hostile name elsewhere, "Approve all" over forged ids, and
 * the requester's outcome. Each answer, on every renderer, carries nothing live.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { requestModal } from '../../adapters/slack/request-form.ts';
import { requestFormCard } from '../../adapters/teams/request-form.ts';
import type { AccessBot } from '../../src/core/bot.ts';
import { groupsReply, membersReply } from '../../src/core/groups/directory.ts';
import { english } from '../../src/core/i18n/voice.ts';
import type { Reply } from '../../src/core/reply.ts';
import { requestOutcomeMessage } from '../../src/core/requests/outcome.ts';
import { taskMessage } from '../../src/core/tasks/task-card.ts';
import { users } from '../../src/sandbox/seed.ts';
import {
  replyProblems,
  replyShown,
  slackBlockProblems,
  teamsCardProblems,
  textProblems,
} from '../fakes/hostile-checks.ts';
import { corpus, MARK } from '../fakes/hostile-corpus.ts';
import { buildHostileWorld, type HostileEntry } from '../fakes/hostile-world.ts';
import { actor, botFor } from '../helpers/bot.ts';
import { useSandbox } from '../helpers/sandbox.ts';

const sandbox = useSandbox({ pageSize: 50 });
const ada = actor(users.ada.email);
const grace = actor(users.grace.email);
let world: HostileEntry[];
let bot: AccessBot;

beforeAll(async () => {
  world = buildHostileWorld(sandbox.current);
  ({ bot } = await botFor(sandbox.client));
});

const problems = async (reply: Promise<Reply>) => replyProblems(await reply);
/** The client reads at most 4000 characters of a task's field: longer ones are not shown. */
const shownInTasks = (text: string) => text.length <= 4000;

describe('answers over the whole hostile organisation', () => {
  it('`tasks`, `groups` and `apps` list the hostile names as text', async () => {
    for (const line of ['tasks', 'groups', 'apps']) {
      const reply = await bot.handle(ada, line);
      expect(replyProblems(reply), line).toEqual([]);
      expect(replyShown(reply), line).toContain(MARK);
    }
    expect(replyProblems(await groupsReply(english, sandbox.client))).toEqual([]);
  });
});

describe.each(corpus.map(([name], i) => [name, i] as const))('%s', (_name, i) => {
  const entry = () => world[i]!;

  it('members of its group, and the group named in `members`', async () => {
    const { groupId, text } = entry();
    const members = await membersReply(english, sandbox.client, groupId, true);
    expect(replyProblems(members)).toEqual([]);
    expect(replyShown(members)).toContain(MARK);
    expect(await problems(membersReply(english, sandbox.client, text.slice(0, 200), true))).toEqual(
      [],
    );
  });

  it('typed lines that echo it back: commands, ids, groups, searches, requests', async () => {
    const { text } = entry();
    for (const line of [text, `approve ${text}`, `members ${text}`, `apps ${text}`]) {
      expect(await problems(bot.handle(ada, line)), line.slice(0, 40)).toEqual([]);
    }
    const short = text.slice(0, 280);
    for (const line of [`request ${short} -- ${text}`, `request ${short} ${short} -- why`]) {
      expect(await problems(bot.handle(grace, line)), line.slice(0, 40)).toEqual([]);
    }
  });

  it('a person whose chat e-mail address is the hostile string', async () => {
    expect(await problems(bot.handle(actor(entry().text), 'tasks'))).toEqual([]);
  });

  it('a request made with a form, and the form again when a level is missing', async () => {
    const { appId, levelIds, text } = entry();
    const done = await bot.requests.submit(grace, {
      appId,
      levelId: levelIds[1],
      justification: text,
    });
    expect(done.kind).toBe('done');
    if (done.kind === 'done') expect(replyProblems(done.reply)).toEqual([]);
    const again = await bot.requests.submit(grace, { appId, justification: text });
    if (again.kind !== 'again') throw new Error('the form should come back for a level');
    const picked = { value: appId, text: { type: 'plain_text' as const, text: again.app!.name } };
    const modal = requestModal(
      english,
      {},
      { app: picked, levels: { kind: 'levels', levels: again.levels! } },
    );
    expect(slackBlockProblems(modal.blocks, 'modal')).toEqual([]);
    const form = await requestFormCard(bot, grace, again);
    if (!form.ok) throw new Error('the form should show');
    const { fallbackText: _fixed, ...card } = form.value;
    const body = (card.body as { type: string; choices?: { title: string }[] }[]).slice(1);
    expect(teamsCardProblems({ ...card, body })).toEqual([]);
    const titles = body.flatMap((b) => b.choices ?? []).map((c) => c.title);
    expect(titles.flatMap((t) => textProblems('choice', t))).toEqual([]);
  });

  it('declined with it as the reason: the answer, the card, the requester’s outcome', async () => {
    const { taskId, text } = entry();
    const result = await bot.tasks.decide(ada, taskId, 'decline', text.slice(0, 1000));
    expect(result.outcome).toBe('declined');
    expect(replyProblems(result.reply)).toEqual([]);
    if (result.settled) {
      expect(replyProblems(taskMessage(english, result.settled.card))).toEqual([]);
    }
    const decided = await sandbox.client.getTask(taskId);
    expect(replyProblems(requestOutcomeMessage(english, decided, 'Pending'))).toEqual([]);
  });

  it('decided elsewhere by a person of that name, with it as the reason', async () => {
    const { user, appId, levelIds, text } = entry();
    const access = sandbox.current.state.createAccessRequest({
      workAppId: appId,
      userId: user.id,
      permissionLevelId: levelIds[1],
    });
    const taskId = access.taskIds[0]!;
    await bot.tasks.list(ada);
    sandbox.current.state.decideTask(taskId, 'Approved', user.id, text);
    const result = await bot.tasks.decide(ada, taskId, 'approve');
    expect(result.outcome).toBe('already_decided');
    expect(replyProblems(result.reply)).toEqual([]);
    if (shownInTasks(text)) expect(replyShown(result.reply)).toContain(MARK);
  });
});

describe('after all of that', () => {
  it('"Approve all" over decided, hostile and forged ids says what became of each', async () => {
    const ids = [...world.map((e) => e.taskId), ...world.map((e) => e.text)];
    const { reply } = await bot.tasks.approveAll(ada, ids);
    expect(replyProblems(reply)).toEqual([]);
    expect(replyShown(reply)).toContain(MARK);
  });
});
