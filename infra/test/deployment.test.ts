// Static checks of the deployment files: no Docker engine or cluster is needed (none runs on this
// project's machines), so what can be checked without one is checked here:
// - docker-compose.yml against the Compose specification's JSON schema, and linted (dclint);
// - every Dockerfile linted (dockerfile-utils) and read for stages, user and health check;
// - every manifest in infra/k8s against the Kubernetes schemas (kubernetes-models);
// - and that the three agree with each other, with .env.example and with the services' configs.
import { execFileSync } from 'node:child_process';
import { createPrivateKey } from 'node:crypto';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BROKER_SERVICES } from '../compose/broker-permissions.mjs';
import { DCLinter } from 'dclint';
import { Copy, DockerfileParser, type Instruction } from 'dockerfile-ast';
import { validate as lintDockerfile } from 'dockerfile-utils';
import { Deployment, type IDeployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Ingress, type IIngress } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import {
  ConfigMap,
  Namespace,
  Secret,
  Service,
  type IConfigMap,
  type ISecret,
  type IService,
} from 'kubernetes-models/v1';
import { parse, parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';

const REPO = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const K8S_DIR = join(REPO, 'infra', 'k8s');
const read = (path: string) => readFileSync(join(REPO, path), 'utf8');

// --------------------------------------------------------------------------- what is deployed

const SERVICES = ['auth', 'jobs', 'user-activity', 'dns', 'analytics'] as const;
const FRONTENDS = ['shell', 'public', 'dashboard', 'admin'] as const;
/** Built from this repository: each has its own image, compose service and Deployment. */
const COMPONENTS = ['gateway', ...SERVICES, ...FRONTENDS] as const;
type Component = (typeof COMPONENTS)[number];

/** The services share one Dockerfile and the frontends another: build args pick the package. */
const DOCKERFILES: Record<Component, string> = {
  gateway: 'gateway/Dockerfile',
  auth: 'services/Dockerfile',
  jobs: 'services/Dockerfile',
  'user-activity': 'services/Dockerfile',
  dns: 'services/Dockerfile',
  analytics: 'services/Dockerfile',
  shell: 'frontends/Dockerfile',
  public: 'frontends/Dockerfile',
  dashboard: 'frontends/Dockerfile',
  admin: 'frontends/Dockerfile',
};

/** The build args compose passes to each component's Dockerfile. */
const BUILD_ARGS: Record<Component, Record<string, string>> = {
  gateway: {},
  auth: { SERVICE: 'auth', PORT: '4001', RUNTIME_BASE: 'auth-runtime' },
  jobs: { SERVICE: 'jobs', PORT: '4002' },
  'user-activity': { SERVICE: 'user-activity', PORT: '4003' },
  dns: { SERVICE: 'dns', PORT: '4004' },
  analytics: { SERVICE: 'analytics', PORT: '4005' },
  shell: { FRONTEND: 'shell', HTML_DIR: '/usr/share/nginx/html', RUNTIME_BASE: 'shell-runtime' },
  public: { FRONTEND: 'public', HTML_DIR: '/usr/share/nginx/html/mfe/public' },
  dashboard: { FRONTEND: 'dashboard', HTML_DIR: '/usr/share/nginx/html/mfe/dashboard' },
  admin: { FRONTEND: 'admin', HTML_DIR: '/usr/share/nginx/html/mfe/admin' },
};

/** A Dockerfile's text with `${NAME}` of the given build args replaced by their values. */
const withArgs = (content: string, args: Record<string, string>) =>
  content.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (text, name: string) => args[name] ?? text);

/** The zod schemas of the environment each component reads (frontends read none). */
const CONFIG_FILES: Record<Component, string[]> = {
  gateway: ['gateway/src/config.ts'],
  auth: ['services/auth/src/config.ts', 'packages/service-kit/src/config.ts'],
  jobs: ['services/jobs/src/config.ts', 'packages/service-kit/src/config.ts'],
  'user-activity': ['services/user-activity/src/config.ts', 'packages/service-kit/src/config.ts'],
  dns: ['services/dns/src/config.ts', 'packages/service-kit/src/config.ts'],
  analytics: ['services/analytics/src/config.ts', 'packages/service-kit/src/config.ts'],
  shell: [],
  public: [],
  dashboard: [],
  admin: [],
};

/** Variable names a config file declares: the keys of its zod object schemas (`NAME: z…`). */
function configVariables(component: Component): Set<string> {
  const names = new Set<string>();
  for (const file of CONFIG_FILES[component]) {
    for (const match of read(file).matchAll(/^\s*([A-Z][A-Z0-9_]+):/gm)) names.add(match[1]!);
  }
  return names;
}

// ------------------------------------------------------------------------------------ compose

type EnvValue = string | number | boolean | null;

interface ComposeService {
  image?: string;
  build?: string | { context?: string; dockerfile?: string; args?: Record<string, string> };
  depends_on?: string[] | Record<string, { condition: string }>;
  healthcheck?: { test?: string | string[]; disable?: boolean };
  environment?: Record<string, EnvValue> | string[];
  volumes?: Array<string | { type?: string; source?: string; target: string }>;
  ports?: Array<string | number | { target: number; published?: string | number }>;
  command?: string | string[];
  restart?: string;
  user?: string;
}

interface ComposeFile {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
}

const COMPOSE_PATH = join(REPO, 'docker-compose.yml');
const composeText = readFileSync(COMPOSE_PATH, 'utf8');
// The shape is checked against the Compose specification's schema in the first test below.
const compose = parse(composeText, { merge: true }) as ComposeFile;
const composeServices = Object.entries(compose.services);

const envExample = read('.env.example');
/** `NAME=value` (read by compose) and `# NAME=value` (optional, documented) lines. */
const documentedVariables = new Set(
  [...envExample.matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]!),
);
const activeVariables = new Set(
  [...envExample.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]!),
);
const mentionedInEnvExample = (name: string) => new RegExp(`\\b${name}\\b`).test(envExample);

/** `${NAME}`, `${NAME:-default}`, `${NAME:?error}`…; `$${…}` is a literal dollar, not a variable. */
function interpolations(text: string): Array<{ name: string; required: boolean }> {
  return [...text.matchAll(/(?<!\$)\$\{([A-Za-z_][A-Za-z0-9_]*)(:?[-?+])?[^}]*\}/g)].map(
    (match) => ({ name: match[1]!, required: match[2]?.endsWith('?') ?? false }),
  );
}

function environmentOf(service: ComposeService): Record<string, EnvValue> {
  const env = service.environment ?? {};
  if (!Array.isArray(env)) return env;
  return Object.fromEntries(
    env.map((entry) => {
      const [name, ...value] = entry.split('=');
      return [name!, value.length > 0 ? value.join('=') : null];
    }),
  );
}

function dependenciesOf(service: ComposeService): Array<[string, string]> {
  const deps = service.depends_on ?? [];
  if (Array.isArray(deps)) return deps.map((name) => [name, 'service_started']);
  return Object.entries(deps).map(([name, { condition }]) => [name, condition]);
}

const isOneShot = (service: ComposeService) => service.restart === 'no';
const composeDockerfile = (service: ComposeService) =>
  typeof service.build === 'object' ? service.build.dockerfile : undefined;

/** What dclint reports for one file (its own .d.ts files do not resolve under NodeNext). */
interface ComposeLintResult {
  filePath: string;
  messages: Array<{ rule: string; type: 'error' | 'warning'; line: number; message: string }>;
}

function lintCompose(path: string): ComposeLintResult {
  // Every rule of dclint at its own level (error or warning); an invalid file is one schema error.
  const linter = new DCLinter({ rules: {}, quiet: true, debug: false, exclude: [] });
  const [result] = linter.lintFiles([path], false) as ComposeLintResult[];
  if (result === undefined) throw new Error(`dclint found no compose file at ${path}`);
  return result;
}

describe('docker-compose.yml', () => {
  it('when it is checked against the Compose specification and linted with every dclint rule, then nothing is reported', () => {
    const result = lintCompose(COMPOSE_PATH);
    expect(result.messages.map((m) => `${m.line}: ${m.rule}: ${m.message}`)).toEqual([]);
  });

  it('when a compose file breaks the Compose specification, then the same check reports it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'b2g-compose-'));
    try {
      const broken = join(dir, 'docker-compose.yml');
      writeFileSync(broken, 'services:\n  web:\n    image: nginx:1.27\n    restrat: always\n');
      const result = lintCompose(broken);
      expect(result.messages.map((m) => m.rule)).toContain('invalid-schema');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('when the system runs, then every component, MongoDB and RabbitMQ is a service', () => {
    expect(Object.keys(compose.services)).toEqual(
      expect.arrayContaining([...COMPONENTS, 'mongo', 'rabbitmq']),
    );
    expect(compose.services.mongo?.image).toBe('mongo:7');
    expect(compose.services.rabbitmq?.image).toBe('rabbitmq:3.13-management');
  });

  it.each(COMPONENTS)(
    'when %s is built, then compose builds its Dockerfile with its build args and the repository root as context',
    (component) => {
      const build = compose.services[component]?.build;
      const args = BUILD_ARGS[component];
      expect(build).toEqual({
        context: '.',
        dockerfile: DOCKERFILES[component],
        ...(Object.keys(args).length > 0 ? { args } : {}),
      });
      expect(existsSync(join(REPO, DOCKERFILES[component]))).toBe(true);
    },
  );

  it('when a service runs for good, then compose or its Dockerfile checks its health', () => {
    const unchecked = composeServices
      .filter(([, service]) => !isOneShot(service))
      .filter(([, service]) => {
        if (service.healthcheck?.test !== undefined && service.healthcheck.disable !== true) {
          return false;
        }
        const dockerfile = composeDockerfile(service);
        return dockerfile === undefined || !/^HEALTHCHECK\s+(?!NONE)/im.test(read(dockerfile));
      })
      .map(([name]) => name);
    expect(unchecked).toEqual([]);
  });

  it('when MongoDB and RabbitMQ start, then they answer their health checks (mongosh ping, rabbitmq-diagnostics ping)', () => {
    expect(compose.services.mongo?.healthcheck?.test).toEqual(
      expect.arrayContaining(['mongosh', expect.stringContaining('ping')]),
    );
    expect(compose.services.rabbitmq?.healthcheck?.test).toEqual([
      'CMD',
      'rabbitmq-diagnostics',
      '-q',
      'ping',
    ]);
  });

  it('when a service depends on another, then it waits until that one is healthy (or a one-shot has completed)', () => {
    const wrong: string[] = [];
    let dependencies = 0;
    for (const [name, service] of composeServices) {
      for (const [dependency, condition] of dependenciesOf(service)) {
        dependencies += 1;
        const target = compose.services[dependency];
        const expected =
          target !== undefined && isOneShot(target)
            ? 'service_completed_successfully'
            : 'service_healthy';
        if (target === undefined || condition !== expected) {
          wrong.push(`${name} -> ${dependency}: ${condition}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(dependencies).toBeGreaterThan(0);
    for (const service of SERVICES.filter((s) => s !== 'dns')) {
      expect(dependenciesOf(compose.services[service]!)).toEqual(
        expect.arrayContaining([
          ['mongo', 'service_healthy'],
          ['rabbitmq', 'service_healthy'],
        ]),
      );
    }
  });

  it('when the gateway starts, then it waits for every service and frontend to be healthy', () => {
    const waitsFor = dependenciesOf(compose.services.gateway!).map(([name]) => name);
    expect(waitsFor.sort()).toEqual([...SERVICES, ...FRONTENDS].sort());
  });

  it("when the gateway serves the shell's pages, then it reads them from the volume the shell's container fills", () => {
    const gatewayDir = environmentOf(compose.services.gateway!).SHELL_DIR;
    const gatewayMount = compose.services.gateway?.volumes?.find(
      (volume): volume is string =>
        typeof volume === 'string' && volume.split(':')[1] === gatewayDir,
    );
    expect(gatewayMount?.endsWith(':ro')).toBe(true);
    const volume = gatewayMount!.split(':')[0]!;
    expect(Object.hasOwn(compose.volumes ?? {}, volume)).toBe(true);
    const shellMount = compose.services.shell?.volumes?.find(
      (entry): entry is string => typeof entry === 'string' && entry.startsWith(`${volume}:`),
    );
    const target = shellMount?.split(':')[1];
    expect(target).toBeDefined();
    expect(JSON.stringify(compose.services.shell?.command)).toContain(
      `/usr/share/nginx/html/. ${target}/`,
    );
    expect(read(DOCKERFILES.shell)).toMatch(new RegExp(`chown 101:101 ${target}\\b`));
  });

  it("when auth-init prepares auth's volume twice, then it keeps the first EC P-256 signing key, readable by its owner only", () => {
    const dir = mkdtempSync(join(tmpdir(), 'b2g-auth-init-'));
    try {
      const env = {
        PATH: process.env.PATH,
        AUTH_DATA_DIR: dir,
        AUTH_UID: String(process.getuid?.() ?? 1000),
        AUTH_GID: String(process.getgid?.() ?? 1000),
      };
      const run = () =>
        execFileSync(process.execPath, [join(REPO, 'infra/compose/auth-init.mjs')], { env });
      run();
      const keyFile = join(dir, 'keys', 'signing-key.pem');
      const first = readFileSync(keyFile, 'utf8');
      run();
      expect(readFileSync(keyFile, 'utf8')).toBe(first);
      const key = createPrivateKey(first);
      expect(key.asymmetricKeyType).toBe('ec');
      expect(key.asymmetricKeyDetails?.namedCurve).toBe('prime256v1');
      expect(statSync(keyFile).mode & 0o777).toBe(0o600);
      expect(statSync(join(dir, 'mail')).isDirectory()).toBe(true);
      // The paths auth is given in compose are the ones auth-init fills (its volume is /data).
      const auth = environmentOf(compose.services.auth!);
      expect(auth.AUTH_PRIVATE_KEY_FILE).toBe('/data/keys/signing-key.pem');
      expect(auth.MAIL_DIR).toBe('/data/mail');
      expect(compose.services['auth-init']?.volumes).toContain('auth-data:/data');
      expect(compose.services.auth?.volumes).toContain('auth-data:/data');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('when OpenSearch runs, then it is the official image with its security plugin on and jobs signs in to it', () => {
    const opensearch = compose.services.opensearch;
    expect(opensearch?.image).toMatch(/^opensearchproject\/opensearch:2\./);
    const env = environmentOf(opensearch!);
    expect(env).not.toHaveProperty('DISABLE_SECURITY_PLUGIN');
    expect(env['plugins.security.disabled']).toBeUndefined();
    expect(String(env.OPENSEARCH_INITIAL_ADMIN_PASSWORD)).toContain(':?');
    const jobsUrl = String(environmentOf(compose.services.jobs!).OPENSEARCH_URL);
    expect(jobsUrl).toMatch(
      /^http:\/\/admin:\$\{OPENSEARCH_ADMIN_PASSWORD:\?[^}]*\}@opensearch:9200$/,
    );
    expect(opensearch?.ports).toBeUndefined();
  });

  it('when MongoDB and RabbitMQ store data, then it lives in named volumes declared by the file', () => {
    const namedVolume = (service: string, target: string) => {
      const mount = compose.services[service]?.volumes?.find((volume) =>
        typeof volume === 'string' ? volume.endsWith(`:${target}`) : volume.target === target,
      );
      const source =
        typeof mount === 'string'
          ? mount.split(':')[0]
          : mount?.type === 'volume'
            ? mount.source
            : undefined;
      return source !== undefined && Object.hasOwn(compose.volumes ?? {}, source)
        ? source
        : undefined;
    };
    expect(namedVolume('mongo', '/data/db')).toBeDefined();
    expect(namedVolume('rabbitmq', '/var/lib/rabbitmq')).toBeDefined();
  });

  it('when the system runs, then only the gateway serves the browser, on container port 8080', () => {
    const published = composeServices.filter(([, s]) => (s.ports ?? []).length > 0).map(([n]) => n);
    expect(published.sort()).toEqual(['gateway', 'rabbitmq']);
    expect(compose.services.gateway?.ports).toEqual([expect.stringMatching(/:8080$/)]);
    expect(interpolations(String(compose.services.rabbitmq?.ports?.[0]))).toHaveLength(1);
    expect(String(compose.services.rabbitmq?.ports?.[0])).toMatch(/^127\.0\.0\.1:/);
  });

  it('when RabbitMQ is configured, then each service connects as its own user with a password from .env, created by the rabbitmq-users step', () => {
    const env = environmentOf(compose.services.rabbitmq!);
    expect(env.RABBITMQ_DEFAULT_USER).toMatch(/^\$\{RABBITMQ_USER/);
    expect(env.RABBITMQ_DEFAULT_PASS).toMatch(/^\$\{RABBITMQ_PASSWORD/);
    const step = compose.services['rabbitmq-users']!;
    expect(step.command).toEqual(['node', '/init/rabbitmq-users.mjs']);
    for (const service of BROKER_SERVICES) {
      const variable = `RABBITMQ_${service.toUpperCase().replace(/-/g, '_')}_PASSWORD`;
      expect(environmentOf(compose.services[service]!).AMQP_URL).toMatch(
        new RegExp(`^amqp://${service}:\\$\\{${variable}[^}]*\\}@rabbitmq:5672`),
      );
      expect(environmentOf(step)[variable]).toMatch(new RegExp(`^\\$\\{${variable}`));
      expect(compose.services[service]!.depends_on).toMatchObject({
        'rabbitmq-users': { condition: 'service_completed_successfully' },
      });
    }
  });

  it('when the compose file reads ${VAR}, then .env.example documents VAR (and sets it when it is required)', () => {
    // Compose interpolates values (comments are not read): scan every string of the file.
    const strings = (value: unknown): string[] =>
      typeof value === 'string'
        ? [value]
        : typeof value === 'object' && value !== null
          ? Object.values(value).flatMap(strings)
          : [];
    const used = strings(compose).flatMap(interpolations);
    expect(used.length).toBeGreaterThan(0);
    expect(
      [...new Set(used.map((v) => v.name))].filter((n) => !documentedVariables.has(n)),
    ).toEqual([]);
    const required = used.filter((v) => v.required).map((v) => v.name);
    expect([...new Set(required)].filter((name) => !activeVariables.has(name))).toEqual([]);
  });

  it('when a service takes a variable from .env as it is, then .env.example documents it', () => {
    const passedThrough = composeServices.flatMap(([, service]) =>
      Object.entries(environmentOf(service))
        .filter(([, value]) => value === null)
        .map(([name]) => name),
    );
    expect(passedThrough.length).toBeGreaterThan(0);
    expect([...new Set(passedThrough)].filter((name) => !documentedVariables.has(name))).toEqual(
      [],
    );
  });

  it.each(COMPONENTS.filter((c) => CONFIG_FILES[c].length > 0))(
    'when %s reads a variable, then .env.example documents it',
    (component) => {
      const variables = [...configVariables(component)];
      expect(variables.length).toBeGreaterThan(0);
      expect(variables.filter((name) => !mentionedInEnvExample(name))).toEqual([]);
    },
  );

  it.each(COMPONENTS.filter((c) => CONFIG_FILES[c].length > 0))(
    'when compose gives %s a variable, then its config reads that variable',
    (component) => {
      const known = configVariables(component);
      const given = Object.keys(environmentOf(compose.services[component]!));
      expect(given.filter((name) => !known.has(name))).toEqual([]);
    },
  );
});

// -------------------------------------------------------------------------------- Dockerfiles

interface Stage {
  from: Instruction;
  instructions: Instruction[];
}

function stagesOf(content: string): Stage[] {
  const stages: Stage[] = [];
  for (const instruction of DockerfileParser.parse(content).getInstructions()) {
    if (instruction.getKeyword() === 'FROM') stages.push({ from: instruction, instructions: [] });
    else stages.at(-1)?.instructions.push(instruction);
  }
  return stages;
}

const ROOT_USERS = /^(root|0)(:.*)?$/;

describe.each(COMPONENTS.map((component) => [component, DOCKERFILES[component]] as const))(
  '%s image (%s)',
  (component, path) => {
    const content = existsSync(join(REPO, path)) ? withArgs(read(path), BUILD_ARGS[component]) : '';
    const stages = stagesOf(content);
    const final = stages.at(-1);

    it('when the Dockerfile is linted with dockerfile-utils, then it has no errors', () => {
      expect(content).not.toBe('');
      const errors = lintDockerfile(content).filter((d) => d.severity === 1);
      expect(errors.map((d) => `${d.range.start.line + 1}: ${d.message}`)).toEqual([]);
    });

    it('when the image is built, then it takes at least two stages (build, then runtime)', () => {
      expect(stages.length).toBeGreaterThanOrEqual(2);
    });

    it('when the container runs, then the final stage names a non-root USER', () => {
      const users = final?.instructions.filter((i) => i.getKeyword() === 'USER') ?? [];
      expect(users.length).toBeGreaterThan(0);
      expect(users.at(-1)?.getArgumentsContent()?.trim()).not.toMatch(ROOT_USERS);
    });

    it('when the container runs, then the final stage has a HEALTHCHECK command', () => {
      const checks = final?.instructions.filter((i) => i.getKeyword() === 'HEALTHCHECK') ?? [];
      expect(checks.length).toBe(1);
      expect(checks[0]?.getArgumentsContent()).toMatch(/\bCMD\b/);
    });

    it('when a COPY takes files from the build context, then they exist in the repository', () => {
      const missing: string[] = [];
      for (const stage of stages) {
        for (const copy of stage.instructions.filter((i) =>
          ['COPY', 'ADD'].includes(i.getKeyword()),
        )) {
          // Flags (--from, --chown, --link) are not arguments; a stage or image source is not the context.
          // (getFromFlag() misses --from when another flag follows it: read the flags instead.)
          if (copy instanceof Copy && copy.getFlags().some((flag) => flag.getName() === 'from'))
            continue;
          const args = copy.getArguments().map((a) => a.getValue());
          if (args.some((a) => a.startsWith('<<'))) continue;
          const sources = args.filter((a) => !a.startsWith('--')).slice(0, -1);
          for (const source of sources) {
            if (!/[*?[]/.test(source) && !existsSync(join(REPO, source))) missing.push(source);
          }
        }
      }
      expect(missing).toEqual([]);
    });
  },
);

describe('dockerfile-utils', () => {
  it('when a Dockerfile has an unknown instruction, then validation reports an error', () => {
    const errors = lintDockerfile('FROM node:20-slim\nRUNN echo hi\n').filter(
      (d) => d.severity === 1,
    );
    expect(errors.length).toBeGreaterThan(0);
  });
});

describe.each(FRONTENDS)('frontends/%s/nginx.conf', (frontend) => {
  const conf = read(`frontends/${frontend}/nginx.conf`);

  it('when nginx serves the bundle, then it listens on 8080 and answers /healthz and /readyz', () => {
    expect(conf).toMatch(/^\s*listen 8080;/m);
    expect(conf).toMatch(/location = \/healthz/);
    expect(conf).toMatch(/location = \/readyz/);
  });

  it('when a file is served, then entry files are revalidated and hashed files cached for a year', () => {
    expect(conf).toMatch(/index\\\.html\|mf-manifest\\\.json\|remoteEntry\\\.js\)\$"\s+"no-cache"/);
    expect(conf).toMatch(/"public, max-age=31536000, immutable"/);
  });
});

// ------------------------------------------------------------------------------------ k8s

type ModelClass = new (data: never) => { validate(): void };

/** Every kind the manifests may use, with the class whose schema validates it. */
const MODELS: Record<string, ModelClass> = {
  'v1/Namespace': Namespace,
  'v1/ConfigMap': ConfigMap,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'apps/v1/Deployment': Deployment,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'networking.k8s.io/v1/Ingress': Ingress,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
};

interface ManifestData {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string };
  [field: string]: unknown;
}
type Manifest = ManifestData & { file: string };

const manifestFiles = readdirSync(K8S_DIR).filter(
  (file) => /\.ya?ml$/.test(file) && file !== 'kustomization.yaml',
);
// Kubernetes reads YAML 1.1 (octal 0644, yes/no booleans): parse the way it does.
const manifests: Manifest[] = manifestFiles.flatMap((file) =>
  parseAllDocuments(readFileSync(join(K8S_DIR, file), 'utf8'), { version: '1.1' })
    .map((doc) => {
      if (doc.errors.length > 0) throw new Error(`${file}: ${doc.errors[0]?.message}`);
      return doc.toJS() as ManifestData | null;
    })
    .filter((doc) => doc !== null)
    .map((doc) => ({ ...doc, file })),
);
const ofKind = (kind: string) => manifests.filter((m) => m.kind === kind);
// Validated against the Kubernetes schema in the tests below before any of these is relied on.
const deployments = ofKind('Deployment') as unknown as Array<IDeployment & Manifest>;
const k8sServices = ofKind('Service') as unknown as Array<IService & Manifest>;
const kustomization = parse(readFileSync(join(K8S_DIR, 'kustomization.yaml'), 'utf8')) as {
  resources?: string[];
  images?: Array<{ name: string }>;
};

function podOf(name: string) {
  const deployment = deployments.find((d) => d.metadata.name === name);
  const pod = deployment?.spec?.template.spec;
  if (pod === undefined) throw new Error(`no Deployment ${name} with a pod template`);
  return pod;
}

describe('infra/k8s', () => {
  it('when kustomize builds the folder, then kustomization.yaml lists every manifest and nothing else', () => {
    expect([...(kustomization.resources ?? [])].sort()).toEqual([...manifestFiles].sort());
  });

  it.each(manifests.map((m) => [`${m.file}: ${m.kind} ${m.metadata.name}`, m] as const))(
    'when %s is checked against the Kubernetes schema, then it is valid',
    (_label, manifest) => {
      const Model = MODELS[`${manifest.apiVersion}/${manifest.kind}`];
      expect(Model, `${manifest.apiVersion} ${manifest.kind} has no schema here`).toBeDefined();
      const { file: _file, ...data } = manifest;
      expect(() => new Model!(data as never).validate()).not.toThrow();
      expect(manifest.kind === 'Namespace' || manifest.metadata.namespace === 'b2g').toBe(true);
    },
  );

  it('when a Deployment breaks the Kubernetes schema, then the same check reports it', () => {
    const broken = { ...deployments[0]!, spec: { ...deployments[0]!.spec!, replicas: 'two' } };
    expect(() => new Deployment(broken as never).validate()).toThrow(/replicas/);
  });

  it('when the system runs on Kubernetes, then every component is a Deployment with a Service', () => {
    expect(deployments.map((d) => d.metadata.name).sort()).toEqual([...COMPONENTS].sort());
    for (const deployment of deployments) {
      const pod = deployment.spec!.template;
      const service = k8sServices.find((s) => s.metadata.name === deployment.metadata.name);
      expect(service, deployment.metadata.name).toBeDefined();
      for (const [key, value] of Object.entries(service!.spec?.selector ?? {})) {
        expect(pod.metadata?.labels?.[key]).toBe(value);
      }
      expect(deployment.spec!.selector.matchLabels).toEqual(service!.spec?.selector);
      const portNames = pod.spec!.containers.flatMap((c) => (c.ports ?? []).map((p) => p.name));
      for (const port of service!.spec?.ports ?? []) expect(portNames).toContain(port.targetPort);
    }
  });

  it.each(COMPONENTS)(
    'when the %s Deployment runs, then it has probes, resources and a non-root, locked-down container',
    (name) => {
      const pod = podOf(name);
      const deployment = deployments.find((d) => d.metadata.name === name)!;
      expect(deployment.spec?.template.metadata?.labels).toMatchObject(
        deployment.spec!.selector.matchLabels!,
      );
      expect(pod.containers.length).toBeGreaterThan(0);
      for (const container of pod.containers) {
        expect(container.readinessProbe?.httpGet?.path).toBe('/readyz');
        expect(container.livenessProbe?.httpGet?.path).toBe('/healthz');
        expect(container.resources?.requests).toEqual(
          expect.objectContaining({ cpu: expect.anything(), memory: expect.anything() }),
        );
        expect(container.resources?.limits).toEqual(
          expect.objectContaining({ cpu: expect.anything(), memory: expect.anything() }),
        );
        const nonRoot =
          container.securityContext?.runAsNonRoot ?? pod.securityContext?.runAsNonRoot;
        expect(nonRoot).toBe(true);
        expect(container.securityContext?.allowPrivilegeEscalation).toBe(false);
        expect(container.securityContext?.readOnlyRootFilesystem).toBe(true);
        expect(container.securityContext?.capabilities?.drop).toContain('ALL');
        expect(container.image).toMatch(new RegExp(`^b2g/${name}:`));
      }
      for (const init of pod.initContainers ?? []) {
        expect(init.resources?.limits).toEqual(
          expect.objectContaining({ cpu: expect.anything(), memory: expect.anything() }),
        );
        expect(init.securityContext?.runAsNonRoot ?? pod.securityContext?.runAsNonRoot).toBe(true);
        expect(init.securityContext?.allowPrivilegeEscalation).toBe(false);
        expect(init.securityContext?.readOnlyRootFilesystem).toBe(true);
      }
    },
  );

  it('when the load grows, then the gateway and the four services scale with an autoscaling/v2 HPA', () => {
    const hpas = ofKind('HorizontalPodAutoscaler') as unknown as Array<
      Manifest & { spec: { scaleTargetRef: { kind: string; name: string }; minReplicas?: number } }
    >;
    expect(hpas.every((h) => h.apiVersion === 'autoscaling/v2')).toBe(true);
    const targets = hpas.map((h) => h.spec.scaleTargetRef);
    expect(targets.map((t) => t.name).sort()).toEqual(['gateway', ...SERVICES].sort());
    for (const target of targets) {
      expect(target.kind).toBe('Deployment');
      // The HPA owns the count: a fixed one would be reset on every apply.
      expect(
        deployments.find((d) => d.metadata.name === target.name)?.spec?.replicas,
      ).toBeUndefined();
    }
    expect(hpas.every((h) => (h.spec.minReplicas ?? 1) >= 2)).toBe(true);
  });

  it('when a browser calls the site, then the Ingress (networking.k8s.io/v1) sends every path to the gateway', () => {
    const ingresses = ofKind('Ingress') as unknown as Array<IIngress & Manifest>;
    expect(ingresses).toHaveLength(1);
    expect(ingresses[0]!.apiVersion).toBe('networking.k8s.io/v1');
    const paths = ingresses[0]!.spec?.rules?.flatMap((rule) => rule.http?.paths ?? []) ?? [];
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) {
      expect(path.backend.service?.name).toBe('gateway');
      expect(path.path).toBe('/');
    }
  });

  it('when a pod reads a ConfigMap or Secret key, then the manifests define it', () => {
    const configMaps = ofKind('ConfigMap') as unknown as Array<IConfigMap & Manifest>;
    const secrets = ofKind('Secret') as unknown as Array<ISecret & Manifest>;
    const keysOf = (kind: 'ConfigMap' | 'Secret', name: string): string[] | undefined => {
      if (kind === 'ConfigMap') {
        const map = configMaps.find((c) => c.metadata.name === name);
        return map === undefined ? undefined : Object.keys(map.data ?? {});
      }
      const secret = secrets.find((s) => s.metadata.name === name);
      return secret === undefined
        ? undefined
        : [...Object.keys(secret.data ?? {}), ...Object.keys(secret.stringData ?? {})];
    };
    const missing: string[] = [];
    for (const deployment of deployments) {
      const pod = deployment.spec!.template.spec!;
      for (const container of pod.containers) {
        for (const source of container.envFrom ?? []) {
          if (source.configMapRef && !keysOf('ConfigMap', source.configMapRef.name!)) {
            missing.push(`ConfigMap ${source.configMapRef.name}`);
          }
          if (source.secretRef && !keysOf('Secret', source.secretRef.name!)) {
            missing.push(`Secret ${source.secretRef.name}`);
          }
        }
        for (const env of container.env ?? []) {
          const secretRef = env.valueFrom?.secretKeyRef;
          if (secretRef && !keysOf('Secret', secretRef.name!)?.includes(secretRef.key)) {
            missing.push(`Secret ${secretRef.name} key ${secretRef.key}`);
          }
          const configRef = env.valueFrom?.configMapKeyRef;
          if (configRef && !keysOf('ConfigMap', configRef.name!)?.includes(configRef.key)) {
            missing.push(`ConfigMap ${configRef.name} key ${configRef.key}`);
          }
        }
      }
      for (const volume of pod.volumes ?? []) {
        const secretName = volume.secret?.secretName;
        if (secretName === undefined) continue;
        for (const item of volume.secret?.items ?? []) {
          if (!keysOf('Secret', secretName)?.includes(item.key)) {
            missing.push(`Secret ${secretName} key ${item.key}`);
          }
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it.each(COMPONENTS.filter((c) => CONFIG_FILES[c].length > 0))(
    'when the %s Deployment sets a variable, then its config reads that variable',
    (name) => {
      const known = configVariables(name);
      const given = podOf(name).containers.flatMap((c) => (c.env ?? []).map((e) => e.name));
      expect(given.filter((variable) => !known.has(variable))).toEqual([]);
    },
  );

  it("when a gateway pod starts, then an init container from the shell's image fills the folder it serves", () => {
    const pod = podOf('gateway');
    const gateway = pod.containers.find((c) => c.name === 'gateway')!;
    const shellDir = gateway.env?.find((e) => e.name === 'SHELL_DIR')?.value;
    const mount = gateway.volumeMounts?.find((m) => m.mountPath === shellDir);
    expect(mount?.readOnly).toBe(true);
    const init = pod.initContainers?.find((c) =>
      c.volumeMounts?.some((m) => m.name === mount?.name),
    );
    expect(init?.image?.split(':')[0]).toBe('b2g/shell');
    const shellImage = podOf('shell').containers[0]?.image;
    expect(init?.image).toBe(shellImage);
    expect(pod.volumes?.find((v) => v.name === mount?.name)?.emptyDir).toBeDefined();
  });

  it('when a ConfigMap entry is shared, then some component reads it', () => {
    const everyVariable = new Set(COMPONENTS.flatMap((c) => [...configVariables(c)]));
    const configMaps = ofKind('ConfigMap') as unknown as Array<IConfigMap & Manifest>;
    const keys = configMaps.flatMap((c) => Object.keys(c.data ?? {}));
    expect(keys.filter((key) => !everyVariable.has(key))).toEqual([]);
  });

  it('when images are released, then kustomization.yaml names the image of every Deployment', () => {
    const images = new Set((kustomization.images ?? []).map((image) => image.name));
    const used = deployments.flatMap((d) =>
      [...d.spec!.template.spec!.containers, ...(d.spec!.template.spec!.initContainers ?? [])].map(
        (c) => c.image!.split(':')[0]!,
      ),
    );
    expect(used.filter((image) => !images.has(image))).toEqual([]);
  });
});
