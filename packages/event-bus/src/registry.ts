import type { EventType, IntegrationEvent } from '@b2g/contracts';

export interface HandlerContext {
  /** The broker delivered this message before (to this or another consumer) without an ack. */
  redelivered: boolean;
  /** 1 on the first try, 2 on the first retry, and so on. */
  attempt: number;
}

export type EventHandler<T extends EventType> = (
  event: IntegrationEvent<T>,
  ctx: HandlerContext,
) => Promise<void>;

/**
 * What one subscription reacts to, in one place: each event type maps to exactly one handler, and
 * the queue is bound to exactly these types.
 */
export class HandlerRegistry {
  private readonly handlers = new Map<EventType, EventHandler<EventType>>();

  on<T extends EventType>(type: T, handler: EventHandler<T>): this {
    if (this.handlers.has(type)) throw new Error(`a handler for ${type} is already registered`);
    // Dispatch only hands this handler events whose `type` is T.
    this.handlers.set(type, handler as unknown as EventHandler<EventType>);
    return this;
  }

  types(): EventType[] {
    return [...this.handlers.keys()];
  }

  handlerFor(type: EventType): EventHandler<EventType> | undefined {
    return this.handlers.get(type);
  }
}
