import { Client } from '@opensearch-project/opensearch';
const client = new Client({ node: 'http://127.0.0.1:9200' });
const A = ['account','capture','proposal','solutions','sales','marketing','federal','state','manager','director','engineer','executive','business','development','cloud','cyber','data','channel','partner','customer'];
const B = ['manager','senior','principal','field','content','product','events','strategic','channel','gsa','fedramp','zero','trust','pipeline','proposals','webinars','clearance','travel','salary','inside'];
const qs = A.flatMap(a => B.map(b => `${a} ${b}`));
const fields = ['title^3','company^3','location^1.5','description^1'];
const exact = fields.map(f => f.replace('^', '.exact^'));
function must(q: string) {
  const units = q.split(' ');
  return units.map((u, i) => {
    const m = { multi_match: { query: u, fields, type: 'best_fields', operator: 'and', zero_terms_query: 'all' } };
    if (i === units.length - 1 && u.length >= 2) return { bool: { should: [m, { multi_match: { query: u, fields: exact, type: 'bool_prefix', operator: 'and' } }], minimum_should_match: 1 } };
    return m;
  });
}
const wild = (q: string) => ['title','description'].map(f => ({ wildcard: { [`${f}.exact`]: { value: `${q.split(' ').at(-1)}*` } } }));
const hlFields = (names: string[]) => Object.fromEntries(names.map(n => [n, { number_of_fragments: 0 }]));
const hl = (q: string, m: unknown[], names: string[], wildcard: boolean) => ({ type: 'unified', pre_tags: ['\uE000'], post_tags: ['\uE001'], require_field_match: false,
  highlight_query: { bool: { should: [...m, ...(wildcard ? wild(q) : [])] } }, fields: hlFields(names) });
const sort = [{ _score: { order: 'desc' } }, { postedAt: { order: 'desc' } }, { id: { order: 'asc' } }];
const base = (q: string) => ({ query: { bool: { must: must(q) } }, sort, size: 20, track_total_hits: true });
const variants: Record<string, (q: string) => object> = {
  full: (q) => ({ ...base(q), highlight: hl(q, must(q), ['title','title.exact','description','description.exact'], true) }),
  noHighlight: base,
  hl2fieldsWild: (q) => ({ ...base(q), highlight: hl(q, must(q), ['title','description'], true) }),
  hl4noWild: (q) => ({ ...base(q), highlight: hl(q, must(q), ['title','title.exact','description','description.exact'], false) }),
  hlTitleOnly: (q) => ({ ...base(q), highlight: hl(q, must(q), ['title','title.exact'], true) }),
  hlDescFrag: (q) => ({ ...base(q), highlight: { ...hl(q, must(q), ['title','title.exact'], true), fields: { ...hlFields(['title','title.exact']), description: { fragment_size: 200, number_of_fragments: 1, no_match_size: 0 }, 'description.exact': { fragment_size: 200, number_of_fragments: 1 } } } }),
};
const took: Record<string, number[]> = {};
for (const round of [0, 1]) for (const q of qs.slice(0, 200)) {
  for (const [name, body] of Object.entries(variants)) {
    const r = await client.search({ index: 'jobs-prof', body: body(q) as never, request_cache: false });
    if (round === 1) (took[name] ??= []).push(r.body.took);
  }
}
const pct = (a: number[], p: number) => { const s = [...a].sort((x, y) => x - y); return s[Math.floor(s.length * p)]; };
for (const name of Object.keys(took)) console.log(name.padEnd(16), 'p50', pct(took[name]!, 0.5), 'p90', pct(took[name]!, 0.9), 'mean', (took[name]!.reduce((a, b) => a + b) / took[name]!.length).toFixed(1));
