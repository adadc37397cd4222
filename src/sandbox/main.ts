/** `npm run sandbox`: the sandbox on its own, printing the command that runs accessbot on it. */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { type EmailMap, parseEmailMap } from './email-map.ts';
import { demoApprover } from './seed.ts';
import { startSandbox } from './server.ts';

const Env = z.object({
  SANDBOX_PORT: z.coerce.number().int().min(0).max(65_535).default(4010),
  SANDBOX_PAGE_SIZE: z.coerce.number().int().min(1).optional(),
  SANDBOX_WEBHOOK_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  SANDBOX_WEBHOOK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SANDBOX_EMAIL_MAP: z.string().optional(),
});

const USAGE = `usage: npm run sandbox [-- --webhook-url <url>]

Runs the Access Service sandbox (a simulator with a sample organisation) on its own and prints
the command that starts accessbot against it. Settings, as environment variables:
  SANDBOX_PORT             the port it listens on (default 4010)
  SANDBOX_PAGE_SIZE        items per page of its lists (default 25)
  SANDBOX_WEBHOOK_URL      where to send signed webhooks, or --webhook-url (default: none), e.g.
                           http://127.0.0.1:3000/webhooks/access for an accessbot on port 3000
  SANDBOX_WEBHOOK_SECRET   the secret they are signed with (default: made up at start)
  SANDBOX_EMAIL_MAP        real e-mail addresses for its people: you@corp.com=ada,…`;

function fail(message: string): never {
  process.stderr.write(`sandbox: ${message}\n`);
  process.exit(1);
}

let flags: { 'webhook-url'?: string | undefined; help?: boolean | undefined };
try {
  ({ values: flags } = parseArgs({
    options: { 'webhook-url': { type: 'string' }, help: { type: 'boolean' } },
  }));
} catch (error) {
  fail(`${(error as Error).message} (--help lists the options)`);
}
if (flags.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
const blankIsUnset = Object.fromEntries(
  Object.entries(process.env).filter(([name, value]) => name.startsWith('SANDBOX_') && value),
);
const env = Env.safeParse({
  ...blankIsUnset,
  SANDBOX_WEBHOOK_URL: flags['webhook-url'] ?? blankIsUnset.SANDBOX_WEBHOOK_URL,
});
if (!env.success) {
  const issue = env.error.issues[0]!;
  fail(`${String(issue.path[0])}: ${issue.message}`);
}
const { SANDBOX_WEBHOOK_URL: webhookUrl, SANDBOX_EMAIL_MAP: mapped } = env.data;
let emailMap: EmailMap | undefined;
try {
  emailMap = mapped ? parseEmailMap(mapped) : undefined;
} catch (error) {
  fail(`SANDBOX_EMAIL_MAP: ${(error as Error).message}`);
}
const webhookSecret = env.data.SANDBOX_WEBHOOK_SECRET ?? randomBytes(24).toString('base64url');

const sandbox = await startSandbox({
  port: env.data.SANDBOX_PORT,
  ...(env.data.SANDBOX_PAGE_SIZE !== undefined && { pageSize: env.data.SANDBOX_PAGE_SIZE }),
  ...(webhookUrl && { webhook: { url: webhookUrl, secret: webhookSecret } }),
  ...(emailMap && { emailMap }),
});
const approver = sandbox.state.user(demoApprover.id);

process.stdout.write(
  [
    `Access Service sandbox listening at ${sandbox.url}`,
    `Demo approver: ${approver.displayName} <${approver.email}>`,
    webhookUrl
      ? `Webhooks: signed deliveries to ${webhookUrl}`
      : 'Webhooks: off (start with --webhook-url http://127.0.0.1:3000/webhooks/access to send them to an accessbot serving Slack or Teams on port 3000)',
    '',
    'Run accessbot against it (in another terminal, in this folder):',
    '',
    [
      `ACCESS_API_URL=${sandbox.url}`,
      `ACCESS_API_KEY=${sandbox.apiKey}`,
      `ACCESS_API_SECRET=${sandbox.apiSecret}`,
      `ACCESS_WEBHOOK_SECRET=${webhookSecret}`,
      `SHELL_USER_EMAIL=${approver.email}`,
      'npm start',
    ].join(' '),
    '',
  ].join('\n'),
);

const stop = async () => {
  await sandbox.close();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
