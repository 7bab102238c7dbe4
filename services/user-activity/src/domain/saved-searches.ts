import { randomUUID } from 'node:crypto';
import {
  ALERT_CONFIRM_TTL_MS,
  SAVED_SEARCHES_PER_USER_MAX,
  type AlertFrequency,
  type CreateSavedSearchRequest,
  type GuestSubscribeRequest,
  type SavedSearch,
  type SearchParams,
  type UpdateSavedSearchRequest,
} from '@b2g/contracts';
import { conflict, notFound, tooManyRequests, type Mailer } from '@b2g/service-kit';
import { confirmationMail, type AlertLinks } from './alert-mail.js';
import type { LinkTokens } from './link-tokens.js';
import type { AlertStatus, AlertStatusStore, SavedSearchStore } from './ports.js';
import { canonicalParams, summaryOf } from './search-summary.js';

/** A saved search as this service keeps it. */
export interface SavedSearchState {
  _id: string;
  userId: string | null;
  email: string;
  name: string;
  query: SearchParams;
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

/** What a visitor sees of an alert opened through a mailed link (no address, no ids). */
export interface ManagedAlert {
  name: string;
  query: SearchParams;
  frequency: AlertFrequency;
  active: boolean;
}

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

  /** Saves a signed-in user's search at once (at most SAVED_SEARCHES_PER_USER_MAX of them). */
  async create(
    user: { id: string; email: string },
    input: CreateSavedSearchRequest,
  ): Promise<SavedSearch> {
    if ((await this.deps.store.countByUser(user.id)) >= SAVED_SEARCHES_PER_USER_MAX)
      throw conflict(`You can keep at most ${SAVED_SEARCHES_PER_USER_MAX} saved searches`);
    const search = this.newSearch(input.query, input.frequency, user.email, user.id);
    search.name = input.name ?? search.name;
    search.confirmedAt = search.createdAt;
    await this.deps.store.insert(search, [{ kind: 'SavedSearchCreated', search }]);
    return view(search);
  }

  async update(userId: string, id: string, input: UpdateSavedSearchRequest): Promise<SavedSearch> {
    const search = await this.ownedBy(userId, id);
    const changed = await this.change(search, input);
    const status = await this.deps.alerts.statusOf([id]);
    return view(changed, status.get(id));
  }

  async remove(userId: string, id: string): Promise<void> {
    await this.delete(await this.ownedBy(userId, id));
  }

  /** user.deleted: the user's alerts go with the account. */
  async removeAllOfUser(userId: string): Promise<void> {
    for (const search of await this.deps.store.listByUser(userId)) await this.delete(search);
  }

  /**
   * A visitor's alert: stored inactive and a confirmation link mailed (valid 48 h). The answer
   * does not depend on the address's other subscriptions (no address enumeration).
   */
  async subscribe(input: GuestSubscribeRequest): Promise<void> {
    const email = input.email.toLowerCase();
    const since = new Date(this.deps.clock().getTime() - DAY_MS);
    if ((await this.deps.store.countByEmailSince(email, since)) >= this.deps.confirmMailsPerAddress)
      throw tooManyRequests(
        'Too many alert sign-ups for this address, try again tomorrow',
        DAY_MS / 1000,
      );
    const search = this.newSearch(input.query, input.frequency, email, null);
    await this.deps.store.insert(search, [{ kind: 'SavedSearchCreated', search }]);
    const token = this.deps.tokens.sign('confirm', search._id, ALERT_CONFIRM_TTL_MS);
    await this.deps.mailer.send(confirmationMail(search, this.deps.links, token));
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
      name: summaryOf(query),
      query,
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

function managed(search: SavedSearchState): ManagedAlert {
  return {
    name: search.name,
    query: search.query,
    frequency: search.frequency,
    active: search.active,
  };
}
