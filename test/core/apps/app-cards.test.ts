/**
 * What an application's cards say, in English, German and Japanese: a change confirmed shows
 * what is now true, a change cancelled no longer shows what it would have become; a name that
 * fits no level or policy, or several, is said as such; the card says once, in the reader's
 * language, whether the application is sensitive, and names its default groups as the task card
 * does.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { catalogs } from '../../../src/core/i18n/catalogs.ts';
import type { Reply } from '../../../src/core/reply.ts';
import { users, workApps } from '../../../src/sandbox/seed.ts';
import { appWorld } from '../../helpers/app-world.ts';
import { actor } from '../../helpers/bot.ts';
import { useSandbox } from '../../helpers/sandbox.ts';

const sandbox = useSandbox({ pageSize: 2 });
const { jira } = workApps;
const jiraField = (key: keyof typeof jira.fields) =>
  sandbox.current.state.workApp(jira.id).fields.get(jira.fields[key].id)!;

beforeEach(() => {
  jiraField('dataClassification').value = null;
  jiraField('ownerTeam').value = 'Developer Experience';
});

/** Barbara (who owns Jira) in `locale`: what a line answers, as a reply and as its fields. */
async function barbara(locale: string) {
  const { bot } = await appWorld(sandbox.client);
  const said = async (text: string) => {
    const reply: Reply = await bot.handle({ ...actor(users.barbara.email), locale }, text);
    const fields = reply.blocks.flatMap((b) => (b.kind === 'fields' ? b.fields : []));
    return {
      text: JSON.stringify(reply),
      fields: Object.fromEntries(fields.map((f) => [f.label, f.value])),
    };
  };
  /** Types `verb` with the code the card asks to confirm with. */
  const settle = async (card: { text: string }, verb: 'confirm' | 'cancel') =>
    said(`${verb} ${/confirm ([a-z2-9]{8})/.exec(card.text)?.[1]}`);
  return { said, settle };
}

describe.each([
  [
    'en',
    {
      now: 'Now',
      becomes: 'Becomes',
      policy: 'Policy',
      lastSet: 'Last set through accessbot',
      unset: 'not set',
    },
  ],
  [
    'de-DE',
    {
      now: 'Jetzt',
      becomes: 'Wird',
      policy: 'Richtlinie',
      lastSet: 'Zuletzt über accessbot gesetzt',
      unset: 'nicht gesetzt',
    },
  ],
  [
    'ja-JP',
    {
      now: '現在',
      becomes: '変更後',
      policy: 'ポリシー',
      lastSet: 'accessbot で最後に設定したもの',
      unset: '未設定',
    },
  ],
])('a change’s card in %s', (locale, label) => {
  it('shows what is now true once confirmed, and no value it would have become once cancelled', async () => {
    const b = await barbara(locale);
    const asked = await b.said('app set Jira "Data classification" Internal');
    expect(asked.fields).toMatchObject({ [label.now]: label.unset, [label.becomes]: 'Internal' });
    const done = await b.settle(asked, 'confirm');
    expect(done.fields[label.now]).toBe('Internal');
    expect(done.fields).not.toHaveProperty(label.becomes);

    const cleared = await b.settle(await b.said('app clear Jira "Data classification"'), 'confirm');
    expect(cleared.fields[label.now]).toBe(label.unset);
    expect(jiraField('dataClassification').value).toBeNull();

    const clear = await b.said('app clear Jira "Owner team"');
    expect(clear.fields[label.now]).toBe('Developer Experience');
    const cancelled = await b.settle(clear, 'cancel');
    expect(cancelled.fields).not.toHaveProperty(label.now);
    expect(cancelled.fields).not.toHaveProperty(label.becomes);
    expect(jiraField('ownerTeam').value).toBe('Developer Experience');
  });

  it('of a policy names the policy set once confirmed, and none once cancelled', async () => {
    const b = await barbara(locale);
    const asked = await b.said('app policy Jira request "IT administrators"');
    expect(asked.fields).toMatchObject({ [label.policy]: 'IT administrators' });
    expect(asked.fields).toHaveProperty(label.lastSet);
    const cancelled = await b.settle(asked, 'cancel');
    expect(cancelled.fields).not.toHaveProperty(label.policy);
    const done = await b.settle(
      await b.said('app policy Jira request "IT administrators"'),
      'confirm',
    );
    expect(done.fields[label.policy]).toBe('IT administrators');
    expect(done.fields).not.toHaveProperty(label.lastSet);
  });
});

describe('a level or policy that is not there', () => {
  it.each([
    [
      'en',
      'Jira has no level called \\"Owner\\"; its levels are: \\"User\\" and \\"Project Admin\\".',
      'There is no policy called \\"Nope\\" for access requests; the policies are: ',
      '\\"Admin\\" matches several policies for access requests: \\"IT administrators\\" and \\"Jira administrators\\". Which one?',
    ],
    [
      'de-DE',
      'Jira hat keine Stufe „Owner“; die Stufen sind: „User“ und „Project Admin“.',
      'Für Zugriffsanträge gibt es keine Richtlinie „Nope“; die Richtlinien sind: ',
      '„Admin“ passt zu mehreren Richtlinien für Zugriffsanträge: „IT administrators“ und „Jira administrators“. Welche?',
    ],
    [
      'ja-JP',
      'Jira に「Owner」という権限レベルはありません。権限レベル: 「User」、「Project Admin」。',
      'アクセス申請に「Nope」というポリシーはありません。選べるポリシー: ',
      '「Admin」に当てはまるアクセス申請のポリシーが複数あります: 「IT administrators」、「Jira administrators」。どれですか?',
    ],
  ])(
    'is said as none, or as several to choose from, in %s',
    async (locale, level, none, several) => {
      const b = await barbara(locale);
      expect(
        (await b.said('app policy Jira level Owner request "IT administrators"')).text,
      ).toContain(level);
      expect((await b.said('app policy Jira request Nope')).text).toContain(none);
      expect((await b.said('app policy Jira request Admin')).text).toContain(several);
    },
  );
});

describe('the application’s card', () => {
  it.each([
    ['en', 'Sensitive application', 'no'],
    ['de-DE', 'Sensible Anwendung', 'nein'],
    ['ja-JP', '機密アプリケーション', 'いいえ'],
  ])('says once, in %s, whether it is sensitive', async (locale, sensitive, no) => {
    const card = await (await barbara(locale)).said('app Jira');
    expect(card.fields[sensitive]).toBe(no);
    // Its field (SENSITIVE_FIELD, `Sensitive` unset) is that answer, not a field beside it.
    expect(card.fields).not.toHaveProperty(jira.fields.sensitive.name);
    expect(card.fields).toHaveProperty(jira.fields.ownerTeam.name, 'Developer Experience');
  });

  it('names the default groups with the words the task card uses', () => {
    for (const catalog of Object.values(catalogs)) {
      expect(catalog['app.field.defaults']).toBe(catalog['context.defaults']);
    }
  });
});
