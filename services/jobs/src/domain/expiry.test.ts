import type { AdminJob, EmployerJob } from '@b2g/contracts';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  aYearAfter,
  Expiry,
  expiryAfterEdit,
  type ExpiryDeps,
  type ExpiryStore,
  type ExtendGrant,
} from './expiry.js';
import type { JobWrites } from './job-writes.js';
import type { JobRecord } from './model.js';

const TODAY = '2030-06-15';
const settings = { publicTtlDays: 60, reminderDays: 3 };

const job = (id: string, fields: Partial<JobRecord> = {}) =>
  ({
    _id: id,
    title: id,
    company: 'Acme',
    deletedAt: null,
    closingDate: null,
    postedBy: 'public',
    posterEmail: `${id}@acme.example`,
    ...fields,
  }) as JobRecord;

/** The store in memory: jobs by id, claims, the last sweep's day. */
function memoryStore(jobs: JobRecord[], sweptThrough: string | null) {
  const claims = new Map<string, string>();
  const links = new Map<string, ExtendGrant>();
  const read: string[] = [];
  const state = { sweptThrough };
  const store: ExpiryStore = {
    expiringOn: async (day) => {
      read.push(day);
      return jobs.filter((record) => record.expiresOn === day);
    },
    claim: async (key, day) => !claims.has(key) && !!claims.set(key, day),
    release: async (key) => void claims.delete(key),
    forgetClaimsBefore: async (day) => {
      for (const [key, claimed] of claims) if (claimed < day) claims.delete(key);
    },
    sweptThrough: async () => state.sweptThrough,
    setSweptThrough: async (day) => void (state.sweptThrough = day),
    putExtendLink: async (hash, grant) => void links.set(hash, grant),
    takeExtendLink: async (hash) => links.get(hash) ?? null,
  };
  return { store, claims, read, state };
}

function sweepOf(store: ExpiryStore, jobs: JobRecord[], failReminders = false) {
  const sent: string[] = [];
  const closed: string[] = [];
  const deps: ExpiryDeps = {
    store,
    writes: {} as JobWrites,
    close: async (id, reason) => {
      closed.push(id);
      const record = jobs.find((candidate) => candidate._id === id);
      if (record) record.deletedAt = new Date();
      return { id, closedReason: reason } as AdminJob;
    },
    mails: {
      expiring: async (to, _job, lastDay) => {
        if (failReminders) throw new Error('SMTP down');
        sent.push(`expiring ${to} ${lastDay}`);
      },
      expired: async (to, _job, lastDay) => void sent.push(`expired ${to} ${lastDay}`),
    },
    view: () => ({}) as EmployerJob,
    settings,
    logger: pino({ level: 'silent' }),
    now: () => new Date(`${TODAY}T12:00:00Z`),
  };
  return { expiry: new Expiry(deps), sent, closed };
}

describe('the expiry sweep', () => {
  it('when it has not run for days, then it expires every posting whose last day passed meanwhile and reminds only those still on the board, reading one day at a time', async () => {
    const jobs = [
      job('ended-4-days-ago', { expiresOn: addDays(TODAY, -4) }),
      job('ended-yesterday', { expiresOn: addDays(TODAY, -1) }),
      job('last-day-today', { expiresOn: TODAY }),
      job('in-2-days', { expiresOn: addDays(TODAY, 2) }),
      job('in-3-days', { expiresOn: addDays(TODAY, 3) }),
      job('in-4-days', { expiresOn: addDays(TODAY, 4) }),
      job('closing-date', { expiresOn: addDays(TODAY, -2), closingDate: addDays(TODAY, 9) }),
    ];
    const { store, read, state } = memoryStore(jobs, addDays(TODAY, -5));
    const { expiry, sent, closed } = sweepOf(store, jobs);

    expect(await expiry.sweepOnce()).toEqual({ reminded: 3, expired: 2, failed: 0 });
    expect(closed).toEqual(['ended-4-days-ago', 'ended-yesterday']);
    expect(sent).toEqual([
      `expired ended-4-days-ago@acme.example ${addDays(TODAY, -4)}`,
      `expired ended-yesterday@acme.example ${addDays(TODAY, -1)}`,
      `expiring last-day-today@acme.example ${TODAY}`,
      `expiring in-2-days@acme.example ${addDays(TODAY, 2)}`,
      `expiring in-3-days@acme.example ${addDays(TODAY, 3)}`,
    ]);
    expect(read).toHaveLength(6 + 4);
    expect(state.sweptThrough).toBe(TODAY);

    expect(await expiry.sweepOnce()).toEqual({ reminded: 0, expired: 0, failed: 0 });
  });

  it('when a reminder cannot be sent, then its claim is given back and the sweep is not recorded, so the next one sends it', async () => {
    const jobs = [job('in-3-days', { expiresOn: addDays(TODAY, 3) })];
    const { store, claims, state } = memoryStore(jobs, addDays(TODAY, -1));
    const failing = sweepOf(store, jobs, true);

    expect(await failing.expiry.sweepOnce()).toEqual({ reminded: 0, expired: 0, failed: 1 });
    expect(claims.size).toBe(0);
    expect(state.sweptThrough).toBe(addDays(TODAY, -1));

    const working = sweepOf(store, jobs);
    expect(await working.expiry.sweepOnce()).toMatchObject({ reminded: 1, failed: 0 });
    expect(state.sweptThrough).toBe(TODAY);
  });
});

describe('expiry days', () => {
  it('when a day is moved, then months, years and leap days follow', () => {
    expect(addDays('2030-12-30', 3)).toBe('2031-01-02');
    expect(addDays('2030-03-01', -1)).toBe('2030-02-28');
    expect(aYearAfter('2028-02-29')).toBe('2029-03-01');
  });

  it('when a public posting is edited, then a closing date replaces its expiry, and removing it gives the time back from the posting day', () => {
    const now = new Date(`${TODAY}T12:00:00Z`);
    const posted = new Date(`${addDays(TODAY, -10)}T09:00:00Z`);
    const current = job('a', { expiresOn: addDays(TODAY, 50), postedAt: posted });
    const dated = job('a', { closingDate: addDays(TODAY, 20), postedAt: posted });
    expect(expiryAfterEdit(current, dated, now, settings)).toBeNull();
    expect(expiryAfterEdit(current, job('a'), now, settings)).toBe(addDays(TODAY, 50));
    expect(expiryAfterEdit(dated, job('a'), now, settings)).toBe(addDays(TODAY, 50));
    const admin = job('b', { postedBy: 'admin', closingDate: TODAY, postedAt: posted });
    expect(expiryAfterEdit(admin, job('b'), now, settings)).toBeNull();
  });
});
