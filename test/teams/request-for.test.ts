/**
 * Teams: the request form's "for" field files a request for someone else, when the filer is in
 * REQUEST_ON_BEHALF_GROUP (set here as an operator would); a name nobody has brings the form
 * back with what was typed; anyone else is refused and nothing is filed.
 */
import { describe, expect, it } from 'vitest';
import { users, workApps } from '../../src/sandbox/seed.ts';
import { cardsOf } from '../fakes/bot-connector-cards.ts';
import { shown, useTeams } from '../fakes/bot-connector-harness.ts';

const t = useTeams({
  env: {
    TEAMS_ANONYMOUS: '1',
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    REQUEST_ON_BEHALF_GROUP: 'Security',
  },
});
const sandbox = t.sandbox;

type Input = { id?: string; type: string; [k: string]: unknown };
const inputs = (card: { body?: unknown }) => card.body as Input[];
const submit = (who: 'ken' | 'tim', data: Record<string, unknown>) =>
  t.h.post(t.h.activities.cardAction(who, 'request', data, 'msg-form'));
const figmaOf = (userId: string) =>
  [...sandbox.current.state.accesses.values()].filter(
    (a) => a.userId === userId && a.workAppId === workApps.figma.id && a.status === 'Pending',
  );
const viewer = { workAppId: workApps.figma.id, permissionLevelId: workApps.figma.levels.viewer.id };

describe('the request form for someone else', () => {
  it('has an optional "for" field', async () => {
    await t.h.post(t.h.activities.message('ken', 'request'));
    const [card] = cardsOf(t.h.connector.calls.find((c) => c.op === 'reply')!.activity!);
    expect(inputs(card!).find((i) => i.id === 'for')).toMatchObject({
      type: 'Input.Text',
      label: 'For someone else',
      placeholder: 'Their name or e-mail; leave it empty for yourself',
    });
  });

  it('files it for the person named, when the filer may', async () => {
    const res = await submit('ken', { ...viewer, for: 'Grace Hopper', justification: 'reviews' });
    expect(shown(res.body.value)).toContain('Requested access to Figma (Viewer) for Grace Hopper.');
    expect(figmaOf(users.grace.id)).toHaveLength(1);
    expect(figmaOf(users.ken.id)).toEqual([]);
  });

  it('brings the form back, with what was typed, for a name nobody has', async () => {
    const res = await submit('ken', { ...viewer, for: 'Nobody Atall' });
    const card = res.body.value;
    expect(shown(card)).toContain('I found nobody called \\"Nobody Atall\\"');
    expect(inputs(card).find((i) => i.id === 'for')).toMatchObject({ value: 'Nobody Atall' });
  });

  it('refuses anyone outside the group, filing nothing', async () => {
    const res = await submit('tim', { ...viewer, for: 'Dennis Ritchie' });
    expect(shown(res.body.value)).toContain('You may request access only for yourself');
    expect(figmaOf(users.dennis.id)).toEqual([]);
  });
});
