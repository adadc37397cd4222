/**
 * Receipts on every platform: a decision's reply shows a code from its audit entry's hash, on
 * Slack (slash command, over HTTP), Teams (message activity, over HTTP) and the terminal; the
 * person who decided reads what was recorded with `receipt <code>`, as typed (any case, O for 0,
 * with or without its dash); an auditor reads anyone's; anyone else, an unknown code and
 * hostile text are refused without a word about any entry.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccessBot } from '../../../src/core/bot.ts';
import { tasks, users } from '../../../src/sandbox/seed.ts';
import { openStore } from '../../../src/store/open.ts';
import { slackSay, teamsSay } from '../../fakes/chat-drivers.ts';
import { captureLog } from '../../helpers/bot.ts';
import { type ChatPlatforms, startChatPlatforms } from '../../helpers/every-platform.ts';
import { RULES } from '../../helpers/group-bot.ts';
import { outboxNotices } from '../../helpers/outbox-notices.ts';
import { useSandbox } from '../../helpers/sandbox.ts';
import { openTerminalChat } from '../../helpers/terminal-chat.ts';

const sandbox = useSandbox();
const RECEIPT = /Receipt ([0-9A-Z]{5}-[0-9A-Z]{5})/;
const receiptIn = (text: string) => {
  const code = RECEIPT.exec(text)?.[1];
  if (!code) throw new Error(`no receipt in ${text.slice(0, 400)}`);
  return code;
};
const short = (taskId: string) => taskId.slice(0, 8);

describe('receipts on Slack and Teams, over HTTP', () => {
  let platforms: ChatPlatforms;
  beforeAll(async () => {
    platforms = await startChatPlatforms(sandbox.current, { AUDITORS_GROUP: 'Finance' });
  });
  afterAll(() => platforms.close());

  it('Slack: the decision shows its receipt, which the decider and an auditor can read', async () => {
    const { fake, bot } = platforms.slack;
    const say = (who: string, text: string) => slackSay(fake, bot.url, who, text);
    const decided = await say('dennis', `approve ${short(tasks.dennisBarbaraJiraAdmin)}`);
    expect(decided).toContain('You approved');
    const code = receiptIn(decided);
    expect(decided).toContain(`receipt ${code}`);
    const mine = await say('dennis', `receipt ${code.toLowerCase()}`);
    expect(mine).toContain(`Receipt ${code}`);
    expect(mine).toMatch(/Approved \\"Access request: Jira/);
    expect(mine).toContain('Slack, from the account U-DENNIS');
    expect(mine).toMatch(/Entry hash[^0-9a-f]+[0-9a-f]{64}/);
    expect(await say('katherine', `receipt ${code.replace('-', '')}`)).toContain('Jira');
    const other = await say('grace', `receipt ${code}`);
    expect(other).toContain(`No receipt ${code} of yours is on record`);
    expect(other).not.toContain('Jira');
    platforms.checkPayloads();
  });

  it('Teams: the decision shows its receipt, which the decider can read', async () => {
    const { teams } = platforms;
    const decided = await teamsSay(
      teams,
      'margaret',
      `approve ${short(tasks.margaretTimFigmaEditor)}`,
    );
    expect(decided).toContain('You approved');
    const code = receiptIn(decided);
    const mine = await teamsSay(teams, 'margaret', `receipt ${code}`);
    expect(mine).toContain(`Receipt ${code}`);
    expect(mine).toContain('Figma');
    expect(mine).toContain('Microsoft Teams, from the account');
    expect(await teamsSay(teams, 'ken', `receipt ${code}`)).toContain('of yours is on record');
    platforms.checkPayloads();
  });
});

describe('receipts on the terminal', () => {
  it('shows the receipt, reads it as typed, and refuses others, unknown codes and hostile text', async () => {
    const store = await openStore('sqlite::memory:');
    const { log } = captureLog();
    const { notices } = outboxNotices(store, log);
    const bot = new AccessBot({
      client: sandbox.client,
      store,
      log,
      pendingStatus: 'Pending',
      groups: RULES,
      notices,
    });
    const chat = async (who: keyof typeof users) =>
      openTerminalChat({ bot, email: users[who].email });
    const [ada, grace, katherine] = [
      await chat('ada'),
      await chat('grace'),
      await chat('katherine'),
    ];
    try {
      const decided = await ada.ask(`approve ${short(tasks.adaGraceGithubWrite)}`);
      expect(decided).toContain('Approved by Ada Lovelace');
      const code = receiptIn(decided);
      // As read out over the phone: lower case, an O for the zero, no dash.
      const typed = code.toLowerCase().replace('-', '').replaceAll('0', 'o');
      const mine = await ada.ask(`receipt ${typed}`);
      expect(mine).toContain(`Receipt ${code}`);
      expect(mine).toMatch(/What:\s+Approved "Access request: GitHub \(Write\)"/);
      expect(mine).toMatch(/Who:\s+Ada Lovelace/);
      expect(mine).toMatch(/How confirmed:\s+the terminal/);
      // Grace asked for the access, but the entry is Ada's decision: not hers to read.
      expect(await grace.ask(`receipt ${code}`)).toContain(`No receipt ${code} of yours`);
      expect(await katherine.ask(`receipt ${code}`)).toMatch(/Who:\s+Ada Lovelace/);
      const unknown = code.startsWith('Z') ? 'YYYYY-YYYYY' : 'ZZZZZ-ZZZZZ';
      expect(await ada.ask(`receipt ${unknown}`)).toContain(`No receipt ${unknown} of yours`);
      for (const hostile of ['', '<@U123> \u202e', `${code}${code}`, 'ILLUU-00000']) {
        const said = await ada.ask(`receipt ${hostile}`);
        expect(said).toContain('A receipt is 10 letters and digits');
        expect(said).not.toContain('\u202e');
      }
    } finally {
      for (const c of [ada, grace, katherine]) await c.stop();
      await store.close();
    }
  });
});
