import { leverPostingSchema } from '@b2g/contracts';
import { z } from 'zod';
import { BoardReadError } from '../../domain/ports.js';
import {
  BoardPostings,
  clean,
  boardRead,
  envelope,
  isoTime,
  plain,
  postingList,
  salaryOf,
  rawId,
  segment,
  webUrl,
  type BoardReader,
} from './normalise.js';

/** A posting of the list, with the times a sync reads beyond auto fill's fields. */
const postingSchema = leverPostingSchema.extend({
  createdAt: z.number().nullish(),
  updatedAt: z.number().nullish(),
});
type Posting = z.output<typeof postingSchema>;

/**
 * GET {base}/v0/postings/{site}?mode=json&skip=…&limit=…, page after page until one comes back
 * short. Not conditional: a 304 for one page says nothing of the others.
 */
export const readLever: BoardReader = async ({ http, settings }, name) => {
  const { pageSize, maxPages } = settings;
  const board = new BoardPostings();
  for (let page = 0; page < maxPages; page++) {
    const url = `${settings.bases.lever}/v0/postings/${segment(name)}?mode=json&skip=${page * pageSize}&limit=${pageSize}`;
    const answer = await http.getJson(url);
    if (answer.unchanged) throw new BoardReadError('malformed', 'Lever answered 304 unasked.');
    const postings = envelope(answer.body, postingList, 'Lever');
    // A page of postings read before: the API ignores `skip`, so the board was read whole.
    const fresh = postings.filter((raw) => !board.has(rawId(raw)));
    for (const raw of fresh) board.add(raw, postingSchema, toPosting);
    if (postings.length < pageSize || fresh.length === 0) return boardRead(board);
  }
  throw new BoardReadError('malformed', `The Lever board has more than ${maxPages} pages.`);
};

function toPosting(posting: Posting) {
  const lists = (posting.lists ?? []).map((list) => plain(list.text, list.content));
  const range = posting.salaryRange;
  return {
    atsId: posting.id,
    title: clean(posting.text) ?? '',
    description: [
      posting.descriptionPlain ? plain(posting.descriptionPlain) : plain(posting.description),
      ...lists,
      plain(posting.additionalPlain),
    ]
      .filter(Boolean)
      .join('\n'),
    location: clean(posting.categories?.location),
    url: webUrl(posting.hostedUrl),
    department: clean(posting.categories?.department) ?? clean(posting.categories?.team),
    employmentType: clean(posting.categories?.commitment),
    workplaceType: clean(posting.workplaceType),
    salary: range ? salaryOf(range.min, range.max, range.currency, range.interval) : undefined,
    updatedAt: isoTime(posting.updatedAt ?? posting.createdAt),
  };
}
