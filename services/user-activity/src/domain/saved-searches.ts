import { randomUUID } from 'node:crypto';
import {
  ALERT_CONFIRM_TTL_MS,
  SAVED_SEARCHES_PER_USER_MAX,
  savedSearchSummary,
  type AlertFrequency,
  type CreateSavedSearchRequest,
  type GuestSubscribeRequest,
  type ManagedAlert,
  type SavedSearch,
  type SearchParams,
  type UpdateSavedSearchRequest,
} from '@b2g/contracts';
import { conflict, notFound, tooManyRequests, type Mailer } from '@b2g/service-kit';
import { confirmationMail, type AlertLinks } from './alert-mail.js';
import type { LinkTokens } from './link-tokens.js';
import {
  AlreadyExistsError,
  type AlertStatus,
  type AlertStatusStore,
  type SavedSearchStore,
} from './ports.js';
import { canonicalParams, searchKeyOf } from './search-summary.js';

/** A saved search as this service keeps it. */
export interface SavedSearchState {
  _id: string;
  userId: string | null;
  email: string;
  name: string;
  query: SearchParams;
  /**
   * searchKeyOf(owner, query), unique: one alert per owner and search. Absent only on searches
   * stored before keys, until keyOlderSearches gives them one.
   */
  searchKey?: string;
  frequency: AlertFrequency;
  active: boolean;
  confirmedAt: Date | null;
  revision: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface SavedSearchesDeps {
  store: SavedSearchStore;
  alerts: AlertStatusStore;
  tokens: LinkTokens;
  links: AlertLinks;
  mailer: Mailer;
  clock: () => Date;
  /** Confirmation e-mails one address may be sent per day. */
  confirmMailsPerAddress: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A signed-in user's save: the new search, or the one they had for the same search already. */
export interface SavedSearchAnswer {
  search: SavedSearch;
  existing: boolean;
}

/** A visitor's sign-up: a confirmation mailed, or the alert the address has for it already. */
export type Subscription =
  { existing: null } | { existing: ManagedAlert; pendingConfirmation: boolean };

/**
 * Saved searches with e-mail alerts: a signed-in user's (saved at once) and a visitor's (active
 * once the address is confirmed through a mailed link: double opt-in). Matched jobs are mailed by
 * AlertSender; links in the e-mails manage a search without signing in.
 */
export class SavedSearches {
  constructor(private readonly deps: SavedSearchesDeps) {}

  async list(userId: string): Promise<SavedSearch[]> {
    const searches = await this.deps.store.listByUser(userId);
    const status = await this.deps.alerts.statusOf(searches.map((search) => search._id));
    return searches.map((search) => view(search, status.get(search._id)));
  }

  /**
   * Saves a signed-in user's search at once (at most SAVED_SEARCHES_PER_USER_MAX of them). The
   * same search again answers the one saved already, unchanged.
   */
  async create(
    user: { id: string; email: string },
    input: CreateSavedSearchRequest,
  ): Promise<SavedSearchAnswer> {
    const search = this.newSearch(input.query, input.frequency, user.email, user.id);
    const existing = await this.existing(search);
    if (existing) return { search: await this.viewWithStatus(existing), existing: true };
    if ((await this.deps.store.countByUser(user.id)) >= SAVED_SEARCHES_PER_USER_MAX)
      throw conflict(`You can keep at most ${SAVED_SEARCHES_PER_USER_MAX} saved searches`);
    search.name = input.name ?? search.name;
    search.confirmedAt = search.createdAt;
    const raced = await this.insertUnlessTaken(search);
    if (raced) return { search: await this.viewWithStatus(raced), existing: true };
    return { search: view(search), existing: false };
  }

  async update(userId: string, id: string, input: UpdateSavedSearchRequest): Promise<SavedSearch> {
    const search = await this.ownedBy(userId, id);
    return this.viewWithStatus(await this.change(search, input));
  }

  async remove(userId: string, id: string): Promise<void> {
    await this.delete(await this.ownedBy(userId, id));
  }

  /** user.deleted: the user's alerts go with the account. */
  async removeAllOfUser(userId: string): Promise<void> {
    for (const search of await this.deps.store.listByUser(userId)) await this.delete(search);
  }

  /**
   * A visitor's alert: stored inactive and a confirmation link mailed (valid 48 h). When the
   * address has this search already (confirmed, or its link still valid), that alert is the
   * answer and nothing is mailed; one whose link expired unopened gives way to the new sign-up.
   * The answer tells only of this address and this search, never of the address's other alerts.
   */
  async subscribe(input: GuestSubscribeRequest): Promise<Subscription> {
    const email = input.email.toLowerCase();
    const search = this.newSearch(input.query, input.frequency, email, null);
    const existing = await this.existing(search);
    if (existing && !this.lapsed(existing)) return subscribedAlready(existing);
    const since = new Date(this.deps.clock().getTime() - DAY_MS);
    if ((await this.deps.store.countByEmailSince(email, since)) >= this.deps.confirmMailsPerAddress)
      throw tooManyRequests(
        'Too many alert sign-ups for this address, try again tomorrow',
        DAY_MS / 1000,
      );
    if (existing) await this.delete(existing);
    const raced = await this.insertUnlessTaken(search);
    if (raced) return subscribedAlready(raced);
    const token = this.deps.tokens.sign('confirm', search._id, ALERT_CONFIRM_TTL_MS);
    await this.deps.mailer.send(confirmationMail(search, this.deps.links, token));
    return { existing: null };
  }

  /**
   * Gives the searches stored before keys existed their key, oldest first, so a second sign-up
   * finds them too; a younger twin of an owner's search gets a key of its own and stays as it was.
   */
  async keyOlderSearches(): Promise<number> {
    const keyless = await this.deps.store.withoutKey();
    for (const search of keyless) {
      const key = searchKeyOf(search, search.query);
      try {
        await this.deps.store.setKey(search._id, key);
      } catch (error) {
        if (!(error instanceof AlreadyExistsError)) throw error;
        await this.deps.store.setKey(search._id, `${key}.${search._id}`);
      }
    }
    return keyless.length;
  }

  /** Opens the confirmation link: the alert starts. Opening it again changes nothing. */
  async confirm(token: string): Promise<ManagedAlert> {
    const { savedSearchId } = this.deps.tokens.verify(token, 'confirm');
    const search = await this.deps.store.byId(savedSearchId);
    if (!search) throw notFound('This alert no longer exists');
    if (search.confirmedAt) return managed(search);
    return managed(await this.change(search, { confirmedAt: this.deps.clock() }));
  }

  async manage(token: string): Promise<ManagedAlert> {
    return managed(await this.byManageToken(token));
  }

  async manageUpdate(token: string, input: UpdateSavedSearchRequest): Promise<ManagedAlert> {
    return managed(await this.change(await this.byManageToken(token), input));
  }

  /** Unsubscribe (the visible link and the one-click POST): the alert is deleted. */
  async unsubscribe(token: string): Promise<void> {
    const { savedSearchId } = this.deps.tokens.verify(token, 'manage');
    const search = await this.deps.store.byId(savedSearchId);
    // Already gone: unsubscribing again is not an error.
    if (search) await this.delete(search);
  }

  private existing(search: SavedSearchState): Promise<SavedSearchState | null> {
    return search.searchKey ? this.deps.store.byKey(search.searchKey) : Promise.resolve(null);
  }

  /** Inserts a new search; when a twin was inserted meanwhile (same key), answers the twin. */
  private async insertUnlessTaken(search: SavedSearchState): Promise<SavedSearchState | null> {
    try {
      await this.deps.store.insert(search, [{ kind: 'SavedSearchCreated', search }]);
      return null;
    } catch (error) {
      if (!(error instanceof AlreadyExistsError)) throw error;
      const twin = await this.existing(search);
      if (!twin) throw error;
      return twin;
    }
  }

  /** A visitor's alert whose confirmation link expired unopened: it will never start. */
  private lapsed(search: SavedSearchState): boolean {
    return (
      search.confirmedAt === null &&
      search.createdAt.getTime() + ALERT_CONFIRM_TTL_MS <= this.deps.clock().getTime()
    );
  }

  private async viewWithStatus(search: SavedSearchState): Promise<SavedSearch> {
    const status = await this.deps.alerts.statusOf([search._id]);
    return view(search, status.get(search._id));
  }

  private async byManageToken(token: string): Promise<SavedSearchState> {
    const { savedSearchId } = this.deps.tokens.verify(token, 'manage');
    const search = await this.deps.store.byId(savedSearchId);
    if (!search) throw notFound('This alert no longer exists');
    return search;
  }

  private newSearch(
    params: SearchParams,
    frequency: AlertFrequency,
    email: string,
    userId: string | null,
  ): SavedSearchState {
    const now = this.deps.clock();
    const query = canonicalParams(params);
    return {
      _id: randomUUID(),
      userId,
      email,
      name: savedSearchSummary(query),
      query,
      searchKey: searchKeyOf({ userId, email }, query),
      frequency,
      active: true,
      confirmedAt: null,
      revision: 1,
      createdAt: now,
      updatedAt: now,
    };
  }

  private async ownedBy(userId: string, id: string): Promise<SavedSearchState> {
    const search = await this.deps.store.byId(id);
    if (!search || search.userId !== userId) throw notFound('Saved search not found');
    return search;
  }

  /** One change with its saved_search.updated event; a concurrent change wins and this one is refused. */
  private async change(
    search: SavedSearchState,
    input: UpdateSavedSearchRequest & { confirmedAt?: Date },
  ): Promise<SavedSearchState> {
    const changes: Partial<SavedSearchState> = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.frequency !== undefined ? { frequency: input.frequency } : {}),
      ...(input.active !== undefined ? { active: input.active } : {}),
      ...(input.confirmedAt ? { confirmedAt: input.confirmedAt } : {}),
      revision: search.revision + 1,
      updatedAt: this.deps.clock(),
    };
    const next = { ...search, ...changes };
    if (
      !(await this.deps.store.update(search._id, search.revision, changes, [
        { kind: 'SavedSearchUpdated', search: next },
      ]))
    )
      throw conflict('The alert changed meanwhile, please try again');
    return next;
  }

  private async delete(search: SavedSearchState): Promise<void> {
    const deleted = { _id: search._id, revision: search.revision + 1 };
    if (await this.deps.store.delete(search._id, [{ kind: 'SavedSearchDeleted', search: deleted }]))
      await this.deps.alerts.deleteOfSearch(search._id);
  }
}

/** Whether new jobs are matched with it: confirmed and not paused. */
export function isMatching(search: Pick<SavedSearchState, 'active' | 'confirmedAt'>): boolean {
  return search.active && search.confirmedAt !== null;
}

function view(search: SavedSearchState, status?: AlertStatus): SavedSearch {
  return {
    id: search._id,
    name: search.name,
    query: search.query,
    frequency: search.frequency,
    active: search.active,
    createdAt: search.createdAt.toISOString(),
    lastSentAt: status?.lastSentAt?.toISOString() ?? null,
    newMatches: status?.newMatches ?? 0,
  };
}

/**
 * What a sign-up learns of the address's alert for its search: its frequency and state, under the
 * search's own summary, since a name its owner chose is not for whoever types the address.
 */
function subscribedAlready(search: SavedSearchState): Subscription {
  return {
    existing: { ...managed(search), name: savedSearchSummary(search.query) },
    pendingConfirmation: search.confirmedAt === null,
  };
}

function managed(search: SavedSearchState): ManagedAlert {
  return {
    name: search.name,
    query: search.query,
    frequency: search.frequency,
    active: search.active,
  };
}
