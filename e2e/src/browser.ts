import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, type TestContext } from 'vitest';

export const ARTIFACTS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts');
export const baseUrl = () => process.env.E2E_BASE_URL ?? 'http://127.0.0.1:18080';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-dev-shm-usage',
];

/**
 * One real Chromium per test file and a fresh context (cookies, storage) per test. A failing test
 * leaves a screenshot and the page's console log in e2e/artifacts/.
 */
export function useBrowser() {
  let browser: Browser;
  const state: { context?: BrowserContext; page?: Page; console: string[] } = { console: [] };

  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_FLAGS,
    });
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    state.console = [];
    state.context = await browser.newContext({
      baseURL: baseUrl(),
      viewport: { width: 1280, height: 900 },
    });
    state.page = await state.context.newPage();
    state.page.on('console', (message) =>
      state.console.push(`[${message.type()}] ${message.text()}`),
    );
    state.page.on('pageerror', (error) => state.console.push(`[pageerror] ${error.message}`));
  });
  afterEach(async (context: TestContext) => {
    if (context.task.result?.state === 'fail' && state.page) {
      const name = context.task.name.replace(/[^\w-]+/g, '_').slice(0, 80);
      mkdirSync(ARTIFACTS_DIR, { recursive: true });
      await state.page
        .screenshot({ path: join(ARTIFACTS_DIR, `${name}.png`), fullPage: true })
        .catch(() => undefined);
      writeFileSync(join(ARTIFACTS_DIR, `${name}.console.log`), state.console.join('\n'));
    }
    await state.context?.close();
  });

  return {
    get page(): Page {
      if (!state.page) throw new Error('page is created in beforeEach');
      return state.page;
    },
    get context(): BrowserContext {
      if (!state.context) throw new Error('context is created in beforeEach');
      return state.context;
    },
    /** Errors the page logged to its console so far in this test, and its uncaught exceptions. */
    get consoleErrors(): readonly string[] {
      return state.console.filter((line) => /^\[(error|pageerror)\]/.test(line));
    },
    /** Another visitor: a page in a context of its own (e.g. a phone's viewport), closed by the test. */
    newPage: (options: BrowserContextOptions = {}) =>
      browser.newContext({ baseURL: baseUrl(), ...options }).then((c) => c.newPage()),
  };
}

/** A toast's text shows twice (the toast and its live region): the first is the visible one. */
export const toast = (page: Page, text: string) =>
  page.getByText(text, { exact: true }).first().waitFor();
