/**
 * Teams: `request` with no arguments sends a form whose WorkApp and permission level pickers are
 * served by `application/search`; submitting it creates the access request.
 */
import { describe, expect, it } from 'vitest';
import { users, workApps } from '../../src/sandbox/seed.ts';
import { cardsOf } from '../fakes/bot-connector-cards.ts';
import { shown, useTeams } from '../fakes/bot-connector-harness.ts';
import { fiveDecisions } from '../helpers/usual-waits.ts';

const t = useTeams();
const sandbox = t.sandbox;

const CARD = 'application/vnd.microsoft.card.adaptive';
type Input = { id?: string; type: string; [k: string]: unknown };
const inputs = (card: { body?: unknown }) => card.body as Input[];
const search = (value: object) =>
  t.h.post(t.h.activities.invoke('tim', 'application/search', value));
const submit = (data: Record<string, unknown>) =>
  t.h.post(t.h.activities.cardAction('tim', 'request', data, 'msg-form'));
const accessesOf = (userId: string, appId: string) =>
  [...sandbox.current.state.accesses.values()].filter(
    (a) => a.userId === userId && a.workAppId === appId,
  );

describe('the form', () => {
  it('`request` alone sends a form with type-ahead pickers and a justification', async () => {
    await t.h.post(t.h.activities.message('tim', 'request'));
    const [card] = cardsOf(t.h.connector.calls.find((c) => c.op === 'reply')!.activity!);
    const [, app, level, why] = inputs(card!);
    expect(app).toMatchObject({
      type: 'Input.ChoiceSet',
      id: 'workAppId',
      style: 'filtered',
      isRequired: true,
      'choices.data': { type: 'Data.Query', dataset: 'workApps' },
    });
    expect(shown(app)).toContain('GitHub');
    expect(level).toMatchObject({
      id: 'permissionLevelId',
      'choices.data': { type: 'Data.Query', dataset: 'permissionLevels', associatedInputs: 'auto' },
    });
    expect(why).toMatchObject({ type: 'Input.Text', id: 'justification', maxLength: 1000 });
    expect(shown(card)).toContain('"verb":"request"');
  });

  it('in a channel, the form goes to the personal chat', async () => {
    await t.h.post(t.h.activities.message('tim', 'request', 'channel'));
    const sent = t.h.connector.calls.filter((c) => c.op === 'reply' || c.op === 'send');
    expect(sent.map((c) => c.conversationId)).not.toContain('19:general@thread.tacv2');
    expect(shown(sent[0]?.activity)).toContain('workAppId');
  });

  it('says so when the service is down instead of sending a broken form', async () => {
    // Past the application list's 30 s cache, so the service is asked.
    t.h.time.skewMs += 60_000;
    sandbox.current.faults.failNext(50, 503);
    await t.h.post(t.h.activities.message('tim', 'request'));
    const reply = t.h.connector.calls.find((c) => c.op === 'reply');
    expect(shown(reply?.activity)).toContain('not answering');
  });
});

describe('application/search', () => {
  it('finds WorkApps by what is typed', async () => {
    const res = await search({
      dataset: 'workApps',
      queryText: 'git',
      queryOptions: { skip: 0, top: 15 },
    });
    expect(res.body).toEqual({
      statusCode: 200,
      type: 'application/vnd.microsoft.search.searchResponse',
      value: { results: [{ title: 'GitHub', value: workApps.github.id }] },
    });
  });

  it('lists the chosen app’s permission levels, filtered by what is typed', async () => {
    const all = await search({
      dataset: 'permissionLevels',
      queryText: '',
      data: { workAppId: workApps.github.id },
    });
    expect(all.body.value.results.map((r: { title: string }) => r.title).sort()).toEqual([
      'Admin',
      'Read',
      'Write',
    ]);
    const some = await search({
      dataset: 'permissionLevels',
      queryText: 'wr',
      data: { workAppId: workApps.github.id },
    });
    expect(some.body.value.results).toEqual([
      { title: 'Write', value: workApps.github.levels.write.id },
    ]);
  });

  it('offers no level before an app is chosen', async () => {
    const res = await search({ dataset: 'permissionLevels', queryText: 'a' });
    expect(res.body.value.results).toEqual([]);
  });

  it('honours skip and top', async () => {
    const res = await search({
      dataset: 'workApps',
      queryText: '',
      queryOptions: { skip: 1, top: 2 },
    });
    expect(res.body.value.results).toHaveLength(2);
  });

  it('refuses an unknown dataset and a malformed query with 400', async () => {
    expect((await search({ dataset: 'users', queryText: 'a' })).body.statusCode).toBe(400);
    expect((await search({ queryText: 7 })).body.statusCode).toBe(400);
  });

  it('answers an error when the service is down', async () => {
    t.h.time.skewMs += 60_000;
    sandbox.current.faults.failNext(50, 503);
    const res = await search({ dataset: 'workApps', queryText: 'git' });
    expect(res.body).toMatchObject({ statusCode: 503, type: 'application/vnd.microsoft.error' });
  });
});

describe('submitting', () => {
  it('creates the request, confirms it, says how long Figma requests usually take and replaces the form', async () => {
    await fiveDecisions(t.h.store, new Date(), workApps.figma.id);
    const res = await submit({
      workAppId: workApps.figma.id,
      permissionLevelId: workApps.figma.levels.viewer.id,
      justification: 'design reviews',
    });
    expect(res.body.type).toBe(CARD);
    expect(shown(res.body.value)).toContain('Requested access to Figma (Viewer)');
    expect(shown(res.body.value)).toContain(
      'Requests for Figma are usually decided within 3 hours here (9 in 10 within 3 days).',
    );
    expect(accessesOf(users.tim.id, workApps.figma.id).at(-1)).toMatchObject({
      status: 'Pending',
      permissionLevelId: workApps.figma.levels.viewer.id,
    });
    const update = t.h.connector.calls.find((c) => c.op === 'update');
    expect(update?.activityId).toBe('msg-form');
  });

  it('a second identical request is refused truthfully', async () => {
    const res = await submit({
      workAppId: workApps.figma.id,
      permissionLevelId: workApps.figma.levels.viewer.id,
    });
    expect(shown(res.body.value)).toContain('already have a pending request');
    expect(t.h.connector.calls.filter((c) => c.op === 'update')).toEqual([]);
  });

  it('brings the form back to choose a level when the app has several', async () => {
    const res = await submit({
      workAppId: workApps.jira.id,
      permissionLevelId: 'default',
      justification: 'sprints',
    });
    const card = res.body.value;
    expect(shown(card)).toContain('Jira has several permission levels');
    const level = inputs(card).find((i) => i.id === 'permissionLevelId');
    expect(shown(level)).toContain('Project Admin');
    expect(inputs(card).find((i) => i.id === 'justification')).toMatchObject({ value: 'sprints' });
    expect(
      accessesOf(users.tim.id, workApps.jira.id).filter((a) => a.status === 'Pending'),
    ).toEqual([]);
  });

  it('brings the form back when no app was chosen or the app is unknown', async () => {
    expect(shown((await submit({})).body.value)).toContain('Choose an application');
    const gone = await submit({ workAppId: '00000000-0000-4000-8000-000000000000' });
    expect(shown(gone.body.value)).toContain('That application is not available; choose another.');
  });

  it('refuses a justification over the limit', async () => {
    const res = await submit({ workAppId: workApps.jira.id, justification: 'x'.repeat(1001) });
    expect(shown(res.body.value)).toContain('at most 1000 characters');
  });

  it('a level that is not the app’s brings the form back', async () => {
    const res = await submit({
      workAppId: workApps.jira.id,
      permissionLevelId: workApps.figma.levels.editor.id,
    });
    expect(shown(res.body.value)).toContain('has no such permission level');
  });
});
