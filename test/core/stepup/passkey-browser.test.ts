/**
 * Passkey step-up in a real browser: Debian's Chromium, driven by playwright-core, with a virtual
 * authenticator (the DevTools protocol's WebAuthn domain) that verifies its user. A first
 * sensitive approval enrols Tim's passkey and approves through the page; the sandbox sees the
 * approval once; a group change is confirmed the same way. Then what must be refused is, with nothing decided: the same assertion again,
 * one made for another task's link, Margaret's passkey on Tim's link, a counter that did not
 * move, an expired link, and Tim's link opened in Margaret's browser.
 */
import { type Browser, type CDPSession, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groups, users } from '../../../src/sandbox/seed.ts';
import { actor } from '../../helpers/bot.ts';
import { findChromium, INSTALL_CHROMIUM } from '../../helpers/chromium.ts';
import { useSandbox } from '../../helpers/sandbox.ts';
import { approvals, linkIn, sensitiveRequest, stepUpWorld } from '../../helpers/stepup-world.ts';

const executablePath = findChromium();
if (!executablePath) {
  console.warn(`passkey browser test skipped: no Chromium on PATH (${INSTALL_CHROMIUM})`);
}

/** A browser profile of its own with an authenticator that verifies its user at once. */
async function personWithAuthenticator(browser: Browser) {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await addAuthenticator(cdp);
  return { ctx, page, cdp, authenticatorId };
}

/** An authenticator in this browser: the device's own, or a security key of the same person. */
function addAuthenticator(cdp: CDPSession, transport: 'internal' | 'usb' = 'internal') {
  return cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport,
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

const status = (page: Page) => page.locator('#status').innerText();
const ended = (page: Page) =>
  page.locator('main[data-state=done], main[data-state=refused]').waitFor();

/** Clicks the page's button and keeps the assertion it sends instead of sending it. */
async function assertionOf(page: Page, url: string): Promise<Record<string, unknown>> {
  let kept: Record<string, unknown> | undefined;
  await page.route('**/passkey/confirm', async (route) => {
    kept = JSON.parse(route.request().postData() ?? '{}');
    await route.abort();
  });
  await page.goto(url);
  await page.getByRole('button').click();
  await expect.poll(() => kept).toBeDefined();
  await expect.poll(() => status(page)).toContain('Nothing was decided');
  await page.unroute('**/passkey/confirm');
  return kept!.response as Record<string, unknown>;
}

const tokenOf = (url: string) => new URL(url).searchParams.get('t')!;

describe.skipIf(!executablePath)('passkey step-up in a real browser', () => {
  const sandbox = useSandbox();
  let world: Awaited<ReturnType<typeof stepUpWorld>>;
  let browser: Browser;
  let tim: Awaited<ReturnType<typeof personWithAuthenticator>>;
  const timActor = actor(users.tim.email);
  const margaretActor = actor(users.margaret.email);
  let used: { token: string; response: unknown };

  const call = async (path: string, body: unknown) => {
    const res = await fetch(`${world.origin}/passkey/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return (await res.json()) as { ok: boolean; message: string };
  };
  const linkFor = async (who: typeof timActor, taskId: string) => {
    const url = linkIn(await world.bot.handle(who, `approve ${taskId}`));
    expect(url).toMatch(/^http:\/\/localhost:\d+\/passkey\?t=[\w-]{43}$/);
    return url!;
  };

  beforeAll(async () => {
    world = await stepUpWorld(sandbox.client);
    browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
    tim = await personWithAuthenticator(browser);
  });
  afterAll(async () => {
    await browser?.close();
    await world?.close();
  });

  it('enrols Tim’s first passkey and approves through the page: the service sees it once, the audit says which passkey', async () => {
    const [taskId] = sensitiveRequest(sandbox.current);
    const reply = await world.bot.handle(timActor, `approve ${taskId}`);
    expect(JSON.stringify(reply)).not.toMatch(/"confirmation"|confirm [a-z2-9]{8}/);
    const url = linkIn(reply)!;
    const { page } = tim;
    const sent: string[] = [];
    page.on('request', (r) => r.url().endsWith('/passkey/confirm') && sent.push(r.postData()!));
    await page.goto(url);
    expect(await page.locator('#summary').innerText()).toMatch(/Grace Hopper.*Member.*Payroll/);
    await page.getByRole('button', { name: 'Create my passkey and confirm' }).click();
    await ended(page);
    expect(await status(page)).toContain('You approved');
    expect(approvals(sandbox.current, taskId!)).toHaveLength(1);
    const entry = (await world.store.listAudit({ since: new Date(0) })).find(
      (e) => 'taskId' in e && e.taskId === taskId && e.outcome === 'approved',
    );
    expect(entry).toMatchObject({ confirmedBy: expect.stringMatching(/^passkey:[\w-]+$/) });
    used = JSON.parse(sent[0]!);
  });

  it('refuses the same assertion sent again: nothing more is approved', async () => {
    const answer = await call('confirm', used);
    expect(answer).toEqual({ ok: false, message: expect.stringContaining('already used') });
    const tasks = sandbox.current.requests.filter((r) => r.path.endsWith('/Approve'));
    expect(tasks).toHaveLength(1);
  });

  it('confirms a second approval with the passkey Tim has, and refuses an assertion made for another task’s link', async () => {
    const [first] = sensitiveRequest(sandbox.current);
    const [second] = sensitiveRequest(sandbox.current);
    const urlA = await linkFor(timActor, first!);
    const urlB = await linkFor(timActor, second!);
    const madeForA = await assertionOf(tim.page, urlA);
    expect((await call('options', { token: tokenOf(urlB) })).ok).toBe(true);
    const answer = await call('confirm', { token: tokenOf(urlB), response: madeForA });
    expect(answer).toEqual({
      ok: false,
      message: expect.stringContaining('could not be verified'),
    });
    expect(approvals(sandbox.current, second!)).toHaveLength(0);
    expect(approvals(sandbox.current, first!)).toHaveLength(0);
    // A's own page still confirms A, with the passkey Tim already has.
    await tim.page.goto(urlA);
    await tim.page.getByRole('button', { name: 'Confirm with my passkey' }).click();
    await ended(tim.page);
    expect(await status(tim.page)).toContain('You approved');
    expect(approvals(sandbox.current, first!)).toHaveLength(1);
  });

  it('refuses Margaret’s passkey on Tim’s link, and Tim’s link opened in Margaret’s browser', async () => {
    const margaret = await personWithAuthenticator(browser);
    const [, hers] = sensitiveRequest(sandbox.current);
    const [his] = sensitiveRequest(sandbox.current);
    const herUrl = await linkFor(margaretActor, hers!);
    // Margaret enrols on her own link, then her assertion is kept, not sent.
    await margaret.page.goto(herUrl);
    const sent: string[] = [];
    await margaret.page.route('**/passkey/confirm', async (route) => {
      sent.push(route.request().postData()!);
      await route.abort();
    });
    await margaret.page.getByRole('button', { name: 'Create my passkey and confirm' }).click();
    await expect.poll(() => sent.length).toBe(1);
    const hersAssertion = JSON.parse(sent[0]!).response;
    const hisUrl = await linkFor(timActor, his!);
    expect((await call('options', { token: tokenOf(hisUrl) })).ok).toBe(true);
    const answer = await call('confirm', { token: tokenOf(hisUrl), response: hersAssertion });
    expect(answer.message).toContain('does not belong to the person this link was sent to');
    // In her browser his link asks for his passkey, which her authenticator does not hold.
    await margaret.page.unroute('**/passkey/confirm');
    await margaret.page.goto(hisUrl);
    await margaret.page.getByRole('button', { name: 'Confirm with my passkey' }).click();
    await expect.poll(() => status(margaret.page)).toContain('Nothing was decided');
    expect(approvals(sandbox.current, his!)).toHaveLength(0);
    expect(approvals(sandbox.current, hers!)).toHaveLength(0);
    await margaret.ctx.close();
  });

  it('confirms a group change with Radia’s passkey, enrolled on the link her `confirm` got', async () => {
    const radia = actor(users.radia.email);
    const inDesign = () =>
      sandbox.current.state.groupMembers(groups.design.id).some((u) => u.id === users.ken.id);
    const card = JSON.stringify(
      await world.bot.handle(radia, 'group add Design ken.thompson@example.com'),
    );
    const code = /confirm ([a-z2-9]{8})/.exec(card)![1];
    const url = linkIn(await world.bot.handle(radia, `confirm ${code}`))!;
    expect(inDesign()).toBe(false);
    const { ctx, page } = await personWithAuthenticator(browser);
    await page.goto(url);
    expect(await page.locator('#summary').innerText()).toContain('Ken Thompson');
    await page.getByRole('button', { name: 'Create my passkey and confirm' }).click();
    await ended(page);
    expect(await status(page)).toMatch(/Ken Thompson/);
    expect(inDesign()).toBe(true);
    await ctx.close();
  });

  it('refuses an expired link on its page: nothing is decided', async () => {
    const [taskId] = sensitiveRequest(sandbox.current);
    const url = await linkFor(timActor, taskId!);
    world.clock.now = new Date(world.clock.now.getTime() + 11 * 60_000);
    const response = await tim.page.goto(url);
    expect(response?.status()).toBe(410);
    expect(await status(tim.page)).toContain('This link has expired');
    expect(await tim.page.getByRole('button').count()).toBe(0);
    expect(approvals(sandbox.current, taskId!)).toHaveLength(0);
  });
  it('adds Tim’s second passkey on a security key after his first proved it is him; never without that proof', async () => {
    const url = linkIn(await world.bot.handle(timActor, 'passkeys add'))!;
    // Without the proof, the link makes no passkey.
    const options = await call('options', { token: tokenOf(url) });
    expect(options).toMatchObject({ ok: true, options: { enrol: false } });
    const early = await call('register', { token: tokenOf(url), response: { id: 'x' } });
    expect(early.message).toContain('no new one is created from a link');
    const { page, cdp, authenticatorId } = tim;
    const other = await addAuthenticator(cdp, 'usb');
    // Once the first has answered, only the new device is left to create the new passkey.
    await page.route('**/passkey/confirm', async (route) => {
      await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId });
      await route.continue();
    });
    await page.goto(url);
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await ended(page);
    expect(await status(page)).toBe('Your new passkey is added.');
    await page.unroute('**/passkey/confirm');
    const held = await cdp.send('WebAuthn.getCredentials', {
      authenticatorId: other.authenticatorId,
    });
    const mine = await world.store.passkeysOf('slack', timActor.chatUserId);
    expect(mine).toHaveLength(2);
    expect(mine.map((p) => p.credentialId)).toContain(
      held.credentials[0]!.credentialId.replaceAll('+', '-')
        .replaceAll('/', '_')
        .replace(/=+$/, ''),
    );
    expect(JSON.stringify(await world.bot.handle(timActor, 'passkeys'))).toContain(
      'Your passkeys (2)',
    );
  });
  it('refuses an assertion whose counter did not move past the one stored (a copied key): nothing is decided', async () => {
    const [taskId] = sensitiveRequest(sandbox.current);
    const url = await linkFor(timActor, taskId!);
    // As if a copy of each of his keys had been used meanwhile, further along.
    for (const kept of await world.store.passkeysOf('slack', timActor.chatUserId)) {
      await world.store.passkeyUsed(kept.credentialId, kept.counter + 1000, world.clock.now);
    }
    await tim.page.goto(url);
    await tim.page.getByRole('button', { name: 'Confirm with my passkey' }).click();
    await ended(tim.page);
    expect(await status(tim.page)).toContain('Nothing was decided');
    expect(approvals(sandbox.current, taskId!)).toHaveLength(0);
  });
});
