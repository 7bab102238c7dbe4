export * from './presentation.js';
// The theme and the base are shared modules at run time (see web-platform's federation.mjs): named
// here, not `export *`, so a bundle reaches them directly; a star re-export of a shared module
// made every page's chunk carry a getter for each of their names.
export {
  breakpoints,
  colors,
  durations,
  focusRing,
  fonts,
  fontSizes,
  fontWeights,
  lineHeights,
  mq,
  radii,
  shadows,
  sizes,
  space,
  theme,
  zIndices,
} from './theme.js';
export type { Theme, Tone } from './theme.js';
export {
  Alert,
  AlertDescription,
  AlertTitle,
  Badge,
  Button,
  buttonStyles,
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
  Container,
  GlobalStyles,
  Skeleton,
  VisuallyHidden,
} from './base.js';
export type {
  AlertProps,
  AlertVariant,
  BadgeProps,
  BadgeVariant,
  ButtonProps,
  ButtonSize,
  ButtonVariant,
} from './base.js';
export * from './components/Input.js';
export * from './components/SubmitButton.js';
export * from './components/PageParts.js';
export * from './components/IconCircle.js';
export * from './components/Label.js';
export * from './components/PasswordField.js';
export * from './components/Select.js';
export * from './components/SimpleSelect.js';
export * from './components/Choice.js';
export * from './components/Dialog.js';
export * from './components/Tabs.js';
export * from './components/Toast.js';
export * from './components/DropdownMenu.js';
export * from './components/JobTermsFields.js';
export * from './employer/EmployerPostings.js';
export * from './stats/LazyDailyChart.js';
export * from './stats/StatTotals.js';
export * from './stats/csv.js';
