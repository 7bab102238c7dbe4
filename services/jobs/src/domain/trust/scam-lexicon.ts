/**
 * Phrasing of job scams, each a name shown to the admin and a pattern over the lowercased post.
 * Kept small and specific: an entry must not match an ordinary sales, marketing or technical job
 * (the labelled set in test/fixtures/labelled-posts checks that).
 */
export const SCAM_LEXICON: ReadonlyArray<{ name: string; pattern: RegExp }> = [
  { name: 'wire transfer', pattern: /\bwire (?:transfer|the funds|money)\b/ },
  { name: 'money transfer service', pattern: /\b(?:western union|moneygram|zelle|cash ?app)\b/ },
  { name: 'gift cards', pattern: /\b(?:gift|itunes|steam) cards?\b/ },
  {
    name: 'payment in crypto',
    pattern: /\b(?:bitcoin|btc|usdt|crypto(?:currency)?) (?:payment|wallet|deposit)s?\b/,
  },
  {
    name: 'fee to apply',
    pattern:
      /\b(?:application|registration|processing|onboarding|training|certification|starter kit|background check) (?:fee|cost|deposit)s?\b/,
  },
  {
    name: 'fee to apply',
    pattern: /\b(?:pay|paid|send) (?:a |the |your )?(?:small |one[- ]time )?(?:fee|deposit)\b/,
  },
  { name: 'refundable deposit', pattern: /\brefundable (?:fee|deposit)\b/ },
  {
    name: 'no experience, $X a week',
    pattern:
      /\bno (?:prior |previous )?experience(?: is)? (?:needed|required|necessary)\b[\s\S]{0,200}\$\s?\d[\d,.]*k?\s*(?:\+\s*)?(?:per|a|an|\/|every)\s*(?:week|wk|day|hour)\b/,
  },
  {
    name: 'pay for little work',
    pattern:
      /\b(?:earn|make) (?:up to |over |at least )?\$\s?\d[\d,.]*k?\s*(?:\+\s*)?(?:per|a|\/|every)\s*(?:week|day|wk)\b/,
  },
  { name: 'guaranteed income', pattern: /\bguaranteed (?:income|earnings|weekly pay|daily pay)\b/ },
  {
    name: 'cheque deposit',
    pattern: /\b(?:cashier'?s|certified) (?:check|cheque)\b|\bdeposit (?:the|a) (?:check|cheque)\b/,
  },
  {
    name: 'reshipping',
    pattern: /\b(?:reship(?:ping)?|package (?:forwarding|handler|inspector)|parcel forwarding)\b/,
  },
  { name: 'mystery shopper', pattern: /\b(?:mystery|secret) shopp(?:er|ing)\b/ },
  {
    name: 'contact by chat app',
    pattern:
      /\b(?:whatsapp|telegram|signal|wechat|kik)\b[^.\n]{0,40}\b(?:me|us|hr|recruiter|manager|contact|text|message|chat|reach)\b|\b(?:contact|text|message|chat with|reach) (?:me|us|hr|our recruiter|the manager)? ?(?:on|via|at|through) (?:whatsapp|telegram|signal|wechat)\b/,
  },
  {
    name: 'no interview',
    pattern: /\b(?:no interview|without (?:an )?interview|interview not required)\b/,
  },
  {
    name: 'bank or identity details',
    pattern:
      /\b(?:send|provide|share) (?:us |me )?your (?:bank|banking|account|ssn|social security|passport|driver'?s license)\b/,
  },
  {
    name: 'be your own boss',
    pattern:
      /\b(?:be your own boss|unlimited (?:earning|income)|financial freedom|make money (?:fast|from home|online))\b/,
  },
  { name: 'kindly', pattern: /\bkindly (?:send|contact|reply|forward|text|message|get back)\b/ },
];
