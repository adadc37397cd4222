/**
 * The demo's access review campaign, end to end in the real demo process: `reviews` lists it,
 * `review GitHub` pages it, a row's id keeps one, and everyone left is kept once confirmed.
 */
import { expect, it } from 'vitest';
import { startBot } from '../helpers/spawn.ts';

it('has a review campaign to try: a page, Keep, and everyone left kept once confirmed', async () => {
  const bot = startBot({ DEMO_REQUEST_AFTER: '0' });
  try {
    await bot.waitFor(/You have 14 pending tasks/);
    let mark = bot.stdout().length;
    bot.type('reviews');
    await bot.waitFor(/2\. GitHub \(Read\): 11 to review/, mark);
    mark = bot.stdout().length;
    bot.type('review GitHub');
    const page = await bot.waitFor(/review 2 page 2/, mark);
    const id = /Alan Turing · Read · .* · `([0-9a-f]{8})`/.exec(page)?.[1];
    expect(id).toBeDefined();
    mark = bot.stdout().length;
    bot.type(`approve ${id}`);
    await bot.waitFor(/You approved "Access review: Alan Turing on GitHub \(Read\)"/, mark);
    mark = bot.stdout().length;
    bot.type('review GitHub keep all');
    const ask = await bot.waitFor(/confirm [a-z2-9]{8}/, mark);
    expect(ask).toContain('10 people');
    mark = bot.stdout().length;
    bot.type(`confirm ${/confirm ([a-z2-9]{8})/.exec(ask)![1]}`);
    await bot.waitFor(/Kept 10 of 10 people/, mark);
    mark = bot.stdout().length;
    bot.type('reviews');
    await bot.waitFor(
      /1 access review waits for you in 1 group\n\s+1\. AWS Console \(PowerUser\)/,
      mark,
    );
    bot.type('quit');
    expect(await bot.exited).toBe(0);
  } finally {
    bot.child.kill('SIGKILL');
  }
});
