import { describe, expect } from 'vitest';
import { createAtsBoards, DEFAULT_ATS_SETTINGS } from '../../src/data/ats/index.js';
import { BoardReadError } from '../../src/domain/ports.js';
import { boardsOn, it } from './fake-ats.js';

const BOARD = { ats: 'greenhouse', name: 'acme' } as const;
const PATH = '/greenhouse/v1/boards/acme/jobs';
const JOB = { id: 1, title: 'Analyst', content: '<p>Support the agency.</p>' };
const OK = { body: { jobs: [JOB] } };

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail('the read should have failed'),
    (error: unknown) => {
      expect(error).toBeInstanceOf(BoardReadError);
      return error as BoardReadError;
    },
  );

describe('polite requests to an ATS', () => {
  it('when the ATS answers 429 with Retry-After, then it waits as asked and reads the board', async ({
    ats,
  }) => {
    ats.on(PATH, [{ status: 429, headers: { 'retry-after': '7' } }, OK]);
    const { boards, sleeps } = boardsOn(ats);
    const read = await boards.read(BOARD);
    expect(read).toMatchObject({ postings: [{ atsId: '1', title: 'Analyst' }] });
    expect(ats.requests).toHaveLength(2);
    expect(sleeps).toHaveLength(1);
    expect(sleeps[0]).toBeGreaterThanOrEqual(7_000);
  });

  it('when Retry-After is an HTTP date, then it waits until then', async ({ ats }) => {
    const at = new Date(Date.parse('2026-03-02T12:00:30Z')).toUTCString();
    ats.on(PATH, [{ status: 503, headers: { 'retry-after': at } }, OK]);
    const { boards, sleeps } = boardsOn(ats, { maxBackoffMs: 60_000 });
    await boards.read(BOARD);
    expect(sleeps).toEqual([30_000]);
  });

  it('when the ATS answers 5xx twice, then it backs off longer each time and reads the board', async ({
    ats,
  }) => {
    ats.on(PATH, [{ status: 502 }, { status: 503 }, OK]);
    const { boards, sleeps } = boardsOn(ats, { backoffMs: 1_000 });
    const read = await boards.read(BOARD);
    expect(read).toMatchObject({ postings: [{ atsId: '1' }], failures: [] });
    expect(ats.requests).toHaveLength(3);
    expect(sleeps).toHaveLength(2);
    expect(sleeps[1]).toBeGreaterThan(sleeps[0] ?? Infinity);
  });

  it('when the ATS keeps failing, then it gives up after the bounded retries', async ({ ats }) => {
    ats.on(PATH, [{ status: 500 }]);
    const { boards } = boardsOn(ats, { maxRetries: 2 });
    const error = await failure(boards.read(BOARD));
    expect(error.kind).toBe('unavailable');
    expect(error.reason).toContain('500');
    expect(ats.requests).toHaveLength(3);
  });

  it('when Retry-After asks for longer than the longest wait, then it gives up without asking again', async ({
    ats,
  }) => {
    ats.on(PATH, [{ status: 429, headers: { 'retry-after': '86400' } }, OK]);
    const { boards, sleeps } = boardsOn(ats, { maxBackoffMs: 60_000 });
    const error = await failure(boards.read(BOARD));
    expect(error).toMatchObject({ kind: 'unavailable' });
    expect(ats.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('when the ATS never answers, then each try times out and the read fails', async ({ ats }) => {
    ats.on(PATH, [{ hang: true }]);
    const { boards } = boardsOn(ats, { timeoutMs: 50, maxRetries: 1 });
    const error = await failure(boards.read(BOARD));
    expect(error).toMatchObject({ kind: 'unavailable' });
    expect(error.reason).toContain('in time');
    expect(ats.requests).toHaveLength(2);
  });

  it('when validators are given, then it asks conditionally and a 304 reads as unchanged', async ({
    ats,
  }) => {
    ats.on(PATH, ({ headers }) =>
      headers['if-none-match'] === '"v1"'
        ? { status: 304 }
        : { ...OK, headers: { etag: '"v1"', 'last-modified': 'Mon, 02 Mar 2026 10:00:00 GMT' } },
    );
    const { boards } = boardsOn(ats);
    const first = await boards.read(BOARD);
    expect(first).toMatchObject({ etag: '"v1"', lastModified: 'Mon, 02 Mar 2026 10:00:00 GMT' });
    const again = await boards.read(BOARD, {
      etag: '"v1"',
      lastModified: 'Mon, 02 Mar 2026 10:00:00 GMT',
    });
    expect(again).toEqual({ unchanged: true });
    expect(ats.requests[1]?.headers).toMatchObject({
      'if-none-match': '"v1"',
      'if-modified-since': 'Mon, 02 Mar 2026 10:00:00 GMT',
    });
    expect(ats.requests[0]?.headers['if-none-match']).toBeUndefined();
  });

  it('when the ATS redirects on its own host, then it follows; to another host, then it refuses', async ({
    ats,
  }) => {
    ats.on(PATH, [{ status: 301, headers: { location: '/greenhouse/moved' } }]);
    ats.on('/greenhouse/moved', [OK]);
    const { boards } = boardsOn(ats);
    expect(await boards.read(BOARD)).toMatchObject({ postings: [{ atsId: '1' }] });

    ats.on(PATH, [{ status: 302, headers: { location: 'http://169.254.169.254/latest' } }]);
    const error = await failure(boards.read(BOARD));
    expect(error).toMatchObject({ kind: 'refused' });
    expect(ats.requests.map((request) => request.path)).toEqual([PATH, '/greenhouse/moved', PATH]);
  });

  it('when the answer is larger than the cap, then the read fails as malformed', async ({
    ats,
  }) => {
    ats.on(PATH, [{ body: { jobs: [{ ...JOB, content: 'x'.repeat(5_000) }] } }]);
    const { boards } = boardsOn(ats, { maxBytes: 1_000 });
    const error = await failure(boards.read(BOARD));
    expect(error.kind).toBe('malformed');
    expect(error.reason).toContain('1000 bytes');
  });

  it('when the answer is not JSON, then the read fails as malformed', async ({ ats }) => {
    ats.on(PATH, [{ body: '<html>maintenance</html>' }]);
    const { boards } = boardsOn(ats);
    expect(await failure(boards.read(BOARD))).toMatchObject({ kind: 'malformed' });
  });

  it('when the board does not exist, then the read fails as not found without retrying', async ({
    ats,
  }) => {
    const { boards } = boardsOn(ats);
    expect(await failure(boards.read({ ats: 'ashby', name: 'nobody' }))).toMatchObject({
      kind: 'not-found',
    });
    expect(ats.requests).toHaveLength(1);
  });

  it('when many boards on one host are read at once, then the host gets one request at a time', async ({
    ats,
  }) => {
    for (const name of ['a', 'b', 'c']) ats.on(`/greenhouse/v1/boards/${name}/jobs`, [OK]);
    ats.on('/ashby/posting-api/job-board/d', [{ body: { jobs: [] } }]);
    ats.on('/workable/api/v1/widget/accounts/e', [{ status: 503 }, { body: { jobs: [] } }]);
    const { boards } = boardsOn(ats);
    const reads = await Promise.all([
      ...['a', 'b', 'c'].map((name) => boards.read({ ats: 'greenhouse', name })),
      boards.read({ ats: 'ashby', name: 'd' }),
      boards.read({ ats: 'workable', name: 'e' }),
    ]);
    expect(reads).toHaveLength(5);
    expect(ats.requests).toHaveLength(6);
    expect(ats.maxConcurrent()).toBe(1);
  });

  it('when a base is plain http, then it is refused unless loopback http is allowed', ({ ats }) => {
    const bases = { ...DEFAULT_ATS_SETTINGS.bases, lever: ats.bases.lever };
    expect(() => createAtsBoards({ ...DEFAULT_ATS_SETTINGS, bases })).toThrow(/https/);
    const remote = { ...bases, lever: 'http://api.lever.co' };
    expect(() =>
      createAtsBoards({ ...DEFAULT_ATS_SETTINGS, bases: remote, allowLoopbackHttp: true }),
    ).toThrow(/https/);
    expect(() => createAtsBoards(DEFAULT_ATS_SETTINGS)).not.toThrow();
  });

  it('when a board name is not one path segment, then it is refused before any request', async ({
    ats,
  }) => {
    const { boards } = boardsOn(ats);
    for (const name of ['..', 'a/b', '', 'a?b=c']) {
      expect(await failure(boards.read({ ats: 'lever', name }))).toMatchObject({ kind: 'refused' });
    }
    expect(ats.requests).toHaveLength(0);
  });
});
