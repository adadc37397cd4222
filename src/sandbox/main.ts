/**
 * `npm run sandbox`: the sandbox on its own, for running the bot against it in another process.
 * SANDBOX_PORT (default 4010) and SANDBOX_PAGE_SIZE (default 25) configure it; SIGINT or SIGTERM
 * stops it with exit code 0.
 */
import { z } from 'zod';
import { demoApprover } from './seed.ts';
import { startSandbox } from './server.ts';

const Env = z.object({
  SANDBOX_PORT: z.coerce.number().int().min(0).max(65_535).default(4010),
  SANDBOX_PAGE_SIZE: z.coerce.number().int().min(1).optional(),
});

const env = Env.safeParse(process.env);
if (!env.success) {
  const issue = env.error.issues[0]!;
  process.stderr.write(`${String(issue.path[0])}: ${issue.message}\n`);
  process.exit(1);
}

const sandbox = await startSandbox({
  port: env.data.SANDBOX_PORT,
  ...(env.data.SANDBOX_PAGE_SIZE !== undefined && { pageSize: env.data.SANDBOX_PAGE_SIZE }),
});

process.stdout.write(
  [
    `Access Service sandbox listening at ${sandbox.url}`,
    `API key:    ${sandbox.apiKey}`,
    `API secret: ${sandbox.apiSecret}`,
    `Demo approver: ${demoApprover.displayName} <${demoApprover.email}>`,
    '',
    'Point the bot at it with:',
    [
      `ACCESS_API_URL=${sandbox.url}`,
      `ACCESS_API_KEY=${sandbox.apiKey}`,
      `ACCESS_API_SECRET=${sandbox.apiSecret}`,
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
