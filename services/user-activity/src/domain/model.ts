import type { ActivityType, ApplicationMethod, ApplicationStatus } from '@b2g/contracts';
import type { JobFacts } from './jobs.js';

export interface BookmarkRecord {
  _id: string;
  userId: string;
  jobId: string;
  notes: string | null;
  bookmarkedAt: Date;
  /** What the bookmark kept of its job when it was created: shown if no snapshot is available. */
  job: JobFacts;
  /** Null while the bookmark exists; a unique value once it is deleted (frees the (userId, jobId) key). */
  deletion: string | null;
}

export interface ApplicationRecord {
  _id: string;
  userId: string;
  jobId: string;
  status: ApplicationStatus;
  applicationMethod: ApplicationMethod;
  contactPerson: string | null;
  contactEmail: string | null;
  notes: string | null;
  followUpDate: Date | null;
  appliedAt: Date;
  statusUpdatedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  /** What the application kept of its job when it was created: shown if no snapshot is available. */
  job: JobFacts;
  /** Null while the application exists; a unique value once it is deleted. */
  deletion: string | null;
}

/** One item of the activity feed, projected from one event: `_id` is the event id. */
export interface ActivityRecord {
  _id: string;
  userId: string;
  type: ActivityType;
  /** The bookmark or application the event is about. */
  sourceId: string;
  title: string;
  description: string;
  timestamp: Date;
  status?: ApplicationStatus;
}
