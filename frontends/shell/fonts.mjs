// Inter's core: the variable font's latin file cut down to the characters the site's own texts use
// and the weights its theme names (ui's fontWeights, 400–700): 22 KB where the latin file is 48.
// The page head declares both, the latin file for the latin characters the core does not have, so
// a page written in the core's characters downloads the core only, and one with any other latin
// character (a name with an accent, in a job's description) also gets the latin file.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';

const require = createRequire(import.meta.url);
const LATIN_FILE =
  require.resolve('@fontsource-variable/inter/files/inter-latin-wght-normal.woff2');
/** The latin file's characters: the unicode-range fontsource gives it (U+0000-00FF, U+0131, …). */
const LATIN_RANGE = require('@fontsource-variable/inter/unicode.json').latin;

/** Printable ASCII and the punctuation the texts use. */
const CORE_TEXT = `${String.fromCodePoint(...Array.from({ length: 0x5f }, (_, i) => 0x20 + i))}\u00a0§©®°·×–—‘’“”•…€™`;
const CORE_CODE_POINTS = [...CORE_TEXT].map((char) => char.codePointAt(0)).sort((a, b) => a - b);
const WEIGHTS = { min: 400, max: 700 };

/** The code points of a unicode-range descriptor. */
function codePointsOf(range) {
  return range.split(',').flatMap((part) => {
    const [from, to = from] = part
      .trim()
      .replace(/^U\+/i, '')
      .split('-')
      .map((hex) => parseInt(hex, 16));
    return Array.from({ length: to - from + 1 }, (_, i) => from + i);
  });
}

/** A unicode-range descriptor (U+0020-007E, U+00A0, …) of code points in ascending order. */
function unicodeRange(points) {
  const ranges = [];
  for (const point of points) {
    const last = ranges.at(-1);
    if (last && last[1] === point - 1) last[1] = point;
    else ranges.push([point, point]);
  }
  const hex = (point) => point.toString(16).toUpperCase().padStart(4, '0');
  return ranges
    .map(([from, to]) => (from === to ? `U+${hex(from)}` : `U+${hex(from)}-${hex(to)}`))
    .join(', ');
}

const core = new Set(CORE_CODE_POINTS);
/** The two faces' characters: the core's, and the rest of the latin file's. */
const INTER_RANGES = {
  core: unicodeRange(CORE_CODE_POINTS),
  latin: unicodeRange(codePointsOf(LATIN_RANGE).filter((point) => !core.has(point))),
};

/**
 * The core's woff2 file, made once per source font and character set (under node_modules/.cache),
 * for webpack to emit with a content hash like any asset.
 */
export async function interCoreFont() {
  const latin = readFileSync(LATIN_FILE);
  const key = createHash('sha256')
    .update(latin)
    .update(INTER_RANGES.core)
    .update(JSON.stringify(WEIGHTS))
    .digest('hex')
    .slice(0, 16);
  const file = fileURLToPath(
    new URL(`./node_modules/.cache/b2g-fonts/${key}/inter-core-wght-normal.woff2`, import.meta.url),
  );
  if (existsSync(file)) return file;
  const core = await subsetFont(latin, CORE_TEXT, {
    targetFormat: 'woff2',
    variationAxes: { wght: WEIGHTS },
  });
  mkdirSync(dirname(file), { recursive: true });
  // Written whole or not at all: two builds may make it at once.
  writeFileSync(`${file}.${process.pid}`, core);
  renameSync(`${file}.${process.pid}`, file);
  return file;
}

/**
 * The faces of 'Inter Fallback', the theme's second font: Arial (Liberation Sans, its metric twin,
 * on Linux), scaled per weight so the site's texts (its name, the header's links, the buttons) are
 * as wide as in Inter, with Inter's ascent and descent. Text painted before Inter arrives (a busy
 * machine) then takes the same places, and the swap moves nothing on the screen.
 */
const FALLBACK_FACES = [
  { weight: 400, bold: false, sizeAdjust: 1.054 },
  { weight: 500, bold: false, sizeAdjust: 1.0755 },
  { weight: 600, bold: true, sizeAdjust: 1.013 },
  { weight: 700, bold: true, sizeAdjust: 0.9937 },
];
/** Inter's ascent and descent, in ems. */
const INTER_ASCENT = 0.969;
const INTER_DESCENT = 0.241;

function fallbackFace({ weight, bold, sizeAdjust }) {
  const names = bold
    ? ['Arial Bold', 'Arial-BoldMT', 'Liberation Sans Bold', 'LiberationSans-Bold']
    : ['Arial', 'ArialMT', 'Liberation Sans', 'LiberationSans'];
  const percent = (value) => `${(value * 100).toFixed(2)}%`;
  return (
    `@font-face { font-family: 'Inter Fallback'; font-style: normal; font-weight: ${weight}; ` +
    `src: ${names.map((name) => `local('${name}')`).join(', ')}; size-adjust: ${percent(sizeAdjust)}; ` +
    `ascent-override: ${percent(INTER_ASCENT / sizeAdjust)}; ` +
    `descent-override: ${percent(INTER_DESCENT / sizeAdjust)}; line-gap-override: 0%; }`
  );
}

/**
 * What the page head (public/index.html) needs, for a webpack configuration: the core file as the
 * module `inter-core.woff2` (resolve.alias), and its two `@font-face` rules for the files' URLs as
 * webpack emits them (an HtmlWebpackPlugin option). Both faces name the same weights: Chromium
 * puts only faces of equal descriptors together, and a face alone leaves the characters it lacks
 * to the next family of the stack.
 */
export async function interFontBuild() {
  const alias = { 'inter-core.woff2$': await interCoreFont() };
  const face = (url, range) =>
    `@font-face { font-family: 'Inter'; font-style: normal; font-display: swap; ` +
    `font-weight: ${WEIGHTS.min} ${WEIGHTS.max}; src: url('${url}') format('woff2'); ` +
    `unicode-range: ${range}; }`;
  const fontFaces = ({ latin, core }) =>
    `<style>${face(latin, INTER_RANGES.latin)}${face(core, INTER_RANGES.core)}` +
    `${FALLBACK_FACES.map(fallbackFace).join('')}</style>`;
  return { alias, fontFaces };
}
