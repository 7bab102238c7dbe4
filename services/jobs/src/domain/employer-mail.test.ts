import type { MailMessage } from '@b2g/service-kit';
import { describe, expect, it } from 'vitest';
import { employerMails, signInUrl } from './employer-mail.js';
import { employerStatusOf } from './employer-postings.js';
import type { JobRecord } from './model.js';

const job = {
  _id: '0b6f3c1e-5d1a-4d7a-9a55-2f4d8c1b7e01',
  title: 'Capture <Lead> & "Co"',
  company: 'Acme',
  deletedAt: null,
  closedReason: null,
  closingDate: null,
} as unknown as JobRecord;

describe('employer e-mails', () => {
  it('when a job is posted, then the e-mail links the job, /employer and a sign-in link with the token in the fragment, escaped in HTML', async () => {
    const sent: MailMessage[] = [];
    const mails = employerMails({ send: async (m) => void sent.push(m) }, 'https://b.example', 24);
    await mails.posted('hr@acme.example', job, 'tok_en-1');
    const [mail] = sent;
    expect(mail?.to).toBe('hr@acme.example');
    expect(mail?.text).toContain(`https://b.example/jobs/${job._id}`);
    expect(mail?.text).toContain('https://b.example/employer\n');
    expect(mail?.text).toContain('https://b.example/employer/sign-in#token=tok_en-1');
    expect(mail?.text).toContain('You are receiving this because');
    expect(mail?.html).toContain('Capture &lt;Lead&gt; &amp; &quot;Co&quot;');
    expect(mail?.html).not.toContain('<Lead>');
    expect(signInUrl('https://b.example', 'a/b')).toBe(
      'https://b.example/employer/sign-in#token=a%2Fb',
    );
  });
});

describe('employerStatusOf', () => {
  const today = '2030-06-15';
  it.each([
    [{}, 'live'],
    [{ closingDate: '2030-06-15' }, 'live'],
    [{ closingDate: '2030-06-14' }, 'expired'],
    [{ deletedAt: new Date(), closedReason: 'expired' }, 'expired'],
    [{ deletedAt: new Date(), closedReason: 'filled_here' }, 'closed'],
    [{ deletedAt: new Date(), closedReason: null }, 'closed'],
  ])('when the job is %o, then it is %s', (changes, status) => {
    expect(employerStatusOf({ ...job, ...changes } as JobRecord, today)).toBe(status);
  });
});
