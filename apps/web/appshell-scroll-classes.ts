import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

const APP_SHELL_PART = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]AppShell[\\/][^\\/]+[\\/][^\\/]+\.mjs$/;
const CLASS_NAMES_ONLY = '?class-names-only';
const CONSTANTS_IMPORT =
  /^import \{ fullWidthClassName, zeroRightClassName \} from 'react-remove-scroll-bar\/constants';$/m;
const COMBINATION_CLASS_NAMES = 'ReactRemoveScroll.classNames = RemoveScroll.classNames;';
const CLASS_NAMES =
  /^RemoveScroll\.classNames = \{\n {4}fullWidth: fullWidthClassName,\n {4}zeroRight: zeroRightClassName,\n\};$/m;

/**
 * Mantine's AppShell header, footer and aside import `RemoveScroll` from 'react-remove-scroll' for one
 * class name, `RemoveScroll.classNames.zeroRight` (so that a fixed bar keeps clear of the scroll bar while a
 * dialog locks the page's scrolling). That import took react-remove-scroll, use-sidecar,
 * react-remove-scroll-bar, react-style-singleton, use-callback-ref and tslib into the signed-in pages'
 * shared chunk, which every signed-in first load downloads before its first paint. Here AppShell's import
 * goes to a module that holds the class names alone, made of the same statement by which react-remove-scroll's
 * own UI.js sets them, from the same constants module, so they cannot drift; the build fails if the package
 * no longer sets them so. The package itself goes to the dialogs' chunk (Modal locks scrolling with it for
 * real), which the top bar's menu loads once the page is idle.
 * Measured 2026-11-24: the signed-in chunk 27.7 -> 24.3 KB brotli, a signed-in first paint 3.2 KB lighter
 * (the dialogs' chunk 13.1 -> 16.2 KB, so a visit's total is unchanged). Lighthouse's LCP did not move
 * beyond its noise (bench/HISTORY.md: its simulation goes in 150 ms steps that a few KB do not reach).
 */
export function appShellScrollClasses(): Plugin {
  return {
    name: 'oja-appshell-scroll-classes',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source !== 'react-remove-scroll' || !importer || !APP_SHELL_PART.test(importer)) return;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved ? `${resolved.id}${CLASS_NAMES_ONLY}` : undefined;
    },
    async load(id) {
      if (!id.endsWith(CLASS_NAMES_ONLY)) return;
      // The package's entry exports Combination.js's RemoveScroll, which takes its class names from UI.js's.
      const folder = dirname(id.slice(0, -CLASS_NAMES_ONLY.length));
      const combination = await readFile(join(folder, 'Combination.js'), 'utf8');
      const ui = await readFile(join(folder, 'UI.js'), 'utf8');
      const constants = ui.match(CONSTANTS_IMPORT)?.[0];
      const classNames = ui.match(CLASS_NAMES)?.[0];
      if (!constants || !classNames || !combination.includes(COMBINATION_CLASS_NAMES)) {
        this.error(
          'appshell-scroll-classes: react-remove-scroll no longer sets RemoveScroll.classNames as this plugin expects it.',
        );
      }
      // Resolved from react-remove-scroll's own folder (the id's), as UI.js resolves it.
      return `${constants}\nconst RemoveScroll = {};\n${classNames}\nexport { RemoveScroll };\n`;
    },
  };
}
