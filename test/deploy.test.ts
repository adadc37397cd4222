/**
 * The go-live kit (Dockerfile, compose.yaml, the systemd unit, the Kubernetes examples) agrees
 * with accessbot: its port, its health endpoints, a non-root user, signals that reach node, and
 * only environment variables accessbot reads.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import {
  CONFIGURATION_DOC,
  ENV_EXAMPLE,
  renderConfigurationDoc,
  renderEnvExample,
} from '../scripts/env-example.ts';
import { loadConfig } from '../src/app/config.ts';
import { configVariables } from './helpers/config-variables.ts';

const read = (name: string) => readFileSync(new URL(`../${name}`, import.meta.url), 'utf8');

const defaults = loadConfig({});

/** `npm start`'s command after `exec`: node, its heap flags, the entry point. */
const startCommand = /exec (node .*)$/.exec(JSON.parse(read('package.json')).scripts.start)![1]!;

describe('the configuration schema, as read here', () => {
  it('has the variables the deployment files use', () => {
    for (const name of ['PORT', 'DATABASE_URL', 'NODE_ENV', 'MicrosoftAppId', 'LOG_FILE']) {
      expect(configVariables).toContain(name);
    }
    expect(configVariables).not.toContain('protocol');
    expect(defaults.port).toBe(3000);
  });
});

/** Dockerfile instructions in order, continuation lines joined. */
function instructions(text: string): Array<{ op: string; args: string }> {
  return text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [op, ...rest] = line.split(/\s+/);
      return { op: op!.toUpperCase(), args: rest.join(' ') };
    });
}

describe('Dockerfile', () => {
  const all = instructions(read('Dockerfile'));
  const stages = all.filter((i) => i.op === 'FROM');
  const final = all.slice(all.lastIndexOf(stages.at(-1)!));
  const last = (op: string) => final.filter((i) => i.op === op).at(-1)?.args;
  const env = Object.fromEntries(
    final
      .filter((i) => i.op === 'ENV')
      .flatMap((i) => [...i.args.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=(\S+)/g)])
      .map((m) => [m[1], m[2]]),
  );

  it('is multi-stage on Node 24 slim', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const stage of stages) expect(stage.args).toMatch(/^node:24-slim\b/);
  });

  it('runs node itself under tini, as the unprivileged user, in production', () => {
    expect(JSON.parse(last('ENTRYPOINT')!)).toEqual(['/usr/bin/tini', '--']);
    // Exec form: no shell between tini and node to swallow SIGTERM; npm start's heap flags.
    expect(JSON.parse(last('CMD')!)).toEqual(startCommand.split(' '));
    expect(startCommand).toMatch(/--max-old-space-size=\d+ /);
    expect(last('USER')).toBe('node');
    expect(env.NODE_ENV).toBe('production');
    expect(final.some((i) => i.op === 'RUN' && /apt-get install .*\btini\b/.test(i.args))).toBe(
      true,
    );
  });

  it('exposes the default port and checks /healthz on it', () => {
    expect(last('EXPOSE')).toBe(String(defaults.port));
    expect(env.PORT).toBe(String(defaults.port));
    expect(last('HEALTHCHECK')).toMatch(/\/healthz/);
  });

  it('leaves the store to be named, and shows the SQLite one on the declared volume', () => {
    const volume = JSON.parse(last('VOLUME')!)[0] as string;
    expect(env.DATABASE_URL).toBeUndefined();
    expect(read('Dockerfile')).toContain(`-e DATABASE_URL=sqlite:${volume}/accessbot.db`);
  });

  it('sets only variables accessbot reads', () => {
    for (const name of Object.keys(env)) expect(configVariables).toContain(name);
  });

  it('leaves secrets, data and development files out of the build context', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['.git', 'node_modules', 'data', '*.db', '.env*', 'test']) {
      expect(ignored).toContain(entry);
    }
    for (const copied of ['src', 'adapters', 'package.json', 'package-lock.json', '.npmrc']) {
      expect(ignored).not.toContain(copied);
    }
  });
});

describe('compose.yaml', () => {
  const compose = parse(read('compose.yaml'));
  const bot = compose.services.accessbot;

  it('runs two replicas of accessbot on one PostgreSQL', () => {
    expect(bot.deploy.replicas).toBe(2);
    expect(bot.environment.DATABASE_URL).toMatch(/^postgres:\/\/accessbot:.*@postgres:5432\//);
    expect(compose.services.postgres.image).toMatch(/^postgres:\d+/);
    expect(bot.depends_on.postgres.condition).toBe('service_healthy');
    expect(compose.services.postgres.healthcheck.test.join(' ')).toContain('pg_isready');
  });

  it('publishes the port accessbot listens on and gives it time to stop', () => {
    expect(bot.environment.PORT).toBe(String(defaults.port));
    for (const port of bot.ports) expect(port).toMatch(new RegExp(`:${defaults.port}$`));
    expect(Number.parseInt(bot.stop_grace_period, 10)).toBeGreaterThanOrEqual(15);
  });

  it('passes every setting of .env, and sets only variables accessbot reads, no secret values', () => {
    expect(bot.env_file).toEqual([{ path: '.env', required: true }]);
    for (const [name, value] of Object.entries(bot.environment as Record<string, string>)) {
      expect(configVariables).toContain(name);
      if (/SECRET|TOKEN|PASSWORD|KEY/.test(name)) expect(value).toMatch(/^\$\{/);
    }
  });
});

/** A systemd unit as section → key → every value given. */
function unit(text: string): Record<string, Record<string, string[]>> {
  const sections: Record<string, Record<string, string[]>> = {};
  let current: Record<string, string[]> = {};
  for (const line of text.split('\n').map((l) => l.trim())) {
    if (!line || line.startsWith('#')) continue;
    const section = /^\[(.+)\]$/.exec(line);
    if (section) {
      current = {};
      sections[section[1]!] = current;
    } else {
      const [key, ...value] = line.split('=');
      current[key!] = [...(current[key!] ?? []), value.join('=')];
    }
  }
  return sections;
}

describe('deploy/systemd/accessbot.service', () => {
  const text = read('deploy/systemd/accessbot.service');
  const service = unit(text).Service!;
  const one = (key: string) => service[key]?.at(-1);

  it('runs node itself as an unprivileged user and gives it time to stop', () => {
    expect(one('ExecStart')).toBe(`/usr/bin/${startCommand}`);
    expect(one('User')).toBe('accessbot');
    expect(one('KillSignal')).toBe('SIGTERM');
    expect(Number.parseInt(one('TimeoutStopSec')!, 10)).toBeGreaterThanOrEqual(15);
  });

  it('is hardened, but leaves V8 its JIT', () => {
    for (const [key, value] of Object.entries({
      NoNewPrivileges: 'yes',
      ProtectSystem: 'strict',
      ProtectHome: 'yes',
      PrivateTmp: 'yes',
      PrivateDevices: 'yes',
      RestrictSUIDSGID: 'yes',
      CapabilityBoundingSet: '',
    })) {
      expect({ key, value: one(key) }).toEqual({ key, value });
    }
    expect(service.MemoryDenyWriteExecute).toBeUndefined();
  });

  it('keeps the SQLite store in its state directory', () => {
    const env = Object.fromEntries(service.Environment!.map((e) => e.split('=', 2)));
    expect(env.DATABASE_URL).toBe(`sqlite:/var/lib/${one('StateDirectory')}/accessbot.db`);
    expect(env.PORT).toBe(String(defaults.port));
    for (const name of Object.keys(env)) expect(configVariables).toContain(name);
  });

  it.skipIf(spawnSync('systemd-analyze', ['--version']).status !== 0)(
    'passes systemd-analyze verify',
    () => {
      const run = spawnSync('systemd-analyze', ['verify', 'deploy/systemd/accessbot.service'], {
        cwd: new URL('..', import.meta.url),
        encoding: 'utf8',
      });
      // It warns about users and paths of the target machine (here absent): only unit errors count.
      const problems = run.stderr
        .split('\n')
        .filter((line) => /Unknown key|Invalid|Failed to parse|bad-setting/i.test(line));
      expect(problems).toEqual([]);
    },
  );
});

describe('deploy/accessbot.env.example and docs/configuration.md', () => {
  it('are what npm run env:example writes from the settings', () => {
    expect(read(ENV_EXAMPLE)).toBe(renderEnvExample());
    expect(read(CONFIGURATION_DOC)).toBe(renderConfigurationDoc());
  });

  it('name every setting once, with a comment above, besides the compose database password', () => {
    const text = read(ENV_EXAMPLE);
    const names = [...text.matchAll(/^(?:# )?([A-Za-z_]\w*)=/gm)].map((m) => m[1]!);
    expect(names.filter((n) => n !== 'POSTGRES_PASSWORD').sort()).toEqual(
      [...configVariables].sort(),
    );
    const lines = text.split('\n');
    lines.forEach((line, i) => {
      if (/^(# )?[A-Za-z_]\w*=/.test(line)) expect(lines[i - 1], line).toMatch(/^# \S/);
    });
  });

  it('show each default as accessbot reads it', () => {
    const defaults = [...read(ENV_EXAMPLE).matchAll(/^# ([A-Za-z_]\w*)=(.+)$/gm)];
    expect(defaults.length).toBeGreaterThan(20);
    const given = loadConfig(Object.fromEntries(defaults.map((m) => [m[1]!, m[2]!])));
    expect(given).toEqual(loadConfig({}));
  });

  it('list in the docs every setting under its group', () => {
    const doc = read(CONFIGURATION_DOC);
    for (const name of configVariables) expect(doc).toContain(`| \`${name}\` |`);
  });
});

describe('deploy/kubernetes', () => {
  const docs = ['secret', 'deployment', 'service', 'pdb', 'ingress'].flatMap((name) =>
    parseAllDocuments(read(`deploy/kubernetes/${name}.yaml`)).map((doc) => doc.toJSON()),
  );
  const ofKind = (kind: string) => docs.find((doc) => doc.kind === kind);
  const deployment = ofKind('Deployment');
  const pod = deployment.spec.template.spec;
  const container = pod.containers[0];
  const portNamed = (name: string) =>
    container.ports.find((p: { name: string }) => p.name === name).containerPort;

  it('lists every file in its kustomization', () => {
    const { resources } = parse(read('deploy/kubernetes/kustomization.yaml'));
    expect(resources.sort()).toEqual(
      ['deployment', 'ingress', 'pdb', 'secret', 'service'].map((n) => `${n}.yaml`),
    );
  });

  it('runs two replicas, kept at one at least by a PodDisruptionBudget', () => {
    expect(deployment.spec.replicas).toBe(2);
    const pdb = ofKind('PodDisruptionBudget');
    expect(pdb.spec.minAvailable).toBe(1);
    expect(pdb.spec.selector.matchLabels).toEqual(deployment.spec.selector.matchLabels);
    expect(deployment.spec.template.metadata.labels).toMatchObject(
      deployment.spec.selector.matchLabels,
    );
  });

  it('probes /readyz for readiness and /healthz for liveness on the port accessbot listens on', () => {
    expect(portNamed('http')).toBe(defaults.port);
    expect(container.readinessProbe.httpGet).toEqual({ path: '/readyz', port: 'http' });
    expect(container.livenessProbe.httpGet).toEqual({ path: '/healthz', port: 'http' });
    const env = Object.fromEntries(
      container.env.map((e: { name: string; value: string }) => [e.name, e.value]),
    );
    expect(env.PORT).toBe(String(defaults.port));
  });

  it('gives accessbot time to stop and runs it without privileges', () => {
    expect(pod.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(15);
    expect(pod.securityContext.runAsNonRoot).toBe(true);
    expect(pod.securityContext.runAsUser).not.toBe(0);
    expect(container.securityContext).toMatchObject({
      allowPrivilegeEscalation: false,
      readOnlyRootFilesystem: true,
      capabilities: { drop: ['ALL'] },
    });
  });

  it('takes the credentials from the Secret, and every variable is one accessbot reads', () => {
    const secret = ofKind('Secret');
    expect(container.envFrom).toEqual([{ secretRef: { name: secret.metadata.name } }]);
    const names = [
      ...container.env.map((e: { name: string }) => e.name),
      ...Object.keys(secret.stringData),
    ];
    for (const name of names) expect(configVariables).toContain(name);
    for (const name of Object.keys(secret.stringData)) {
      expect(container.env.map((e: { name: string }) => e.name)).not.toContain(name);
    }
  });

  it('routes the Service to the pods and publishes only the three callback paths', () => {
    const service = ofKind('Service');
    expect(service.spec.selector).toEqual(deployment.spec.selector.matchLabels);
    expect(service.spec.ports[0].targetPort).toBe('http');
    const ingress = ofKind('Ingress');
    const paths = ingress.spec.rules[0].http.paths.map((p: { path: string }) => p.path);
    expect(paths.sort()).toEqual(['/api/messages', '/slack/events', '/webhooks/access']);
    expect(ingress.spec.tls).toHaveLength(1);
  });
});
