import { describe, expect, it } from 'vitest';
import { cacheControlFor } from './frontends.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

describe('cacheControlFor', () => {
  it.each([
    'assets/main.abc123.js',
    'src_pages_Jobs.1a2b3c4d5e6f7a8b9c0d.js',
    'styles-4f3e2d1c.css',
    '482.9b1e6c3f.js.map',
  ])('when the file name carries a content hash (%s), then it is immutable', (file) => {
    expect(cacheControlFor(`/srv/shell/${file}`)).toBe(IMMUTABLE);
  });

  it.each([
    'index.html',
    'remoteEntry.js',
    'mf-manifest.json',
    'manifest.json',
    'favicon.ico',
    'jquery.facade.js',
    'report.202401.js',
  ])(
    'when the file name has no content hash or is an entry point (%s), then it is revalidated',
    (file) => {
      expect(cacheControlFor(`/srv/shell/${file}`)).toBe('no-cache');
    },
  );
});
