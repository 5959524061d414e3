// What the console's build changes in the libraries it takes, each the same behaviour in less work.
// A change stays only while it buys at least 10 KB on the wire or 50 ms of a tablet's blocking time,
// measured (the figures below, docs/decisions.md); each fails the build when it no longer matches
// its library, and scripts/build/libraries.test.ts runs each on the installed version.
import { createRequire } from 'node:module';
import type { Plugin as PostcssPlugin } from 'postcss';
import type { Plugin } from 'vite';

/** Blueprint's class for its dark theme (`Classes.DARK`), checked against the installed kit by the test. */
export const DARK_THEME = 'bp6-dark';

/**
 * The console has no dark theme: the UI kit's rules for `.bp6-dark` (about a quarter of Blueprint's
 * stylesheet, and of the table's and date picker's) are dropped, so a tablet downloads, parses and
 * matches fewer rules on every screen. Measured: sign-in through Users 10.6 KB less on the wire
 * (169.0 KB against 179.6 KB without it). A stylesheet of Blueprint's that has none of these rules
 * fails the build: the class was renamed, and this would drop nothing.
 */
export const withoutDarkTheme: PostcssPlugin = {
  postcssPlugin: 'without-dark-theme',
  Once(root) {
    const file = root.source?.input.file ?? '';
    if (/@blueprintjs[\\/]core[\\/]lib[\\/]css[\\/]blueprint\.css$/.test(file) && !root.toString().includes(`.${DARK_THEME}`)) {
      throw new Error(`Blueprint's stylesheet (${file}) has no .${DARK_THEME} rules: update withoutDarkTheme (scripts/build/libraries.ts).`);
    }
  },
  Rule(rule) {
    if (!rule.selector.includes(`.${DARK_THEME}`)) return;
    const light = rule.selectors.filter((selector) => !selector.includes(`.${DARK_THEME}`));
    if (light.length === 0) rule.remove();
    else rule.selectors = light;
  },
};

const require = createRequire(import.meta.url);

/**
 * Blueprint's table of icon names (`IconNames.CARET_DOWN`, `IconNames.CaretDown`) is made when the
 * UI kit first loads by running each of its 706 names through change-case's general word
 * splitting. Blueprint's names are lowercase words joined by hyphens, so splitting at the hyphens
 * gives the same table; the build checks it does, name for name, against Blueprint's own table.
 * Measured (Node, this machine's CPU, change-case already loaded): 65 to 190 ms for Blueprint's
 * module against 2 to 11 ms, so 50 ms and more even before a tablet's slower CPU.
 */
export const ICON_NAMES_SOURCE = `import { BlueprintIcons_16 } from "./generated/16px/blueprint-icons-16";
const names = Object.values(BlueprintIcons_16);
const words = (name) => name.split("-");
export const IconNames = {};
for (const name of names) IconNames[words(name).map((word) => word[0].toUpperCase() + word.slice(1)).join("")] = name;
for (const name of names) IconNames[words(name).join("_").toUpperCase()] = name;
export const IconNamesSet = new Set(names);
`;

/** The table ICON_NAMES_SOURCE makes from Blueprint's installed names, and Blueprint's own. */
export function iconNameTables(): { ours: Record<string, string>; theirs: Record<string, string> } {
  const { IconNames: theirs } = require('@blueprintjs/icons/lib/cjs/iconNames.js') as { IconNames: Record<string, string> };
  const { BlueprintIcons_16 } = require('@blueprintjs/icons/lib/cjs/generated/16px/blueprint-icons-16.js') as { BlueprintIcons_16: Record<string, string> };
  // The very source the build ships, run here on Blueprint's names.
  const ours = new Function('BlueprintIcons_16', `${ICON_NAMES_SOURCE.replace(/^import .*$/m, '').replace(/export /g, '')}; return IconNames;`)(BlueprintIcons_16) as Record<string, string>;
  return { ours, theirs };
}

export const sameTable = ({ ours, theirs }: { ours: Record<string, string>; theirs: Record<string, string> }): boolean =>
  JSON.stringify(Object.entries(ours).sort()) === JSON.stringify(Object.entries(theirs).sort());

export function iconNamesWithoutChangeCase(): Plugin {
  const module = /@blueprintjs[\\/]icons[\\/]lib[\\/]esm[\\/]iconNames\.js$/;
  return {
    name: 'icon-names-without-change-case',
    buildStart() {
      if (!sameTable(iconNameTables())) this.error('Blueprint\'s icon names are no longer hyphenated lowercase words: drop iconNamesWithoutChangeCase (scripts/build/libraries.ts).');
    },
    load(id) {
      return module.test(id) ? ICON_NAMES_SOURCE : undefined;
    },
  };
}

/**
 * RTK Query builds one Error when its module first runs (a marker for a cache entry removed before
 * its data came). With DevTools attached, which is how Lighthouse drives the page, V8 records where
 * every Error is made, and for that re-reads the whole chunk the module was bundled into (React,
 * the store and the router: 264 KB, a tenth of a second at a tablet's speed) to find one line. The
 * marker is made as an Error without the constructor's stack: the same object to RTK Query, which
 * only compares it and reads its message. Measured in a Chromium trace (4x CPU slowdown, /login then
 * sign-in through Users): V8.CollectSourcePositions 103 to 147 ms without it, 28 to 35 ms with it.
 */
export const RTK_QUERY_MARKER = 'new Error("Promise never resolved before cacheEntryRemoved.")';

/** RTK Query's module with its marker made without a stack; throws when the marker is not there. */
export function withRtkQueryMarkerWithoutStack(code: string, file: string): string {
  if (!code.includes(RTK_QUERY_MARKER)) throw new Error(`RTK Query no longer makes its marker as ${RTK_QUERY_MARKER}: check ${file} and update rtkQueryMarkerWithoutStack (scripts/build/libraries.ts).`);
  return code.replace(RTK_QUERY_MARKER, 'Object.assign(Object.create(Error.prototype), { message: "Promise never resolved before cacheEntryRemoved." })');
}

export function rtkQueryMarkerWithoutStack(): Plugin {
  const module = /@reduxjs[\\/]toolkit[\\/]dist[\\/]query[\\/]rtk-query\.[\w.-]+\.m?js$/;
  return {
    name: 'rtk-query-marker-without-stack',
    transform(code, id) {
      if (!module.test(id)) return undefined;
      return { code: withRtkQueryMarkerWithoutStack(code, id), map: null };
    },
  };
}
