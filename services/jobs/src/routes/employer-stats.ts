import { escapeHtml, jobIdParamSchema, jobStatsQuerySchema, SITE_NAME } from '@b2g/contracts';
import { parseWith } from '@b2g/service-kit';
import { Router } from 'express';
import { z } from 'zod';
import type { PostingStats } from '../domain/posting-stats.js';
import { SUMMARY_OPT_OUT_PATH } from '../domain/summary-mail.js';
import { SUMMARY_MESSAGES, type WeeklySummary } from '../domain/weekly-summary.js';
import { postingOwnerOf, type EmployerRoutesDeps } from './employer.js';

export interface EmployerStatsRoutesDeps extends Pick<
  EmployerRoutesDeps,
  'employerAccess' | 'verifier'
> {
  postingStats: PostingStats;
  weeklySummary: Pick<WeeklySummary, 'optOut'>;
}

/** The link's token is base64url: anything else is refused before a page or a lookup. */
const optOutQuerySchema = z.strictObject({
  token: z
    .string(SUMMARY_MESSAGES.linkInvalid)
    .max(200, SUMMARY_MESSAGES.linkInvalid)
    .regex(/^[\w-]+$/, SUMMARY_MESSAGES.linkInvalid),
});

/** The page the e-mail's opt-out link opens: one button, so that a mail scanner's visit changes nothing. */
const optOutPage = (token: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Weekly summary | ${escapeHtml(SITE_NAME)}</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 3rem auto; padding: 0 1rem">
<h1>Stop the weekly summary?</h1>
<p>You will no longer get the weekly e-mail with your postings' views and apply clicks. Your postings stay as they are.</p>
<form method="post" action="${SUMMARY_OPT_OUT_PATH}?token=${encodeURIComponent(token)}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit">Stop the weekly summary</button>
</form></body></html>
`;

/**
 * GET /api/employer/jobs/:id/stats: a posting's statistics for its employer (the same session or
 * bearer as the other /api/employer/jobs routes). /api/employer/summary-opt-out: the weekly
 * summary's opt-out, by the link's token alone (no session).
 */
export function employerStatsRoutes(deps: EmployerStatsRoutesDeps): Router {
  const router = Router();

  router.get('/api/employer/jobs/:id/stats', async (req, res) => {
    const owner = await postingOwnerOf(req, deps);
    const { id } = parseWith(jobIdParamSchema, req.params);
    const { days } = parseWith(jobStatsQuerySchema, req.query);
    res.set('Cache-Control', 'private, no-store');
    res.json(await deps.postingStats.forOwner(owner, id, days));
  });

  router.get('/api/employer/summary-opt-out', (req, res) => {
    const { token } = parseWith(optOutQuerySchema, req.query);
    res.set('Cache-Control', 'no-store');
    res.type('html').send(optOutPage(token));
  });

  /** The page's button, or a mail client's RFC 8058 one-click post (form-encoded) to the same URL. */
  router.post('/api/employer/summary-opt-out', async (req, res) => {
    const { token } = parseWith(optOutQuerySchema, req.query);
    const done = await deps.weeklySummary.optOut(token);
    if (req.accepts(['json', 'html']) === 'html')
      res
        .type('html')
        .send(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(SITE_NAME)}</title></head><body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 3rem auto; padding: 0 1rem"><p>${escapeHtml(done.message)}</p></body></html>\n`,
        );
    else res.json(done);
  });

  return router;
}
