import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** WCAG 2.1 A and AA, the level Section 508 refers to. */
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * The page's WCAG 2.1 AA violations found by axe-core, each as 'rule: target' lines, so a failing
 * assertion names what to fix.
 */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  // A dialog fading in is not yet at its final contrast. (Page code is passed as text: this
  // package is type-checked without the DOM library.)
  await page.evaluate(`Promise.all(
    document
      .getAnimations()
      .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
      .map((animation) => animation.finished.catch(() => undefined)),
  ).then(() => undefined)`);
  await page.evaluate(axeSource);
  const options = { runOnly: { type: 'tag', values: WCAG_AA } };
  const results = await page.evaluate<AxeResults>(`axe.run(document, ${JSON.stringify(options)})`);
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')} (${violation.help})`),
  );
}
