/**
 * The tools test/app/deploy.test.ts checks the deployment files with. Each check runs where its
 * tool does; test/global-setup.ts says in one line which was skipped and how to get it.
 */
import { spawnSync } from 'node:child_process';

export interface DeployTool {
  /** What is checked with it. */
  check: string;
  /** A command that succeeds where the tool can run. */
  probe: [string, ...string[]];
  install: string;
}

export const SYSTEMD_ANALYZE: DeployTool = {
  check: '`systemd-analyze verify deploy/systemd/accessbot.service`',
  probe: ['systemd-analyze', '--version'],
  install: 'apt-get install -y systemd',
};

export const KUBECTL: DeployTool = {
  check: '`kubectl kustomize deploy/kubernetes`',
  probe: ['kubectl', 'version', '--client'],
  install: 'apt-get install -y kubernetes-client',
};

export const runs = ({ probe: [command, ...args] }: DeployTool) =>
  spawnSync(command, args).status === 0;
