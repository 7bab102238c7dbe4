import { createSocket } from 'node:dgram';
import type { AddressInfo } from 'node:net';
import { emailDnsSetup, type DnsStepId, type EmailDnsSetupOptions } from '@b2g/contracts';
import type DNS from 'dns2';
import { Packet, UDPServer } from 'dns2';
import { hostOf } from '../src/domain/email-dns-check.js';

/** One record of a test zone, `name` fully qualified. */
export interface ZoneRecord {
  type: 'CNAME' | 'MX' | 'TXT';
  name: string;
  value: string;
  priority?: number;
}

export interface TestDnsServer {
  /** `127.0.0.1:port`, as DNS_SERVERS takes it. */
  address: string;
  /** Questions received so far. */
  queries(): number;
  close(): Promise<void>;
}

/** The wizard's records for `domain` as a zone publishing them, or only those of `steps`. */
export function wizardZone(
  domain: string,
  options: EmailDnsSetupOptions = {},
  steps?: readonly DnsStepId[],
): ZoneRecord[] {
  return emailDnsSetup(domain, options)
    .filter((step) => steps === undefined || steps.includes(step.id))
    .flatMap((step) =>
      step.records.map((record) => ({
        type: record.type,
        name: hostOf(record, domain),
        value: record.value,
        priority: record.priority,
      })),
    );
}

const TXT_CHUNK = 255;

function toResource(question: DNS.Packet.Question, record: ZoneRecord): DNS.Packet.Resource {
  const base = {
    name: question.name,
    type: Packet.TYPE[record.type],
    class: Packet.CLASS.IN,
    ttl: 300,
  };
  switch (record.type) {
    case 'CNAME':
      return Packet.createResourceFromQuestion(question, { ...base, domain: record.value });
    case 'MX':
      return Packet.createResourceFromQuestion(question, {
        ...base,
        exchange: record.value,
        priority: record.priority ?? 0,
      });
    case 'TXT': {
      // Long TXT values travel as several character-strings of at most 255 octets.
      const chunks = record.value.match(new RegExp(`.{1,${TXT_CHUNK}}`, 'gs')) ?? [''];
      return Packet.createResourceFromQuestion(question, { ...base, data: chunks });
    }
  }
}

/**
 * An authoritative-style DNS server on 127.0.0.1 and a random UDP port that answers from `zone`:
 * a name with no record at all is NXDOMAIN, a name without the asked type is NOERROR and empty.
 * `rcode` instead answers every question with that error (e.g. SERVFAIL).
 */
export async function startDnsServer(
  zone: readonly ZoneRecord[],
  options: { rcode?: number } = {},
): Promise<TestDnsServer> {
  let queries = 0;
  const server = new UDPServer((request, send) => {
    queries += request.questions.length;
    const [question] = request.questions;
    if (options.rcode !== undefined || !question) {
      void send(
        Packet.createErrorResponseFromRequest(request, options.rcode ?? Packet.RCODE.FORMERR),
      );
      return;
    }
    const atName = zone.filter((r) => r.name.toLowerCase() === question.name.toLowerCase());
    if (atName.length === 0) {
      void send(Packet.createErrorResponseFromRequest(request, Packet.RCODE.NXDOMAIN));
      return;
    }
    const response = Packet.createResponseFromRequest(request);
    response.answers = atName
      .filter((r) => Packet.TYPE[r.type] === question.type)
      .map((r) => toResource(question, r));
    void send(response);
  });
  await server.listen(0, '127.0.0.1');
  return {
    address: `127.0.0.1:${(server.address() as AddressInfo).port}`,
    queries: () => queries,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A UDP port on 127.0.0.1 that takes queries and never answers, as an unreachable resolver does. */
export async function startSilentServer(): Promise<Omit<TestDnsServer, 'queries'>> {
  const socket = createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return {
    address: `127.0.0.1:${socket.address().port}`,
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
}

/** A UDP port on 127.0.0.1 with nothing listening: queries are refused. */
export async function closedPort(): Promise<string> {
  const socket = createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address();
  await new Promise<void>((resolve) => socket.close(() => resolve()));
  return `127.0.0.1:${port}`;
}
