/**
 * Phrasing of job scams: a name shown to the admin, a pattern over the lowercased post, and
 * whether it is `strong` (asks for money, bank or identity details, or moves money: it holds a
 * post alone) or weak (lures with easy pay or moves the talk to a chat app). Kept small and
 * specific: no entry may match an ordinary sales, marketing or technical job, a govtech product
 * that handles payments included (test/fixtures/labelled-posts checks that).
 */
export const SCAM_LEXICON: ReadonlyArray<{ name: string; pattern: RegExp; strong: boolean }> = [
  {
    name: 'fee to apply',
    pattern:
      /\b(?:pay|send|submit|deposit)(?: us)? (?:a |an |the |your |our )?(?:small |one[- ]time |refundable |nominal )?(?:\$\s?\d[\d,.]* )?(?:registration |application |processing |onboarding |training |certification |activation |background check |starter kit |enrollment )?(?:fee|deposit)\b/,
    strong: true,
  },
  {
    name: 'fee to apply',
    pattern:
      /\$\s?\d[\d,.]* (?:registration|application|processing|onboarding|training|certification|activation|background check|enrollment) fee\b|\b(?:registration|application|processing|onboarding|training|certification|activation|background check|starter kit|enrollment) fee (?:of|is|applies|is required)\b|\bfee of \$\s?\d|\b(?:small|one[- ]time|nominal) (?:registration |application |processing |onboarding |training |certification |activation )?fee\b/,
    strong: true,
  },
  { name: 'refundable deposit', pattern: /\brefundable (?:fee|deposit)\b/, strong: true },
  {
    name: 'cheque to deposit',
    pattern:
      /\b(?:cashier'?s|certified) (?:check|cheque)\b|\bdeposit (?:the|a|our) (?:check|cheque)\b/,
    strong: true,
  },
  {
    name: 'moving money',
    pattern:
      /\bwire (?:the )?(?:funds|money|remainder|balance|rest)\b|\bsend (?:the )?(?:balance|remainder|rest) (?:to|by|via)\b|\b(?:western union|moneygram)\b/,
    strong: true,
  },
  {
    name: 'reshipping',
    pattern:
      /\b(?:reship(?:ping)?|package (?:forwarding|handler)|parcel forwarding)\b|\bforward(?:ing)? (?:the )?(?:packages|parcels|shipments)\b|\b(?:receive|receiving) (?:packages|parcels|shipments)\b/,
    strong: true,
  },
  {
    name: 'bank or identity details up front',
    pattern:
      /\b(?:send|provide|share|upload) (?:us |me )?your (?:bank|banking|account|ssn|social security|passport|driver'?s license|id\b)|\b(?:ssn|social security number)\b[^.\n]{0,60}\bbank(?:ing)? (?:details|information|info)\b/,
    strong: true,
  },
  {
    name: 'payment in gift cards or crypto',
    pattern:
      /\b(?:buy|purchase|in) (?:gift|itunes|steam) cards?\b|\b(?:bitcoin|btc|usdt|crypto(?:currency)?) (?:payment|wallet|deposit)s?\b|\b(?:zelle|cash ?app)\b/,
    strong: true,
  },
  { name: 'wire transfer', pattern: /\bwire transfers?\b/, strong: false },
  {
    name: 'no experience, $X a week',
    pattern:
      /\bno (?:prior |previous )?experience(?: is)? (?:needed|required|necessary)\b[\s\S]{0,200}\$\s?\d[\d,.]*k?\s*(?:\+\s*)?(?:per|a|an|\/|every)\s*(?:week|wk|day|hour)\b/,
    strong: false,
  },
  {
    name: 'easy pay',
    pattern:
      /\b(?:earn|make) (?:up to |over |at least )?\$\s?\d[\d,.]*k?\s*(?:\+\s*)?(?:per|a|\/|every)\s*(?:week|day|wk)\b|\bguaranteed (?:income|earnings|weekly pay|daily pay)\b|\bpaid daily\b/,
    strong: false,
  },
  { name: 'mystery shopper', pattern: /\b(?:mystery|secret) shopp(?:er|ing)\b/, strong: false },
  {
    name: 'contact by chat app',
    pattern:
      /\b(?:on|via|through|over|using) (?:whatsapp|telegram|wechat|kik)\b|\b(?:whatsapp|telegram)\b[^.\n]{0,40}\b(?:me|us|hr|recruiter|manager|mentor)\b/,
    strong: false,
  },
  {
    name: 'no interview',
    pattern:
      /\b(?:no interview|without (?:an )?interview|interview (?:is )?not required|interview(?: is)? (?:conducted |held )?(?:via|by|over) (?:text|chat))\b/,
    strong: false,
  },
  {
    name: 'be your own boss',
    pattern:
      /\b(?:be your own boss|unlimited (?:earning|income)|financial freedom|make money (?:fast|from home|online))\b/,
    strong: false,
  },
  {
    name: 'kindly',
    pattern: /\bkindly (?:send|contact|reply|forward|text|message|get back)\b/,
    strong: false,
  },
];
