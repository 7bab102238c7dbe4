import { smartRecruitersPostingSchema } from '@b2g/contracts';
import { z } from 'zod';
import { BoardReadError } from '../../domain/ports.js';
import {
  BoardPostings,
  boardRead,
  clean,
  envelope,
  isoTime,
  place,
  plain,
  postingList,
  rawId,
  segment,
  shortText,
  webUrl,
  type BoardReader,
} from './normalise.js';

const pageSchema = z.object({
  totalFound: z.number().int().min(0),
  content: postingList,
});

/** A posting's details, with the fields a sync reads beyond auto fill's. */
const detailsSchema = smartRecruitersPostingSchema.extend({
  releasedDate: shortText.nullish(),
  postingUrl: shortText.nullish(),
  applyUrl: shortText.nullish(),
  department: z.object({ label: shortText.nullish() }).nullish(),
});
type Details = z.output<typeof detailsSchema>;

const SECTIONS = ['jobDescription', 'qualifications', 'additionalInformation'] as const;

/**
 * GET {base}/v1/companies/{id}/postings?offset=…&limit=… page after page until `totalFound` are
 * listed, then each posting's details at /postings/{postingId} (the list has no descriptions).
 * Not conditional. Details that are gone or malformed make that posting a failure; a host that
 * stops answering fails the whole read.
 */
export const readSmartRecruiters: BoardReader = async ({ http, settings }, name) => {
  const { pageSize, maxPages } = settings;
  const base = `${settings.bases.smartrecruiters}/v1/companies/${segment(name)}/postings`;
  const listed = new Set<string>();
  const board = new BoardPostings();
  for (let page = 0, offset = 0; ; page++) {
    if (page >= maxPages) {
      throw new BoardReadError(
        'malformed',
        `The SmartRecruiters board has more than ${maxPages} pages.`,
      );
    }
    const answer = await http.getJson(`${base}?offset=${offset}&limit=${pageSize}`);
    if (answer.unchanged)
      throw new BoardReadError('malformed', 'SmartRecruiters answered 304 unasked.');
    const { totalFound, content } = envelope(answer.body, pageSchema, 'SmartRecruiters');
    const before = listed.size;
    for (const raw of content) {
      const id = rawId(raw);
      if (id) listed.add(id);
      else board.failures.push({ reason: 'A listed posting has no id.' });
    }
    offset += content.length;
    if (listed.size === before || offset >= totalFound) break;
  }
  for (const id of listed) {
    try {
      const answer = await http.getJson(`${base}/${segment(id)}`);
      if (answer.unchanged) throw new BoardReadError('malformed', 'answered 304 unasked.');
      board.add(answer.body, detailsSchema, (details) => toPosting(details, id), id);
    } catch (error) {
      if (!(error instanceof BoardReadError) || error.kind === 'unavailable') throw error;
      board.fail(id, `The posting's details could not be read: ${error.reason}`);
    }
  }
  return boardRead(board);
};

function toPosting(posting: Details, atsId: string) {
  if (posting.active === false) return undefined;
  const sections = posting.jobAd?.sections ?? {};
  const where = posting.location;
  return {
    atsId,
    title: clean(posting.name) ?? '',
    description: SECTIONS.map((key) => plain(sections[key]?.title, sections[key]?.text))
      .filter(Boolean)
      .join('\n'),
    location: place(where?.city, where?.region, where?.country),
    url: webUrl(posting.postingUrl) ?? webUrl(posting.applyUrl),
    department: clean(posting.department?.label),
    company: clean(posting.company?.name),
    employmentType: clean(posting.typeOfEmployment?.label) ?? clean(posting.typeOfEmployment?.id),
    workplaceType: where?.remote ? (where.hybrid ? 'hybrid' : 'remote') : undefined,
    updatedAt: isoTime(posting.releasedDate),
  };
}
