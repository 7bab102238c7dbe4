import { isBoardName } from '../../domain/boards.js';
import { BoardReadError, type AtsBoards } from '../../domain/ports.js';
import type { AtsName } from '../../domain/postings.js';
import { readAshby } from './ashby.js';
import { readGreenhouse } from './greenhouse.js';
import { readLever } from './lever.js';
import type { BoardReader } from './normalise.js';
import { PoliteHttp, type PoliteHttpClock } from './polite-http.js';
import { readSmartRecruiters } from './smartrecruiters.js';
import { checkedSettings, type AtsSettings } from './settings.js';
import { readWorkable } from './workable.js';

export { DEFAULT_ATS_SETTINGS, type AtsSettings } from './settings.js';
export type { PoliteHttpClock } from './polite-http.js';

const READERS: Record<AtsName, BoardReader> = {
  greenhouse: readGreenhouse,
  lever: readLever,
  ashby: readAshby,
  smartrecruiters: readSmartRecruiters,
  workable: readWorkable,
};

/**
 * The AtsBoards port over the ATSes' public APIs. Every board shares one polite client, so two
 * boards on one ATS never hit its host at once. Throws when a base is not https (or loopback
 * http with `allowLoopbackHttp`).
 */
export function createAtsBoards(
  settings: AtsSettings,
  clock?: PoliteHttpClock,
  fetchFn?: typeof fetch,
): AtsBoards {
  const context = { http: new PoliteHttp(checkedSettings(settings), clock, fetchFn), settings };
  return {
    read: async (board, previous) => {
      if (!isBoardName(board.name)) throw new BoardReadError('refused', 'Not a board name.');
      return READERS[board.ats](context, board.name, previous);
    },
  };
}
