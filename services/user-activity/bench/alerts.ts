/**
 * Saved-search alerts end to end, through the real pieces: the jobs service (its instance wiring:
 * admin POST, search index, percolator, outbox) and this service (its consumers, alert ticks,
 * mailer writing .eml files), on the shared FerretDB, RabbitMQ and OpenSearch.
 *
 * 1. BENCH_SEARCHES (default 10,000) instant saved searches (50 per user) are stored in this
 *    service's database and, in bulk, in the jobs percolator (as saved_search.created would).
 * 2. Instant alerts: BENCH_JOBS (default 1,000) generated jobs are POSTed to /api/admin/jobs at
 *    BENCH_RATE jobs a second (default 10; 0 = one after another, as fast as they are answered),
 *    while the alert tick runs every BENCH_TICK_MS (default 10,000, ALERT_TICK_MS's default; a
 *    search is mailed at most once per ALERT_INSTANT_BATCH_MS, 50 s).
 *    For each job listed in an alert e-mail: the time from its POST to the .eml file's mtime.
 * 3. Digest: every search turned daily with 1 to 5 unsent matches of those jobs; the time of one
 *    digest run (BENCH_SENDERS instances sending at once, default 2) until every e-mail is
 *    written, checked to be one per search.
 *
 * Its databases, exchange, queues, indices and mail folder carry a unique prefix and are removed
 * at the end. Run: pnpm --filter @b2g/user-activity bench:alerts
 */
import { createGenerator } from '../../jobs/bench/generate.js';
import { serviceSubscriptions } from '../src/events/handlers.js';
import { startAlertTicks } from '../src/instance.js';
import {
  dailyDigest,
  instantAlerts,
  seedSavedSearches,
  type AlertsBenchSettings,
} from './alerts-phases.js';
import { createRig } from './alerts-rig.js';

const settings: AlertsBenchSettings = {
  searches: Number(process.env.BENCH_SEARCHES ?? 10_000),
  jobs: Number(process.env.BENCH_JOBS ?? 1_000),
  rate: Number(process.env.BENCH_RATE ?? 10),
  tickMs: Number(process.env.BENCH_TICK_MS ?? 10_000),
  senders: Number(process.env.BENCH_SENDERS ?? 2),
  settleMs: Number(process.env.BENCH_SETTLE_MS ?? 300_000),
};

const rig = await createRig();
const { jobs, uaBus, listenerBus, uaOutbox, userActivity } = rig;

let stopTicks: () => void = () => undefined;
try {
  await jobs.start();
  await jobs.indexChecked;
  await uaBus.subscribe('service', serviceSubscriptions(userActivity));
  await Promise.all([uaBus.start(), listenerBus.start()]);
  uaOutbox.start();

  const generate = createGenerator(7);
  await seedSavedSearches(rig, generate, settings);
  stopTicks = startAlertTicks(userActivity, settings.tickMs, rig.logger);
  const posted = await instantAlerts(rig, generate, settings);
  stopTicks();
  await dailyDigest(rig, posted, settings);
} finally {
  stopTicks();
  await rig.close();
}
