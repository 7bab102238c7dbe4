import { humanize, type ActivityItem, type IntegrationEvent } from '@b2g/contracts';
import type { ActivityRecord } from './model.js';
import type { ActivityStore, ApplicationStore, BookmarkStore } from './ports.js';

/** The events that add an item to the feed. */
export type FeedEvent = IntegrationEvent<
  'bookmark.added' | 'application.created' | 'application.status_changed'
>;

/** The feed item an event stands for; its id is the event id, so a second delivery finds it there. */
export function activityOf(event: FeedEvent): ActivityRecord {
  switch (event.type) {
    case 'bookmark.added':
      return {
        _id: event.id,
        userId: event.data.userId,
        type: 'bookmark',
        sourceId: event.data.bookmarkId,
        title: `Bookmarked ${event.data.jobTitle}`,
        description: event.data.company,
        timestamp: new Date(event.data.bookmarkedAt),
      };
    case 'application.created':
      return {
        _id: event.id,
        userId: event.data.userId,
        type: 'application',
        sourceId: event.data.applicationId,
        title: `Applied to ${event.data.jobTitle}`,
        description: `Applied via ${humanize(event.data.applicationMethod)} at ${event.data.company}`,
        timestamp: new Date(event.data.appliedAt),
        status: event.data.status,
      };
    case 'application.status_changed':
      return {
        _id: event.id,
        userId: event.data.userId,
        type: 'application',
        sourceId: event.data.applicationId,
        title: `Status updated: ${event.data.jobTitle}`,
        description: `Status changed from ${humanize(event.data.from)} to ${humanize(event.data.to)}`,
        timestamp: new Date(event.data.changedAt),
        status: event.data.to,
      };
  }
}

export function toActivityItem(record: ActivityRecord): ActivityItem {
  return {
    id: record._id,
    type: record.type,
    title: record.title,
    description: record.description,
    timestamp: record.timestamp.toISOString(),
    ...(record.status ? { status: record.status } : {}),
  };
}

/**
 * The activity feed: a projection of this service's own bookmark and application events. It shows
 * the history of the bookmarks and applications a user has now; deleting one removes its items.
 * Items are keyed by event id (a redelivered event changes nothing), and an event about a bookmark
 * or application that no longer exists leaves nothing behind, whatever order events arrive in:
 * replaying every event rebuilds the same feed.
 */
export class ActivityFeed {
  constructor(
    private readonly activities: ActivityStore,
    private readonly bookmarks: Pick<BookmarkStore, 'exists'>,
    private readonly applications: Pick<ApplicationStore, 'exists'>,
  ) {}

  async list(userId: string): Promise<ActivityItem[]> {
    return (await this.activities.listByUser(userId)).map(toActivityItem);
  }

  async project(event: FeedEvent): Promise<void> {
    const item = activityOf(event);
    await this.activities.upsert(item);
    // Checked after the write: a deletion racing with this event either sees the item or is seen here.
    if (!(await this.sourceExists(event))) await this.activities.deleteById(item._id);
  }

  async bookmarkRemoved(event: IntegrationEvent<'bookmark.removed'>): Promise<void> {
    await this.activities.deleteBySource(event.data.userId, event.data.bookmarkId);
  }

  private sourceExists(event: FeedEvent): Promise<boolean> {
    return event.type === 'bookmark.added'
      ? this.bookmarks.exists(event.data.bookmarkId)
      : this.applications.exists(event.data.applicationId);
  }
}
