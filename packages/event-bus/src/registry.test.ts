import { describe, expect, it } from 'vitest';
import { HandlerRegistry } from './registry.js';

describe('HandlerRegistry', () => {
  it('when handlers are registered, then it lists their types and finds each handler by type', () => {
    const onDeleted = async () => undefined;
    const registry = new HandlerRegistry()
      .on('user.deleted', onDeleted)
      .on('job.created', async () => undefined);

    expect(registry.types()).toEqual(['user.deleted', 'job.created']);
    expect(registry.handlerFor('user.deleted')).toBe(onDeleted);
    expect(registry.handlerFor('bookmark.added')).toBeUndefined();
  });

  it('when a type is registered twice, then it refuses the second handler', () => {
    const registry = new HandlerRegistry().on('user.deleted', async () => undefined);

    expect(() => registry.on('user.deleted', async () => undefined)).toThrow(/already registered/);
  });
});
