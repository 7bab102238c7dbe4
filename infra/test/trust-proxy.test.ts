// Every per-client limit keys on the address express reads from X-Forwarded-For, so TRUST_PROXY
// must count exactly the proxies in front of each process: one too few and every client shares
// the proxy's budget, one too many and a client picks its own address.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';

const REPO = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const read = (path: string) => readFileSync(join(REPO, path), 'utf8');

/** The services whose config reads TRUST_PROXY: the gateway is their only hop. */
const SERVICES = readdirSync(join(REPO, 'services'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .filter((name) => {
    const config = join('services', name, 'src', 'config.ts');
    try {
      return read(config).includes('TRUST_PROXY');
    } catch {
      return false;
    }
  });

/** compose's `${VAR:-default}` as it runs without an .env value. */
function composeValue(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  const text = String(value);
  const substituted = /^\$\{[A-Z_]+:-(.*)\}$/.exec(text);
  return substituted ? substituted[1] : text;
}

interface ComposeFile {
  services: Record<string, { environment?: Record<string, unknown> }>;
}

interface K8sDocument {
  kind?: string;
  metadata?: { name?: string };
  data?: Record<string, string>;
  spec?: {
    template?: {
      spec?: {
        containers?: {
          env?: { name: string; value?: string }[];
          envFrom?: { configMapRef?: { name: string } }[];
        }[];
      };
    };
  };
}

const k8sDocuments: K8sDocument[] = readdirSync(join(REPO, 'infra', 'k8s'))
  .filter((file) => file.endsWith('.yaml') && file !== 'kustomization.yaml')
  .flatMap((file) =>
    parseAllDocuments(read(join('infra', 'k8s', file))).map((doc) => doc.toJS() as K8sDocument),
  );

/** A Deployment's TRUST_PROXY: its own env entry, else the ConfigMaps it loads. */
function k8sValue(deployment: string): string | undefined {
  const found = k8sDocuments.find(
    (doc) => doc.kind === 'Deployment' && doc.metadata?.name === deployment,
  );
  const container = found?.spec?.template?.spec?.containers?.[0];
  if (!container) throw new Error(`no Deployment ${deployment} in infra/k8s`);
  const own = container.env?.find((entry) => entry.name === 'TRUST_PROXY');
  if (own) return own.value;
  for (const source of container.envFrom ?? []) {
    const map = k8sDocuments.find(
      (doc) => doc.kind === 'ConfigMap' && doc.metadata?.name === source.configMapRef?.name,
    );
    if (map?.data?.TRUST_PROXY !== undefined) return map.data.TRUST_PROXY;
  }
  return undefined;
}

describe('TRUST_PROXY matches the topology', () => {
  const compose = parse(read('docker-compose.yml')) as ComposeFile;
  const composeTrust = (service: string) =>
    composeValue(compose.services[service]?.environment?.TRUST_PROXY);

  it('finds the services that read it', () => {
    expect(SERVICES).toEqual(expect.arrayContaining(['auth', 'jobs', 'user-activity']));
  });

  it('when compose runs the gateway as the edge, then it trusts no proxy', () => {
    expect(composeTrust('gateway')).toBe('false');
  });

  it('when the ingress is in front of the gateway in Kubernetes, then it trusts that one hop', () => {
    expect(k8sValue('gateway')).toBe('1');
    const ingress = k8sDocuments.find((doc) => doc.kind === 'Ingress');
    expect(JSON.stringify(ingress)).toContain('"gateway"');
  });

  it.each(SERVICES)(
    'when only the gateway reaches %s, then compose and Kubernetes trust exactly that one hop',
    (service) => {
      expect(composeTrust(service), 'docker-compose.yml').toBe('1');
      expect(k8sValue(service), `infra/k8s/${service}.yaml`).toBe('1');
    },
  );
});
