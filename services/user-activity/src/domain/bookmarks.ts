import { randomUUID } from 'node:crypto';
import type { BookmarkWithJob, CreateBookmarkRequest } from '@b2g/contracts';
import { ERROR_MESSAGES } from '@b2g/contracts';
import { notFound } from '@b2g/service-kit';
import type { Cause } from './events.js';
import { summaryOf, type JobCatalog, type JobSnapshot } from './jobs.js';
import type { BookmarkRecord } from './model.js';
import { AlreadyExistsError, type BookmarkStore } from './ports.js';

export function toBookmarkResponse(
  record: BookmarkRecord,
  snapshot: JobSnapshot | undefined,
): BookmarkWithJob {
  return {
    id: record._id,
    jobId: record.jobId,
    bookmarkedAt: record.bookmarkedAt.toISOString(),
    notes: record.notes ?? null,
    job: summaryOf(snapshot ?? record.job),
  };
}

export interface AddBookmarkResult {
  /** False when the job was bookmarked already: the existing bookmark is returned. */
  created: boolean;
  bookmark: BookmarkWithJob;
}

/** A user's bookmarked jobs. */
export class Bookmarks {
  constructor(
    private readonly bookmarks: BookmarkStore,
    private readonly jobs: JobCatalog,
    private readonly clock: () => Date,
  ) {}

  /** Newest first, each with the latest known facts of its job. */
  async list(userId: string): Promise<BookmarkWithJob[]> {
    return this.jobs.withCurrent(await this.bookmarks.listByUser(userId), toBookmarkResponse);
  }

  /** Bookmarks an open job once: a second add answers with the bookmark that exists. */
  async add(
    userId: string,
    request: CreateBookmarkRequest,
    cause: Cause,
  ): Promise<AddBookmarkResult> {
    const job = await this.jobs.requireOpenJob(request.jobId);
    const existing = await this.bookmarks.findByUserAndJob(userId, request.jobId);
    if (existing) return { created: false, bookmark: toBookmarkResponse(existing, job) };

    const record = {
      _id: randomUUID(),
      userId,
      jobId: request.jobId,
      notes: request.notes ?? null,
      bookmarkedAt: this.clock(),
      job: { title: job.title, company: job.company, location: job.location, link: job.link },
    };
    try {
      await this.bookmarks.insert(record, [
        { kind: 'BookmarkAdded', bookmark: record, job, cause },
      ]);
    } catch (error) {
      if (!(error instanceof AlreadyExistsError)) throw error;
      // The same user bookmarked the same job at the same moment: the other request won.
      const winner = await this.bookmarks.findByUserAndJob(userId, request.jobId);
      if (!winner) throw error;
      return { created: false, bookmark: toBookmarkResponse(winner, job) };
    }
    return { created: true, bookmark: toBookmarkResponse({ ...record, deletion: null }, job) };
  }

  async remove(userId: string, jobId: string, cause: Cause): Promise<void> {
    const bookmark = await this.bookmarks.findByUserAndJob(userId, jobId);
    if (!bookmark) throw notFound(ERROR_MESSAGES.bookmarkNotFound);
    const job = (await this.jobs.known([jobId])).get(jobId) ?? bookmark.job;
    const removed = await this.bookmarks.delete(bookmark._id, [
      { kind: 'BookmarkRemoved', bookmark, job, at: this.clock(), cause },
    ]);
    if (!removed) throw notFound(ERROR_MESSAGES.bookmarkNotFound);
  }
}
