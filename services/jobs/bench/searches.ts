import autocannon from 'autocannon';

const TITLE_WORDS = [
  'account',
  'executive',
  'manager',
  'engineer',
  'marketing',
  'solutions',
  'cloud',
  'capture',
  'data',
  'sales',
  'director',
  'architect',
  'analyst',
  'proposal',
  'demand',
  'systems',
  'developer',
  'cybersecurity',
  'territory',
  'partner',
];
const SECOND_WORDS = [
  'federal',
  'arlington',
  'reston',
  'remote',
  'austin',
  'denver',
  'boston',
  'atlanta',
  'dod',
  'state',
  'education',
  'public',
  'senior',
  'lead',
  'associate',
  'civilian',
  'local',
  'sector',
  'washington',
  'huntsville',
  'columbus',
  'raleigh',
  'albany',
  'herndon',
  'bethesda',
  'columbia',
  'sacramento',
  'tallahassee',
  'springs',
  'antonio',
  'higher',
  'junior',
  'principal',
  'inside',
  'field',
  'content',
  'product',
  'events',
  'strategic',
  'channel',
  'gsa',
  'fedramp',
  'zero',
  'trust',
  'pipeline',
  'proposals',
  'webinars',
  'clearance',
  'travel',
  'salary',
];
/** Every pair both ways round: 2,000 distinct searches, so no run asks one twice. */
const DISTINCT = TITLE_WORDS.flatMap((a) =>
  SECOND_WORDS.flatMap((b) => [`${a} ${b}`, `${b} ${a}`]),
);
let cursor = 0;
/** The next two-word search, URL-encoded; the whole run shares one sequence. */
export const nextSearch = () => encodeURIComponent(DISTINCT[cursor++ % DISTINCT.length] as string);

export interface Figures {
  p50: number;
  p99: number;
  rps: number;
  errors: number;
  /** Requests answered 2xx over the run. */
  served: number;
}

/** `paths` offered to `base` at `rate` requests a second for `seconds`, its line printed. */
export async function load(
  base: string,
  name: string,
  paths: () => string,
  { rate, seconds }: { rate: number; seconds: number },
): Promise<Figures> {
  const result = await autocannon({
    url: base,
    connections: 20,
    overallRate: rate,
    duration: seconds,
    requests: [
      {
        setupRequest: (request) => {
          request.path = paths();
          return request;
        },
      },
    ],
  });
  await fetch(`${base}/healthz`);
  const figures = {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: Math.round(result.requests.average),
    errors: result.errors + result.non2xx,
    served: result['2xx'],
  };
  console.log(
    `  ${name.padEnd(42)} p50 ${String(figures.p50).padStart(4)} ms  p99 ${String(figures.p99).padStart(4)} ms  ` +
      `${String(figures.rps).padStart(4)} req/s${figures.errors ? `  (${figures.errors} errors)` : ''}`,
  );
  return figures;
}

let facetTurn = 0;
/** The jobs page's two requests for one filtered search: the list, then its facet counts. */
export const filteredWithFacets = () => {
  const query = `search=${nextSearch()}&sector=FEDERAL&jobFunction=sales`;
  return facetTurn++ % 2 === 0 ? `/api/jobs?${query}` : `/api/jobs/facets?${query}`;
};

/** The value at percentile `p` (0–100) of ascending `sorted`, rounded to a millisecond. */
export function percentile(sorted: number[], p: number) {
  return Math.round(
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0,
  );
}
