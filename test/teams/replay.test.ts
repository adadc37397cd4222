/**
 * A Teams activity is carried out once: the same activity again (same id, same conversation) is
 * acknowledged and does nothing — on any replica sharing the store — for as long as its Bot
 * Framework token is accepted (its `exp` and botbuilder's five minutes of tolerance, at most a
 * day). Through botbuilder's real CloudAdapter, anonymous and with real token validation.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MAX_KEEP_MS } from '../../adapters/teams/receiver.ts';
import {
  type Harness,
  openGithubTask,
  startHarness,
  TENANT,
  teamsKey,
  useTeams,
} from '../fakes/bot-connector-harness.ts';
import { useSignedTeams } from '../fakes/bot-connector-signed.ts';

const sentBy = (h: Harness) => h.connector.calls.filter((c) => c.op === 'reply' || c.op === 'send');
const replays = (h: Harness) =>
  h.logLines.filter((l) => l.includes('refused a replayed Teams activity')).length;

describe('anonymous, one replica and two', () => {
  const t = useTeams();
  const { sandbox } = t;
  let other: Harness;
  beforeAll(async () => {
    other = await startHarness(sandbox.current, { store: t.h.store });
  });
  afterAll(async () => {
    await other?.close();
  });

  it('answers a replayed message once', async () => {
    const message = t.h.activities.message('ada', 'tasks');
    expect((await t.h.post(message)).status).toBe(200);
    expect(sentBy(t.h)).toHaveLength(1);
    const before = replays(t.h);
    expect((await t.h.post(message)).status).toBe(200);
    expect(sentBy(t.h)).toHaveLength(1);
    expect(replays(t.h)).toBe(before + 1);
  });

  it('decides a replayed click once, and says so to the second', async () => {
    const id = openGithubTask(sandbox.current);
    const click = t.h.activities.cardAction('ada', 'approve', { value: id, view: 'task' });
    expect((await t.h.post(click)).body.value).toBeDefined();
    expect(sandbox.current.state.task(id).status).toBe('Approved');
    const calls = t.h.connector.calls.length;
    const requests = sandbox.current.requests.length;
    const again = await t.h.post(click);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({
      statusCode: 200,
      type: 'application/vnd.microsoft.activity.message',
      value: 'I already have this action: it was done once.',
    });
    expect(t.h.connector.calls).toHaveLength(calls);
    expect(sandbox.current.requests).toHaveLength(requests);
    expect(await t.h.store.listAudit({ taskId: id })).toHaveLength(1);
  });

  it('refuses on the other replica what one replica carried out', async () => {
    const message = t.h.activities.message('ken', 'groups');
    await t.h.post(message);
    expect(sentBy(t.h)).toHaveLength(1);
    expect((await other.post(message)).status).toBe(200);
    expect(sentBy(t.h)).toHaveLength(1);
    expect(replays(other)).toBe(1);
  });

  it('carries out the same activity id in another conversation', async () => {
    const inChannel = t.h.activities.message('ada', 'members Engineering', 'channel');
    const inGroupChat = t.h.activities.message('ada', 'members Engineering', 'groupChat');
    await t.h.post(inChannel);
    await t.h.post({ ...inGroupChat, id: inChannel.id });
    expect(sentBy(t.h).map((c) => c.conversationId)).toEqual([
      '19:general@thread.tacv2',
      '19:group@thread.v2',
    ]);
  });

  it('refuses an activity without an id: an invoke is told, a message does nothing', async () => {
    const { id: _message, ...message } = t.h.activities.message('ada', 'tasks');
    expect((await t.h.post(message)).status).toBe(200);
    const { id: _click, ...click } = t.h.activities.cardAction('ada', 'refresh', {});
    const res = await t.h.post(click);
    expect(res.body).toMatchObject({ statusCode: 400, type: 'application/vnd.microsoft.error' });
    expect(t.h.connector.calls).toEqual([]);
  });
});

describe('as long as the token is accepted', () => {
  const APP_ID = '00000000-aaaa-4bbb-8ccc-000000000003';
  const t = useSignedTeams(APP_ID, {
    MicrosoftAppType: 'MultiTenant',
    TEAMS_ALLOWED_TENANTS: TENANT,
  });
  const ada = { kind: 'user', chatUserId: teamsKey('ada') } as const;
  /** A token the Bot Framework would accept until `exp` (epoch seconds), and its header. */
  const signed = (exp: number) => ({
    authorization: `Bearer ${t.issuer.token(APP_ID, t.h.connector.url, { exp })}`,
  });
  const inTenMinutes = () => Math.floor(Date.now() / 1000) + 600;
  /** Whether `installation`, sent again at `at` with a fresh token, stores Ada's reference again. */
  const carriedOut = async (installation: object, at: number) => {
    await t.h.teams.references.remove(ada);
    t.h.time.at = at;
    await t.h.post(installation, signed(inTenMinutes()));
    return (await t.h.teams.references.get(ada)) !== undefined;
  };
  afterEach(() => {
    t.h.time.at = undefined;
  });

  it('keeps the activity until its token’s expiry and five minutes', async () => {
    const installation = t.h.activities.installation('ada');
    const exp = inTenMinutes();
    const kept = exp * 1000 + 5 * 60_000;
    t.h.time.at = Date.now();
    expect((await t.h.post(installation, signed(exp))).status).toBe(200);
    expect(await t.h.teams.references.get(ada)).toBeDefined();
    expect(await carriedOut(installation, Date.now())).toBe(false);
    expect(await carriedOut(installation, kept)).toBe(false);
    expect(await carriedOut(installation, kept + 1)).toBe(true);
  });

  it('keeps it at most a day, whatever the token says', async () => {
    const installation = t.h.activities.installation('ada');
    const first = Date.now();
    t.h.time.at = first;
    await t.h.post(installation, signed(inTenMinutes() + 3 * 24 * 3600));
    expect(await carriedOut(installation, first + MAX_KEEP_MS)).toBe(false);
    expect(await carriedOut(installation, first + MAX_KEEP_MS + 1)).toBe(true);
  });
});
