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

/** Printable ASCII and the punctuation the texts use: NBSP © ® ° · × § – — ‘ ’ “ ” • … € ™. */
const CORE_CODE_POINTS = [
  ...Array.from({ length: 0x7e - 0x20 + 1 }, (_, i) => 0x20 + i),
  0xa0,
  0xa7,
  0xa9,
  0xae,
  0xb0,
  0xb7,
  0xd7,
  0x2013,
  0x2014,
  0x2018,
  0x2019,
  0x201c,
  0x201d,
  0x2022,
  0x2026,
  0x20ac,
  0x2122,
];
const WEIGHTS = { min: 400, max: 700 };

/** The latin file's characters (its unicode-range in @fontsource-variable/inter's CSS). */
const LATIN_RANGES = [
  [0x0000, 0x00ff],
  [0x0131, 0x0131],
  [0x0152, 0x0153],
  [0x02bb, 0x02bc],
  [0x02c6, 0x02c6],
  [0x02da, 0x02da],
  [0x02dc, 0x02dc],
  [0x0304, 0x0304],
  [0x0308, 0x0308],
  [0x0329, 0x0329],
  [0x2000, 0x206f],
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
  [0x2191, 0x2191],
  [0x2193, 0x2193],
  [0x2212, 0x2212],
  [0x2215, 0x2215],
  [0xfeff, 0xfeff],
  [0xfffd, 0xfffd],
];

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
export const INTER_RANGES = {
  core: unicodeRange(CORE_CODE_POINTS),
  latin: unicodeRange(
    LATIN_RANGES.flatMap(([from, to]) =>
      Array.from({ length: to - from + 1 }, (_, i) => from + i),
    ).filter((point) => !core.has(point)),
  ),
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
  const core = await subsetFont(latin, String.fromCodePoint(...CORE_CODE_POINTS), {
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
 * What the page head (public/index.html) needs, for a webpack configuration: the core file as the
 * module `inter-core.woff2` (resolve.alias) and the faces' unicode-ranges (an HtmlWebpackPlugin
 * option).
 */
export async function interCoreBuild() {
  return { alias: { 'inter-core.woff2$': await interCoreFont() }, ranges: INTER_RANGES };
}
