/**
 * Slack: the request form's "for" field, over real HTTP with Slack-shaped payloads. With
 * REQUEST_ON_BEHALF_GROUP set as an operator would, a member files for the person named (the
 * service is asked for them); anyone else is refused and nothing is filed.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { users, workApps } from '../../src/sandbox/seed.ts';
import { checkAllPayloads } from '../fakes/slack-blockkit.ts';
import { useSlackBot } from '../fakes/slack-harness.ts';
import { sendCommand, sendInteraction, submissionPayload } from '../fakes/slack-payloads.ts';

const slack = useSlackBot({ REQUEST_ON_BEHALF_GROUP: 'Security' });
const fake = () => slack.fake;

afterEach(() => {
  // The form with its new field is valid Block Kit.
  expect(checkAllPayloads(fake())).toBeGreaterThan(0);
});

async function submitFor(user: string, person: string) {
  const responseUrl = fake().responseUrl();
  await sendCommand(slack.bot.url, 'request', user, responseUrl);
  const opened = await fake().waitFor(() => fake().callsOf('views.open')[0]);
  const view = { ...(opened.args.view as Record<string, unknown>), id: 'V-open' };
  expect(JSON.stringify(view)).toContain('"block_id":"for"');
  expect(JSON.stringify(view)).toContain('For someone else');
  const figma = { value: workApps.figma.id, text: { type: 'plain_text', text: 'Figma' } };
  const viewer = {
    value: workApps.figma.levels.viewer.id,
    text: { type: 'plain_text', text: 'Viewer' },
  };
  const ack = await sendInteraction(
    slack.bot.url,
    submissionPayload(view, user, {
      app: { 'accessbot.request.app': { selected_option: figma } },
      [`level:${workApps.figma.id}`]: { 'accessbot.request.level': { selected_option: viewer } },
      for: { 'accessbot.request.for': { value: person } },
    }),
  );
  expect(ack.status).toBe(200);
  const answered = await fake().waitFor(() => fake().respondedTo(responseUrl)[0]);
  const created = slack.sandbox.current.requests.filter(
    (r) => r.method === 'POST' && r.path.endsWith('/WorkApps/Accesses'),
  );
  return { said: String(answered.body.text), created: created.map((r) => JSON.parse(r.body)) };
}

describe('the request form for someone else', () => {
  it('files it for the person named when the filer may', async () => {
    const { said, created } = await submitFor('U-ADA', 'Grace Hopper');
    expect(said).toContain('Requested access to Figma (Viewer) for Grace Hopper.');
    expect(created).toEqual([
      {
        workAppId: workApps.figma.id,
        userId: users.grace.id,
        permissionLevelId: workApps.figma.levels.viewer.id,
      },
    ]);
  });

  it('refuses anyone outside the group, filing nothing', async () => {
    const { said, created } = await submitFor('U-TIM', 'Grace Hopper');
    expect(said).toContain('You may request access only for yourself');
    expect(created).toEqual([]);
  });
});
