/**
 * The one theme of the job board. Components read these tokens directly; apps use them for
 * their own layout so colours and spacing never become magic numbers.
 */
export const colors = {
  background: '#ffffff',
  surface: '#f8fafc',
  surfaceRaised: '#ffffff',
  foreground: '#0f172a',
  muted: '#475569',
  subtle: '#64748b',
  mutedBackground: '#f1f5f9',
  border: '#e2e8f0',
  inputBorder: '#cbd5e1',
  primary: '#1e40af',
  primaryHover: '#1e3a8a',
  primarySoft: '#dbeafe',
  primaryForeground: '#ffffff',
  accent: '#0f766e',
  focus: '#2563eb',
  destructive: '#b91c1c',
  destructiveHover: '#991b1b',
  destructiveSoft: '#fef2f2',
  destructiveBorder: '#fecaca',
  success: '#15803d',
  successSoft: '#f0fdf4',
  successBorder: '#bbf7d0',
  warning: '#a16207',
  warningSoft: '#fefce8',
  overlay: 'rgba(15, 23, 42, 0.55)',
  skeleton: '#e2e8f0',
  /** Badge tones: the application status colours of the spec and neutral ones. */
  tones: {
    blue: { background: '#dbeafe', foreground: '#1e40af' },
    yellow: { background: '#fef9c3', foreground: '#854d0e' },
    green: { background: '#dcfce7', foreground: '#166534' },
    emerald: { background: '#d1fae5', foreground: '#065f46' },
    red: { background: '#fee2e2', foreground: '#991b1b' },
    gray: { background: '#f1f5f9', foreground: '#334155' },
    purple: { background: '#ede9fe', foreground: '#5b21b6' },
  },
} as const;

export type Tone = keyof typeof colors.tones;

export const space = {
  0: '0',
  0.5: '2px',
  1: '4px',
  1.5: '6px',
  2: '8px',
  3: '12px',
  4: '16px',
  5: '20px',
  6: '24px',
  8: '32px',
  10: '40px',
  12: '48px',
  16: '64px',
  20: '80px',
} as const;

export const radii = { sm: '4px', md: '6px', lg: '8px', xl: '12px', full: '9999px' } as const;

export const fonts = {
  body: "Inter, 'Inter Fallback', ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  mono: "ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace",
} as const;

export const fontSizes = {
  xs: '0.75rem',
  sm: '0.875rem',
  md: '1rem',
  lg: '1.125rem',
  xl: '1.25rem',
  '2xl': '1.5rem',
  '3xl': '1.875rem',
  '4xl': '2.25rem',
} as const;

export const fontWeights = { normal: 400, medium: 500, semibold: 600, bold: 700 } as const;
export const lineHeights = { tight: 1.25, normal: 1.5, relaxed: 1.65 } as const;

export const shadows = {
  sm: '0 1px 2px rgba(15, 23, 42, 0.06)',
  md: '0 4px 12px rgba(15, 23, 42, 0.08)',
  lg: '0 12px 32px rgba(15, 23, 42, 0.16)',
} as const;

/** Menus and select lists open from inside dialogs too, so they stack above the modal layer. */
export const zIndices = { header: 40, overlay: 50, modal: 60, dropdown: 70, toast: 100 } as const;

export const breakpoints = { sm: 640, md: 768, lg: 1024, xl: 1280 } as const;

/** Media queries from a breakpoint up, e.g. `[mq.md]: { … }`. */
export const mq = {
  sm: `@media (min-width: ${breakpoints.sm}px)`,
  md: `@media (min-width: ${breakpoints.md}px)`,
  lg: `@media (min-width: ${breakpoints.lg}px)`,
  xl: `@media (min-width: ${breakpoints.xl}px)`,
} as const;

export const sizes = {
  container: '1200px',
  /** A column of reading text (a job's page). */
  readable: '56rem',
  /** The narrowest column of a grid of facts. */
  factColumn: '12rem',
  /** The same for a few short facts (a job's key facts: two columns on a phone). */
  factColumnSm: '9rem',
  controlSm: '32px',
  control: '40px',
  controlLg: '48px',
  icon: '16px',
  iconLg: '20px',
} as const;

export const durations = { fast: '120ms', normal: '200ms' } as const;

/** A visible focus ring for keyboard users. */
export const focusRing = {
  '&:focus-visible': {
    outline: `2px solid ${colors.focus}`,
    outlineOffset: '2px',
  },
} as const;

export const theme = {
  colors,
  space,
  radii,
  fonts,
  fontSizes,
  fontWeights,
  lineHeights,
  shadows,
  zIndices,
  breakpoints,
  mq,
  sizes,
  durations,
} as const;
export type Theme = typeof theme;
