import { SITE_NAME } from '@b2g/contracts';

/** Text for an e-mail's HTML (an element or a quoted attribute), with named references. */
export const escapeMailHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

/**
 * The board's look in an e-mail: the theme's colours (packages/ui theme.ts) as inline styles,
 * since mail clients drop style sheets.
 */
export const MAIL_LOOK = {
  page: '#f1f5f9',
  card: '#ffffff',
  brand: '#1e40af',
  brandText: '#ffffff',
  text: '#0f172a',
  muted: '#475569',
  border: '#e2e8f0',
  font: 'Arial, Helvetica, sans-serif',
} as const;

/** A link in the board's colour (or `style`), its address and label escaped. */
export const mailLink = (url: string, label: string, style = `color:${MAIL_LOOK.brand}`) =>
  `<a href="${escapeMailHtml(url)}" style="${style}">${escapeMailHtml(label)}</a>`;

/** A link drawn as the board's primary button. */
export const mailButton = (url: string, label: string) =>
  mailLink(
    url,
    label,
    `display:inline-block;background:${MAIL_LOOK.brand};color:${MAIL_LOOK.brandText};padding:10px 18px;border-radius:6px;font-weight:bold;text-decoration:none`,
  );

/** A paragraph of the e-mail's body (`html` already escaped). */
export const mailParagraph = (html: string) => `<p style="margin:0 0 16px">${html}</p>`;

/**
 * A branded HTML e-mail: the board's name as a header band, `content` on a card, and a footer
 * saying why it came (with its links), signed with the board's name. Both parts are HTML.
 */
export function brandedMailHtml(subject: string, content: string, footer: string): string {
  const look = MAIL_LOOK;
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeMailHtml(subject)}</title></head>`,
    `<body style="margin:0;padding:0;background:${look.page};font-family:${look.font};color:${look.text}">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${look.page}"><tr><td align="center" style="padding:24px 12px">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:${look.card};border:1px solid ${look.border};border-radius:8px">`,
    `<tr><td style="background:${look.brand};color:${look.brandText};padding:16px 24px;font-size:20px;font-weight:bold;border-radius:8px 8px 0 0">${escapeMailHtml(SITE_NAME)}</td></tr>`,
    `<tr><td style="padding:24px;font-size:15px;line-height:1.5">${content}</td></tr>`,
    `<tr><td style="padding:16px 24px;border-top:1px solid ${look.border};color:${look.muted};font-size:13px;line-height:1.5">${footer}<p style="margin:12px 0 0">— ${escapeMailHtml(SITE_NAME)}</p></td></tr>`,
    '</table></td></tr></table></body></html>',
  ].join('\n');
}
