// What the console's build changes in the libraries it takes, each for the work a tablet does on
// opening a screen (issue 18's blocking time), each the same behaviour in less work. A change that
// no longer matches its library (after an update) fails the build, so none goes stale silently.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import postcss, { type Plugin as PostcssPlugin } from 'postcss';
import type { Plugin } from 'vite';

/**
 * The console has no dark theme: the UI kit's rules for `.bp6-dark` (about a quarter of Blueprint's
 * 560 KB stylesheet, and of the table's and date picker's) are dropped, so a tablet downloads,
 * parses and matches fewer rules on every screen.
 */
export const withoutDarkTheme: PostcssPlugin = {
  postcssPlugin: 'without-dark-theme',
  Rule(rule) {
    if (!rule.selector.includes('.bp6-dark')) return;
    const light = rule.selectors.filter((selector) => !selector.includes('.bp6-dark'));
    if (light.length === 0) rule.remove();
    else rule.selectors = light;
  },
};

const require = createRequire(import.meta.url);

/** Blueprint's stylesheet, asked for in parts: `…/blueprint.css?part=1` (components/blueprint.ts). */
export const BLUEPRINT_STYLESHEET_PARTS = 3;
/** The parts' files are named kit-style-1 and on (vite.config.ts). */
export const BLUEPRINT_STYLESHEET_FILE = 'kit-style-';

/**
 * Blueprint's stylesheet in parts, each a module of its own (`blueprint.css?part=1` and on, its
 * rules in their order, cut where the sizes even out), which vite.config.ts puts in files of their
 * own. Chromium parses a stylesheet in one task as it arrives: the kit's whole (358 KB) held a
 * tablet's main thread for 60 to 100 ms at once, in thirds no part does. The parts are cut after
 * the dark theme's rules are dropped, so they weigh what they ship.
 */
export function blueprintStylesheetInParts(): Plugin {
  const part = /@blueprintjs[\\/]core[\\/]lib[\\/]css[\\/]blueprint\.css\?part=(\d+)$/;
  let parts: string[] | undefined;
  const cut = (file: string): string[] => {
    const { root } = postcss([withoutDarkTheme]).process(readFileSync(file, 'utf8'), { from: file });
    // The icons' rules come twice in Blueprint's file; the minifier dropped the first copy of each
    // when the file was one, and does not across files: so here, keeping the last (the one the
    // cascade reads).
    const rules = root.nodes.map((node) => ({ node, text: node.toString() }));
    const last = new Map(rules.map(({ text }, index) => [text, index]));
    const kept = rules.filter(({ text }, index) => last.get(text) === index);
    const whole = kept.reduce((sum, { text }) => sum + text.length, 0);
    const pieces = Array.from({ length: BLUEPRINT_STYLESHEET_PARTS }, () => postcss.root());
    let before = 0;
    for (const { node, text } of kept) {
      // A rule goes to the part its middle falls in: top-level rules, never one cut in two.
      pieces[Math.min(BLUEPRINT_STYLESHEET_PARTS - 1, Math.floor(((before + text.length / 2) / whole) * BLUEPRINT_STYLESHEET_PARTS))]!.append(node.clone());
      before += text.length;
    }
    // Each part printed as a stylesheet of its own (a statement such as @charset keeps its semicolon),
    // and read back: every rule kept must be there, in its order, or the build stops.
    const printed = pieces.map((piece) => piece.toString());
    const reread = printed.flatMap((text) => postcss.parse(text).nodes.map((node) => node.toString().trim()));
    if (reread.length !== kept.length || kept.some(({ text }, index) => text.trim() !== reread[index])) {
      throw new Error(`Blueprint's stylesheet (${file}) does not read back whole from its parts: check blueprintStylesheetInParts.`);
    }
    return printed;
  };
  return {
    name: 'blueprint-stylesheet-in-parts',
    enforce: 'pre',
    load(id) {
      const asked = part.exec(id);
      if (!asked) return undefined;
      parts ??= cut(id.slice(0, id.indexOf('?')));
      const text = parts[Number(asked[1]) - 1];
      if (text === undefined) this.error(`Blueprint's stylesheet has ${BLUEPRINT_STYLESHEET_PARTS} parts, not ${asked[1]}.`);
      return text;
    },
    writeBundle(_, bundle) {
      // A page links a chunk's stylesheets in the order Vite lists them: the parts must come in theirs.
      const partOf = new RegExp(`${BLUEPRINT_STYLESHEET_FILE}(\\d+)-`);
      for (const chunk of Object.values(bundle)) {
        const listed = chunk.type === 'chunk' ? [...(chunk.viteMetadata?.importedCss ?? [])].flatMap((file) => partOf.exec(file)?.[1] ?? []) : [];
        if (listed.length && listed.join() !== Array.from({ length: BLUEPRINT_STYLESHEET_PARTS }, (_, index) => index + 1).join()) {
          this.error(`${chunk.fileName} links the UI kit's stylesheet in parts ${listed.join(', ')}: out of order or incomplete.`);
        }
      }
    },
  };
}

/**
 * Blueprint's table of icon names (`IconNames.CARET_DOWN`, `IconNames.CaretDown`) is made when the
 * UI kit first loads by running each of its 706 names through change-case's general word
 * splitting: a tenth of a second of a mid-range tablet's CPU. Blueprint's names are lowercase words
 * joined by hyphens, so splitting at the hyphens gives the same table in a fraction of that time;
 * the build checks it does, name for name, against Blueprint's own table.
 */
export function iconNamesWithoutChangeCase(): Plugin {
  const module = /@blueprintjs[\\/]icons[\\/]lib[\\/]esm[\\/]iconNames\.js$/;
  const source = `import { BlueprintIcons_16 } from "./generated/16px/blueprint-icons-16";
const names = Object.values(BlueprintIcons_16);
const words = (name) => name.split("-");
export const IconNames = {};
for (const name of names) IconNames[words(name).map((word) => word[0].toUpperCase() + word.slice(1)).join("")] = name;
for (const name of names) IconNames[words(name).join("_").toUpperCase()] = name;
export const IconNamesSet = new Set(names);
`;
  return {
    name: 'icon-names-without-change-case',
    buildStart() {
      const { IconNames: theirs } = require('@blueprintjs/icons/lib/cjs/iconNames.js') as { IconNames: Record<string, string> };
      const { BlueprintIcons_16 } = require('@blueprintjs/icons/lib/cjs/generated/16px/blueprint-icons-16.js') as { BlueprintIcons_16: Record<string, string> };
      // The very source the build ships, run here on Blueprint's names.
      const ours = new Function('BlueprintIcons_16', `${source.replace(/^import .*$/m, '').replace(/export /g, '')}; return IconNames;`)(BlueprintIcons_16) as Record<string, string>;
      const differ = JSON.stringify(Object.entries(ours).sort()) !== JSON.stringify(Object.entries(theirs).sort());
      if (differ) this.error('Blueprint\'s icon names are no longer hyphenated lowercase words: drop iconNamesWithoutChangeCase (scripts/build/libraries.ts).');
    },
    load(id) {
      return module.test(id) ? source : undefined;
    },
  };
}

/**
 * RTK Query builds one Error when its module first runs (a marker for a cache entry removed before
 * its data came). With DevTools attached, which is how Lighthouse drives the page, V8 records where
 * every Error is made, and for that re-reads the whole chunk the module was bundled into (React,
 * the store and the router: 264 KB, a tenth of a second at a tablet's speed) to find one line. The
 * marker is made as an Error without the constructor's stack: the same object to RTK Query, which
 * only compares it and reads its message.
 */
export function rtkQueryMarkerWithoutStack(): Plugin {
  const module = /@reduxjs[\\/]toolkit[\\/]dist[\\/]query[\\/]rtk-query\.[\w.-]+\.m?js$/;
  const marker = 'new Error("Promise never resolved before cacheEntryRemoved.")';
  return {
    name: 'rtk-query-marker-without-stack',
    transform(code, id) {
      if (!module.test(id)) return undefined;
      if (!code.includes(marker)) this.error(`RTK Query no longer makes its marker as ${marker}: check ${id} and update rtkQueryMarkerWithoutStack (scripts/build/libraries.ts).`);
      return { code: code.replace(marker, 'Object.assign(Object.create(Error.prototype), { message: "Promise never resolved before cacheEntryRemoved." })'), map: null };
    },
  };
}
