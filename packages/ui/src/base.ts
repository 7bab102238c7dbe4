// What the shell's header and footer and most first paints use besides the theme: buttons, the
// display pieces (cards, badges, alerts) and the page layout. The frontends share this module at run time
// (see web-platform's federation.mjs), so a remote's page uses the shell's copy instead of
// shipping its own; it is still imported through '@b2g/ui' like the rest.
export * from './components/Button.js';
export * from './components/Display.js';
export * from './components/Layout.js';
