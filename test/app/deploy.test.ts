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
} from '../../scripts/env-example.ts';
import { loadConfig } from '../../src/app/config.ts';
import { configVariables } from '../helpers/config-variables.ts';
import { KUBECTL, runs, SYSTEMD_ANALYZE } from '../helpers/deploy-tools.ts';
import { entry, startCommand } from '../helpers/start-command.ts';

const read = (name: string) => readFileSync(new URL(`../../${name}`, import.meta.url), 'utf8');

const defaults = loadConfig({});

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

  it('is multi-stage on one exact version of Node 24 slim', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    const major = read('.node-version').trim();
    for (const stage of stages) {
      expect(stage.args).toMatch(new RegExp(`^node:${major}\\.\\d+\\.\\d+-[a-z]+-slim( |$)`));
      expect(stage.args.split(' ')[0]).toBe(stages[0]!.args.split(' ')[0]);
    }
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

  it('exposes the default port and checks /healthz on the operator’s port, which it does not expose', () => {
    expect(last('EXPOSE')).toBe(String(defaults.port));
    expect(env.PORT).toBe(String(defaults.port));
    expect(env.HEALTH_PORT).toBe(String(defaults.healthPort));
    expect(last('HEALTHCHECK')).toMatch(/HEALTH_PORT \|\| 3001\) \+ '\/healthz'/);
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

  it('copies what its command runs: the entry, the Node check and what it reads', () => {
    const ignored = read('.dockerignore').split('\n');
    const copied = final
      .filter((i) => i.op === 'COPY')
      .flatMap((i) => i.args.split(' ').slice(0, -1));
    for (const path of [entry.split('/')[0]!, '.nvmrc', 'package.json', 'src', 'adapters']) {
      expect(ignored).not.toContain(path);
      expect(copied).toContain(path);
    }
  });

  it('takes an optional company CA as a build secret, for npm ci only', () => {
    const install = all.find((i) => i.op === 'RUN' && /\bnpm ci\b/.test(i.args))!.args;
    expect(install).toMatch(/^--mount=type=secret,id=company_ca /);
    // Without the secret the file is absent, and npm runs as it would have.
    expect(install).toContain(
      'if [ -s /run/secrets/company_ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/company_ca; fi',
    );
    const mentions = all.filter((i) => i.args.includes('company_ca'));
    expect(mentions.map((i) => i.op)).toEqual(['RUN']);
    expect(read('docs/deployment.md')).toContain('--secret id=company_ca,src=');
  });
});

describe('compose.yaml', () => {
  const compose = parse(read('compose.yaml'));
  const bot = compose.services.accessbot;

  it('runs two replicas of accessbot on one PostgreSQL', () => {
    expect(bot.deploy.replicas).toBe(2);
    expect(bot.environment.DATABASE_URL).toMatch(/^postgres:\/\/accessbot@postgres:5432\//);
    expect(compose.services.postgres.image).toMatch(/^postgres:\d+/);
    expect(bot.depends_on.postgres.condition).toBe('service_healthy');
    expect(compose.services.postgres.healthcheck.test.join(' ')).toContain('pg_isready');
  });

  it('publishes the port accessbot listens on to the host only, and gives it time to stop', () => {
    expect(bot.environment.PORT).toBe(String(defaults.port));
    for (const port of bot.ports) {
      expect(port).toMatch(new RegExp(`^127\\.0\\.0\\.1:[\\d-]+:${defaults.port}$`));
    }
    expect(Number.parseInt(bot.stop_grace_period, 10)).toBeGreaterThanOrEqual(15);
  });

  it('names every image by an exact version, accessbot’s by its own', () => {
    const version = JSON.parse(read('package.json')).version;
    expect(bot.image).toBe(`accessbot:${version}`);
    for (const service of Object.values(compose.services) as Array<{ image: string }>) {
      expect(service.image).toMatch(/:\d+\.\d+(\.\d+)?(-[a-z]+)?$/);
    }
  });

  it('runs accessbot read-only, without capabilities, within a memory limit', () => {
    expect(bot.read_only).toBe(true);
    expect(bot.tmpfs).toEqual(['/tmp']);
    expect(bot.cap_drop).toEqual(['ALL']);
    expect(bot.security_opt).toContain('no-new-privileges:true');
    expect(bot.deploy.resources.limits.memory).toMatch(/^\d+M$/);
    expect(Number.parseInt(bot.deploy.resources.limits.memory, 10)).toBeGreaterThanOrEqual(256);
  });

  it('puts nginx in front, ending TLS and publishing only the three callback paths', () => {
    const proxy = compose.services.proxy;
    expect(proxy.ports).toEqual(['443:443']);
    expect(proxy.volumes).toContain(
      './deploy/nginx/accessbot.conf:/etc/nginx/conf.d/default.conf:ro',
    );
    const conf = read('deploy/nginx/accessbot.conf');
    expect(conf).toMatch(/^\s*listen 443 ssl;/m);
    expect(conf).toMatch(/^\s*ssl_certificate\s+\/etc\/nginx\/tls\/fullchain\.pem;/m);
    // Looked up again while nginx runs, so recreated replicas are reached at their new addresses.
    const upstream = /^upstream accessbot \{\n([\s\S]*?)\n\}/m.exec(conf)![1]!;
    expect(upstream).toMatch(/^\s*zone accessbot \d+k;/m);
    expect(upstream).toMatch(/^\s*resolver 127\.0\.0\.11 valid=\d+s\b/m);
    expect(upstream).toMatch(/^\s*server accessbot:3000 resolve\b/m);
    const proxied = [...conf.matchAll(/location ~ \^\/\(([^)]+)\)\$ \{\n\s*proxy_pass/g)];
    expect(proxied.map((m) => m[1]!.split('|').sort())).toEqual([
      ['api/messages', 'slack/events', 'webhooks/access'],
    ]);
    expect(conf).toMatch(/location \/ \{\n\s*return 404;/);
    expect(read('.gitignore')).toContain('deploy/nginx/tls/');
  });

  it('passes every setting of .env, and sets only variables accessbot reads, no secret values', () => {
    expect(bot.env_file).toEqual([{ path: '.env', required: true }]);
    for (const [name, value] of Object.entries(bot.environment as Record<string, string>)) {
      // node-postgres's own: the password DATABASE_URL leaves out.
      if (name !== 'PGPASSWORD') expect(configVariables).toContain(name);
      if (/SECRET|TOKEN|PASSWORD|KEY/.test(name)) expect(value).toMatch(/^\$\{/);
    }
  });

  it('passes a database password with @, / or # to accessbot intact', () => {
    const password = 'p@ss/w#rd:%';
    // Compose's interpolation: ${NAME}, ${NAME:?error}.
    const env = Object.fromEntries(
      Object.entries(bot.environment as Record<string, string>).map(([name, value]) => [
        name,
        value.replace(/\$\{(\w+)(?::\?[^}]*)?\}/g, (_, v: string) =>
          v === 'POSTGRES_PASSWORD' ? password : '',
        ),
      ]),
    );
    const url = new URL(env.DATABASE_URL!);
    expect([url.username, url.password, url.host, url.pathname]).toEqual([
      'accessbot',
      '',
      'postgres:5432',
      '/accessbot',
    ]);
    // node-postgres takes a password the URL does not give from PGPASSWORD, as libpq does.
    expect(env.PGPASSWORD).toBe(password);
    expect(compose.services.postgres.environment.POSTGRES_PASSWORD).toBe(
      bot.environment.PGPASSWORD,
    );
  });

  it('says in its comment how the docs start it', () => {
    const commands = (text: string) => text.match(/docker compose [^\n`]+/g) ?? [];
    expect(commands(read('compose.yaml'))).toEqual(['docker compose up -d --build']);
    expect(commands(read('docs/deployment.md'))).toContain('docker compose up -d --build');
    expect(commands(read('deploy/nginx/accessbot.conf'))).toEqual(['docker compose up -d --build']);
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

  it('gives in its comment the installation steps of docs/deployment.md', () => {
    const steps = text
      .split('\n')
      .filter((line) => line.startsWith('#   '))
      .map((line) => line.slice(4).trim());
    const docs = read('docs/deployment.md');
    const block = /## systemd[\s\S]*?```sh\n([\s\S]*?)```/.exec(docs)![1]!.trim().split('\n');
    expect(steps).toEqual(block.filter((line) => !line.startsWith('journalctl')));
    expect(steps).toContain('install -d -m 700 /etc/accessbot');
    expect(steps).toContain('systemctl daemon-reload && systemctl enable --now accessbot');
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

  it.skipIf(!runs(SYSTEMD_ANALYZE))('passes systemd-analyze verify', () => {
    const run = spawnSync('systemd-analyze', ['verify', 'deploy/systemd/accessbot.service'], {
      cwd: new URL('../..', import.meta.url),
      encoding: 'utf8',
    });
    // It warns about users and paths of the target machine (here absent): only unit errors count.
    const problems = run.stderr
      .split('\n')
      .filter((line) => /Unknown key|Invalid|Failed to parse|bad-setting/i.test(line));
    expect(problems).toEqual([]);
  });
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

/** Settings a container's `env:` sets: each would override the same one from `envFrom`. */
const shadowed = (container: { env?: Array<{ name: string }> }) =>
  (container.env ?? []).map((e) => e.name).filter((name) => configVariables.has(name));

describe('deploy/kubernetes', () => {
  const docs = ['deployment', 'service', 'pdb', 'ingress', 'networkpolicy'].flatMap((name) =>
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
      ['deployment', 'ingress', 'networkpolicy', 'pdb', 'service'].map((n) => `${n}.yaml`),
    );
  });

  it.skipIf(!runs(KUBECTL))(
    'builds with kubectl kustomize, into a Deployment that overrides none of the Secret',
    () => {
      const run = spawnSync('kubectl', ['kustomize', 'deploy/kubernetes'], {
        cwd: new URL('../..', import.meta.url),
        encoding: 'utf8',
      });
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      const built = parseAllDocuments(run.stdout).map((doc) => doc.toJSON());
      // Applying the kit again must never replace the Secret the operator created with blanks.
      expect(built.map((doc) => doc.kind)).not.toContain('Secret');
      const [container] = built.find((doc) => doc.kind === 'Deployment').spec.template.spec
        .containers;
      expect(shadowed(container)).toEqual([]);
    },
  );

  it('sets no setting in `env:`, where it would silently win over the Secret (envFrom)', () => {
    expect(container.envFrom).toEqual([{ secretRef: { name: 'accessbot-credentials' } }]);
    expect(shadowed(container)).toEqual([]);
  });

  it('spreads the replicas over nodes and zones', () => {
    const spread = pod.topologySpreadConstraints;
    expect(spread.map((c: { topologyKey: string }) => c.topologyKey)).toEqual([
      'kubernetes.io/hostname',
      'topology.kubernetes.io/zone',
    ]);
    for (const constraint of spread) {
      expect(constraint.labelSelector.matchLabels).toEqual(deployment.spec.selector.matchLabels);
    }
    expect(spread[0].whenUnsatisfiable).toBe('DoNotSchedule');
  });

  it('lets in only the ingress controller and Prometheus, on the http port, and out only DNS, PostgreSQL and HTTPS', () => {
    const policy = ofKind('NetworkPolicy');
    expect(policy.spec.podSelector.matchLabels).toEqual(deployment.spec.selector.matchLabels);
    expect(policy.spec.policyTypes).toEqual(['Ingress', 'Egress']);
    expect(policy.spec.ingress).toHaveLength(1);
    expect(policy.spec.ingress[0].ports).toEqual([{ port: 'http', protocol: 'TCP' }]);
    const out = policy.spec.egress.flatMap((rule: { ports: Array<{ port: number }> }) =>
      rule.ports.map((p) => p.port),
    );
    expect([...new Set(out)].sort()).toEqual([443, 53, 5432]);
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

  it('probes /readyz for readiness and /healthz for liveness on the operator’s port, which nothing routes to', () => {
    // The image's ports, which the Secret could change only with the probes and the Service.
    expect(portNamed('http')).toBe(defaults.port);
    expect(portNamed('health')).toBe(defaults.healthPort);
    expect(read('Dockerfile')).toMatch(new RegExp(`^\\s*PORT=${defaults.port} \\\\$`, 'm'));
    expect(read('Dockerfile')).toMatch(new RegExp(`^\\s*HEALTH_PORT=${defaults.healthPort}$`, 'm'));
    expect(container.readinessProbe.httpGet).toEqual({ path: '/readyz', port: 'health' });
    expect(container.livenessProbe.httpGet).toEqual({ path: '/healthz', port: 'health' });
    expect(JSON.stringify(docs.filter((doc) => doc.kind !== 'Deployment'))).not.toMatch(
      /health|3001/,
    );
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

  it('tells the operator to create the Secret the Deployment reads from their env file', () => {
    const [, name, file] = /kubectl create secret generic (\S+) --from-env-file=(\S+)/.exec(
      read('docs/deployment.md'),
    )!;
    expect(container.envFrom[0].secretRef.name).toBe(name);
    expect(file).toBe('accessbot.env');
  });

  it('keeps filled-in env files out of git, but not the example', () => {
    const ignored = (path: string) =>
      spawnSync('git', ['check-ignore', '-q', '--no-index', path], {
        cwd: new URL('../..', import.meta.url),
      }).status === 0;
    for (const path of ['.env', 'accessbot.env', 'deploy/kubernetes/accessbot.env']) {
      expect({ path, ignored: ignored(path) }).toEqual({ path, ignored: true });
    }
    expect(ignored('deploy/accessbot.env.example')).toBe(false);
  });

  it('routes the Service to the pods and publishes only the three callback paths', () => {
    const service = ofKind('Service');
    expect(service.spec.selector).toEqual(deployment.spec.selector.matchLabels);
    expect(service.spec.ports[0].targetPort).toBe('http');
    const ingress = ofKind('Ingress');
    const paths = ingress.spec.rules[0].http.paths.map((p: { path: string }) => p.path);
    expect(paths.sort()).toEqual(['/api/messages', '/slack/events', '/webhooks/access']);
    expect(ingress.spec.tls).toHaveLength(1);
    expect(ingress.spec.ingressClassName).toMatch(/^[a-z0-9-]+$/);
  });
});
