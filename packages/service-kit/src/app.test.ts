import { describe, expect, it } from 'vitest';
import { loggableUrl } from './app.js';

describe('loggableUrl', () => {
  it('when a URL carries a token parameter, then a log line shows it redacted and keeps the rest', () => {
    expect(loggableUrl('/api/alerts/unsubscribe?token=m.abc.def.ghi&x=1')).toBe(
      '/api/alerts/unsubscribe?token=[redacted]&x=1',
    );
    expect(loggableUrl('/api/jobs?search=token&Token=secret')).toBe(
      '/api/jobs?search=token&Token=[redacted]',
    );
    expect(loggableUrl('/api/jobs?search=capture')).toBe('/api/jobs?search=capture');
  });
});
