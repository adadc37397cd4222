import { beforeEach, describe, expect, it } from 'vitest';
import type { Task } from '../../src/access/schemas.ts';
import { AccessBot } from '../../src/core/bot.ts';
import { english } from '../../src/core/i18n/voice.ts';
import { type ChatActor, RECHECK_AFTER_MS } from '../../src/core/identity.ts';
import type { Reply } from '../../src/core/reply.ts';
import { Decider } from '../../src/core/tasks/decide.ts';
import { tasks, users, workApps } from '../../src/sandbox/seed.ts';
import type { Store } from '../../src/store/store.ts';
import { actor, botFor, captureLog } from '../helpers/bot.ts';
import { useSandbox } from '../helpers/sandbox.ts';

const sandbox = useSandbox({ pageSize: 2 });

/** A Decider used directly, to act on a stale pending list as a stale button would. */
function deciderFor(store: Store, stale: Task[]) {
  const { log } = captureLog();
  return new Decider({
    client: sandbox.client,
    store,
    audience: {
      pendingTask: async (_, id) => stale.find((t) => t.id === id),
      wasShown: async () => true,
    },
    log,
    now: () => new Date(),
    pendingStatus: 'Pending',
    allowSelfApproval: false,
  });
}

async function linkOf(who: ChatActor) {
  await bot.link(who);
  return (await store.getLink(who.platform, who.chatUserId))!;
}

/** Opens a GitHub access request for `userId` and returns the approver's new task. */
async function openTaskFor(
  approverId: string,
  userId: string,
  level: keyof (typeof workApps)['github']['levels'],
) {
  const access = sandbox.current.state.createAccessRequest({
    workAppId: workApps.github.id,
    userId,
    permissionLevelId: workApps.github.levels[level].id,
  });
  const task = sandbox.current.state
    .tasksFor(approverId, 'Pending')
    .find((t) => t.metadata.accessId === access.id);
  if (!task) throw new Error('the sandbox opened no task for that approver');
  return task.id;
}
let bot: AccessBot;
let store: Store;

const ada = actor(users.ada.email.toUpperCase(), 'slack', 'U-ADA');
const grace = actor(users.grace.email, 'slack', 'U-GRACE');
const text = (reply: Reply) => JSON.stringify(reply);
const posts = (suffix: string) =>
  sandbox.current.requests.filter((r) => r.method === 'POST' && r.path.endsWith(suffix));

beforeEach(async () => {
  ({ bot, store } = await botFor(sandbox.client));
  sandbox.current.faults.reset();
  sandbox.current.requests.length = 0;
});

describe('identity', () => {
  it('links a chat user by e-mail, case-insensitively, and remembers the link', async () => {
    const reply = await bot.handle(ada, 'tasks');
    expect(reply.title).toBe('You have 3 pending tasks');
    expect(await store.getLink('slack', 'U-ADA')).toMatchObject({
      accessUserId: users.ada.id,
      email: users.ada.email,
    });
    sandbox.current.requests.length = 0;
    await bot.handle(ada, 'tasks');
    expect(sandbox.current.requests.some((r) => r.path.endsWith('/users'))).toBe(false);
  });

  it('follows the person: a link is checked against the profile again after an hour', async () => {
    const time = { ms: Date.now() };
    ({ bot, store } = await botFor(sandbox.client, () => ({ now: () => new Date(time.ms) })));
    await linkOf(ada);
    time.ms += RECHECK_AFTER_MS;
    // Same address: trusted again for the next hour, without a scan of the users.
    sandbox.current.requests.length = 0;
    expect((await bot.handle(ada, 'tasks')).title).toBe('You have 3 pending tasks');
    expect(sandbox.current.requests.some((r) => r.path.endsWith('/users'))).toBe(false);
    expect((await store.getLink('slack', 'U-ADA'))!.linkedAt.getTime()).toBe(time.ms);
    let asked = 0;
    const counted = {
      ...ada,
      email: async () => {
        asked++;
        return users.ada.email;
      },
    };
    await bot.handle(counted, 'tasks');
    expect(asked).toBe(0);
    // An hour on, the account shows a contractor's address, then (linked again elsewhere, an
    // hour before) none: it acts as nobody.
    for (const email of ['contractor@elsewhere.example', undefined]) {
      time.ms += RECHECK_AFTER_MS;
      await store.saveLink({
        ...(await linkOf(ada)),
        linkedAt: new Date(time.ms - RECHECK_AFTER_MS),
      });
      const reply = await bot.handle(actor(email, 'slack', 'U-ADA'), 'tasks');
      expect(reply.tone).toBe('warning');
      expect(JSON.stringify(reply)).not.toContain(tasks.adaGraceGithubWrite);
      expect(await store.getLink('slack', 'U-ADA')).toBeUndefined();
    }
  });

  it('sees at once a link another process changed', async () => {
    await bot.handle(ada, 'tasks');
    expect(text(await bot.handle(ada, 'tasks'))).toContain(tasks.adaGraceGithubWrite);
    // The directory sync of another process moves the chat account to Grace's Access account.
    await store.saveLink({
      ...(await store.getLink('slack', 'U-ADA'))!,
      accessUserId: users.grace.id,
      linkedAt: new Date(),
    });
    expect(text(await bot.handle(ada, 'tasks'))).not.toContain(tasks.adaGraceGithubWrite);
  });

  it('tells an unknown user clearly that they are not linked', async () => {
    const reply = await bot.handle(actor('stranger@elsewhere.example'), 'tasks');
    expect(reply.tone).toBe('warning');
    expect(reply.summary).toContain('stranger@elsewhere.example');
    expect(reply.summary).toContain('does not belong to any user of the Access Service');
  });

  it('tells a user without an e-mail on their profile why nothing can be done', async () => {
    const reply = await bot.handle(actor(undefined), 'request GitHub Read');
    expect(reply.summary).toContain("can't see an e-mail address");
  });
});

describe('tasks and decisions', () => {
  it('lists the actor’s pending tasks, numbered, with buttons and the facts', async () => {
    const reply = await bot.handle(ada, 'tasks');
    const cards = reply.blocks.flatMap((b) => (b.kind === 'task' ? [b.card] : []));
    expect(cards.map((c) => c.number)).toEqual([1, 2, 3]);
    const request = cards.find((c) => c.taskId === tasks.adaGraceGithubWrite)!;
    expect(request.title).toBe('Access request: GitHub (Write)');
    expect(request.fields).toEqual(
      expect.arrayContaining([
        { label: 'Requested by', value: 'Grace Hopper' },
        { label: 'Permission level', value: 'Write' },
      ]),
    );
    expect(request.buttons.map((b) => [b.action, b.value])).toEqual([
      ['approve', tasks.adaGraceGithubWrite],
      ['decline', tasks.adaGraceGithubWrite],
    ]);
    expect(
      reply.blocks.some((b) => b.kind === 'actions' && b.buttons[0]?.action === 'approveAll'),
    ).toBe(true);
  });

  it('approves by number from the last list, records it in the service and the audit log', async () => {
    const list = await bot.handle(ada, 'tasks');
    const first = list.blocks.find((b) => b.kind === 'task');
    const taskId = first?.kind === 'task' ? first.card.taskId : '';
    const reply = await bot.handle(ada, 'approve 1');
    expect(reply.tone).toBe('success');
    expect(reply.summary).toContain('You approved');
    expect(sandbox.current.state.task(taskId).status).toBe('Approved');
    const [entry] = await store.listAudit({ taskId });
    expect(entry).toMatchObject({
      action: 'approve',
      outcome: 'approved',
      accessUserId: users.ada.id,
    });
  });

  it('keeps `approve 2` meaning what the person saw on another replica sharing the store', async () => {
    const list = await bot.handle(ada, 'tasks');
    const second = list.blocks.filter((b) => b.kind === 'task')[1];
    const taskId = second?.kind === 'task' ? second.card.taskId : '';
    const { log } = captureLog();
    const replica = new AccessBot({ client: sandbox.client, store, log, pendingStatus: 'Pending' });
    const reply = await replica.handle(ada, 'approve 2');
    expect(reply.summary).toContain('You approved');
    expect(sandbox.current.state.task(taskId).status).toBe('Approved');
  });

  it('says once that there is nothing to decide', async () => {
    const reply = await bot.handle(actor(users.ken.email, 'slack', 'U-KEN'), 'tasks');
    expect(reply.summary).toBe('You have no pending tasks.');
    expect(reply.title).toBeUndefined();
    expect(reply.blocks).toEqual([{ kind: 'text', text: reply.summary }]);
  });

  it('explains a number when there is no list yet', async () => {
    const reply = await bot.handle(ada, 'approve 2');
    expect(reply.summary).toContain('Type `tasks`');
    expect(posts('/Approve')).toHaveLength(0);
  });

  it('shows no numbered list, and decides nothing by number, when the store fails', async () => {
    await bot.link(ada);
    await store.close();
    const list = await bot.handle(ada, 'tasks');
    expect(list.tone).toBe('error');
    expect(list.blocks.some((b) => b.kind === 'task')).toBe(false);
    const approve = await bot.handle(ada, 'approve 1');
    expect(approve.tone).toBe('error');
    expect(posts('/Approve')).toHaveLength(0);
  });

  it('declines with a reason that reaches the service', async () => {
    const taskId = await openTaskFor(users.ada.id, users.barbara.id, 'read');
    const reply = await bot.handle(ada, `decline ${taskId} -- no longer on the platform team`);
    expect(reply.summary).toContain('You declined');
    const task = sandbox.current.state.task(taskId);
    expect(task.status).toBe('Declined');
    expect(task.metadata.reason).toBe('no longer on the platform team');
  });

  it('refuses a non-assignee without any decision reaching the service', async () => {
    const taskId = await openTaskFor(users.ada.id, users.ken.id, 'read');
    const reply = await bot.tasks.decide(grace, taskId, 'approve');
    expect(reply.outcome).toBe('not_assignee');
    expect(reply.reply.summary).toContain('not in your task list');
    expect(reply.settled).toBeUndefined();
    expect(posts('/Approve')).toHaveLength(0);
    expect(sandbox.current.state.task(taskId).status).toBe('Pending');
    const [entry] = await store.listAudit({ taskId });
    expect(entry?.outcome).toBe('not_assignee');
  });

  it('says who decided first when a task was decided elsewhere, and shows its real state', async () => {
    const adaTaskId = await openTaskFor(users.ada.id, users.edsger.id, 'admin');
    // Ada sees her list (with the task), then a co-approver decides it elsewhere.
    await bot.handle(ada, 'tasks');
    const stale = await Array.fromAsync(sandbox.client.listTasks(users.ada.id, 'Pending'));
    const accessId = sandbox.current.state.task(adaTaskId).metadata.accessId;
    const sibling = [...sandbox.current.state.tasks.values()].find(
      (t) => t.metadata.accessId === accessId && t.id !== adaTaskId,
    )!;
    sandbox.current.state.decideTask(sibling.id, 'Declined', sibling.assigneeId, 'too broad');
    const decidedBy = sandbox.current.state.user(sibling.assigneeId).displayName;

    const decider = deciderFor(store, stale);
    const result = await decider.decide(await linkOf(ada), english, adaTaskId, 'approve');
    expect(posts('/Approve')).toHaveLength(1);
    expect(result.outcome).toBe('already_decided');
    expect(result.reply.summary).toContain('Someone decided this task before you');
    const card = result.settled?.card;
    expect(card).toMatchObject({ state: 'declined', buttons: [] });
    expect(card?.outcome).toContain(`Declined by ${decidedBy}`);
    expect(card?.outcome).toContain('too broad');

    const again = await bot.tasks.decide(ada, adaTaskId, 'approve');
    expect(again.outcome).toBe('already_decided');
    expect(posts('/Approve')).toHaveLength(1);
  });

  it('tells the truth when the service acted but the answer was lost', async () => {
    const link = await linkOf(ada);
    const pending = await Array.fromAsync(sandbox.client.listTasks(users.ada.id, 'Pending'));
    const target = pending[0]!;
    const decider = deciderFor(store, pending);
    sandbox.current.faults.dropNext(1, { afterHandling: true });
    const result = await decider.decide(link, english, target.id, 'approve');
    expect(sandbox.current.state.task(target.id).status).toBe('Approved');
    expect(result.outcome).toBe('already_decided');
    expect(result.settled).toMatchObject({ card: { state: 'approved' } });
    expect(result.reply.summary).toContain('now decided');
  });

  it('says the service is unavailable, and changes nothing, when it is down', async () => {
    sandbox.current.faults.failNext(50, 500);
    const reply = await bot.handle(grace, 'tasks');
    expect(reply.tone).toBe('error');
    expect(reply.summary).toContain('not answering');
    sandbox.current.faults.reset();
    expect((await bot.handle(grace, 'groups')).tone).toBe('info');
  });

  it('says the service answered garbage without crashing', async () => {
    sandbox.current.faults.malformNext(1, 'shape');
    const reply = await bot.handle(grace, 'apps');
    expect(reply.summary).toContain('could not understand');
  });
});

describe('directory and requests', () => {
  it('lists the members of a group by name, for the whole channel', async () => {
    const reply = await bot.handle(grace, 'members engineering');
    expect(reply.visibility).toBe('channel');
    expect(reply.title).toMatch(/^Engineering — \d+ members$/);
    expect(text(reply)).toContain('Ada Lovelace');
    // The whole channel sees it: no e-mail addresses.
    expect(text(reply)).not.toContain('@example.com');
  });

  it('says `members` in the asker’s language where only they read it, the organisation’s in a channel', async () => {
    const german = { ...grace, locale: 'de-DE' };
    expect((await bot.handle(german, 'members engineering')).title).toMatch(
      /^Engineering — \d+ Mitglieder$/,
    );
    const inChannel = await bot.handle(german, 'members engineering', { channelId: 'C-GENERAL' });
    expect(inChannel.title).toMatch(/^Engineering — \d+ members$/);
    const japanese = { ...grace, locale: 'ja-JP' };
    expect((await bot.handle(japanese, 'members engineering')).title).toMatch(
      /^Engineering — \d+ 人$/,
    );
  });

  it('takes names in quotes: a group, an application and its level', async () => {
    const staff = await bot.handle(grace, 'members "All Staff"');
    expect(staff.title).toMatch(/^All Staff — \d+ members$/);
    const requested = await bot.handle(grace, 'request "AWS Console" "PowerUser" -- on call');
    expect(requested.tone).toBe('success');
    expect(requested.summary).toContain('AWS Console (PowerUser)');
    // The quotes were the person's, not part of the name.
    expect((await bot.handle(grace, 'request "Gitbub" -- x')).summary).toContain(
      'I found no application called "Gitbub". Did you mean "GitHub"?',
    );
  });

  it('suggests close group names for a typo', async () => {
    const reply = await bot.handle(grace, 'members enginering');
    expect(reply.summary).toContain('Did you mean "Engineering"?');
  });

  it('lists and searches applications', async () => {
    expect(text(await bot.handle(grace, 'apps'))).toContain('GitHub — Source code hosting');
    const found = await bot.handle(grace, 'apps design');
    expect(found.title).toContain('matching "design"');
    expect(text(found)).toContain('Figma');
    expect(text(found)).not.toContain('Salesforce');
  });

  it('requests access in one line and opens tasks for the approvers', async () => {
    const reply = await bot.handle(grace, 'request GitHub admin -- need it for the release');
    expect(reply.tone).toBe('success');
    expect(reply.summary).toContain('GitHub (Admin)');
    const adaTasks = sandbox.current.state.tasksFor(users.ada.id, 'Pending');
    expect(
      adaTasks.some(
        (t) => t.target.userId === users.grace.id && t.target.permissionLevelName === 'Admin',
      ),
    ).toBe(true);
    const twice = await bot.handle(grace, 'request GitHub admin -- again');
    expect(twice.summary).toContain('already have a pending request');
  });

  it('asks for the level, or lists the close matches, when the request is unclear', async () => {
    expect((await bot.handle(grace, 'request GitHub')).summary).toContain(
      '"Read", "Write", and "Admin"',
    );
    expect((await bot.handle(grace, 'request GitHub owner')).summary).toContain(
      'has no permission level "owner"',
    );
    expect((await bot.handle(grace, 'request Gitbub Read')).summary).toContain(
      'Did you mean "GitHub"?',
    );
    expect((await bot.handle(grace, 'request o')).summary).toContain(
      'matches several applications',
    );
  });
});
