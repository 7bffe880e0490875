import { type Plugin, parseAst } from 'vite';

/**
 * Rolldown's `output.codeSplitting.groups`: fewer files on every first load.
 *
 * Rolldown cut each module that the entry shares with lazy pages (the React runtime, Box, Transition, Loader…)
 * into a chunk of its own: the entry came with a dozen small files, all fetched before anything runs. The
 * server speaks HTTP/1.1, so a phone fetches six files at a time, each a round trip on a slow network.
 * Everything the entry imports statically (rolldown's `$initial` tag) now goes into the entry's chunk: every
 * page loads all of it anyway, so no page downloads more, and one file compresses better than twelve.
 *
 * The signed-in pages still came in dozens of files each (every Mantine component, hook and icon that some
 * other set of pages also uses is a chunk of its own). Grouping what pages share by itself
 * (`minShareCount`) put tens of KB into the first visit of /login, because the group also held the form
 * components that /login uses, and then the whole group with them. So the modules are grouped by who uses
 * them, each group one chunk: what /login uses (and shares with other pages); what the other guest pages
 * (register, an invite link…) use; what the guest pages load later (a form's rules, zod with them); what
 * four or more signed-in pages share, which no guest page loads. `guestModules` finds the first three sets
 * at the end of the build, from the pages' own import statements (not every module a barrel file like
 * @mantine/core's index names: that is the whole library). The signed-in pages now come in a handful of
 * files each.
 *
 * Most of the signed-in shared chunk was dialog code that no first paint draws (see `SignedIn`). The pages
 * now load their dialogs when opened, and the signed-in group counts a module by the pages that draw it: the
 * dialogs' shared code is a `dialogs` chunk of its own.
 *
 * Then each page's use was read name by name (`guestModules`: an `export *` is followed only into the module
 * that holds the name, a module with code only for the declarations those names need): the login page counted
 * the whole contract through its index, so the `login` chunk held the sales, stock and team messages and every
 * signed-in page downloaded it, the login form's code with them. What guest and signed-in pages share is now
 * the `common` chunk: a signed-in first load is lighter and makes fewer requests before its first paint, for
 * one more file on /login's (the measured effects of each step: bench/README.md).
 */
export function firstLoadChunks() {
  const login = new Set<string>();
  const guest = new Set<string>();
  const later = new Set<string>();
  const sets: SignedIn = { pages: new Map(), opened: new Set(), drawnAndOpened: new Set() };
  const isGuest = (id: string) => (login.has(id) || guest.has(id)) && !GUEST_PAGE.test(id);
  const isShared = (id: string) => (sets.pages.get(id) ?? 0) >= SIGNED_IN_SHARE;
  return {
    plugin: guestModules(login, guest, later, sets),
    groups: [
      { name: 'initial', tags: ['$initial' as const], priority: 6 },
      // Pages themselves stay their own chunks (register-page is also imported by invite-page).
      // What the guest pages share with the signed-in pages' first loads (Title, TextInput, Paper, the contract's
      // messages…): its own file, so that a signed-in page no longer downloads the login form's code (useForm,
      // PasswordInput, the auth calls) nor the other guest pages' (see `SignedIn`).
      { name: 'common', priority: 5, minShareCount: 2, test: (id: string) => isGuest(id) && isShared(id) },
      { name: 'login', priority: 5, minShareCount: 2, test: (id: string) => login.has(id) && !GUEST_PAGE.test(id) },
      { name: 'guest', priority: 4, minShareCount: 2, test: (id: string) => guest.has(id) && !GUEST_PAGE.test(id) },
      { name: 'later', priority: 3, minShareCount: 2, test: (id: string) => later.has(id) },
      {
        name: 'signed-in',
        priority: 2,
        // Counted in pages that draw it (Rolldown's minShareCount counts chunks, a page's dialogs and lazy
        // controls too): a module that only later loads use stays out of every first load. A module that a page
        // draws and a dialog also uses comes here too, however few pages draw it: the dialogs' group would
        // otherwise take it with the dialogs' own modules (SegmentedControl's share of ScrollArea), and the page
        // would download every dialog's code at its first paint.
        test: (id: string) => !guest.has(id) && !later.has(id) && (isShared(id) || sets.drawnAndOpened.has(id)),
      },
      // What two or more dialogs share (Modal, NumberInput…): one file, on the first opening. A group also takes
      // the modules that its own import (Rolldown's includeDependenciesRecursively): Modal's Portal and
      // transitions come with it, so the toast host imports this chunk too (12.7 KB gzip on a guest's first
      // toast, with the 26.6 KB signed-in chunk it already imported: 71.6 KB before). Without that, Menu's and
      // Popover's small modules were eighteen files on the sale page's first load (budget: 15).
      { name: 'dialogs', priority: 1, minShareCount: 2, test: (id: string) => sets.opened.has(id) },
    ],
  };
}

/**
 * The signed-in pages' modules, as first-load grouping needs them: what their first loads use (`pages`: their
 * own imports, everything but `import()`, with the count of pages that use each), and what only their dialogs
 * use (`opened`).
 *
 * The dialogs were imported with their pages, and what four or more pages shared went into the signed-in
 * chunk that every signed-in first load downloads: of its 222 KB (raw), floating-ui 35, Combobox and Select 22,
 * NumberInput with react-number-format 25, ScrollArea 15, Popover and Tooltip 18, Modal with its focus trap
 * and scroll lock 15, none of it drawn before a dialog opens. The pages now load their dialogs when opened
 * (src/ui/load-on-open.tsx, src/ui/confirm.ts); what two or more of them share is one chunk of its own, like
 * the guest pages' `later`, downloaded at the first opening.
 */
type SignedIn = { pages: Map<string, number>; opened: Set<string>; drawnAndOpened: Set<string> };

/**
 * Modules that at least this many pages use go into the signed-in pages' shared chunk. Measured: 2 made it
 * 200 KB gzip; 6 left the dashboard and the inventory at 79 and 68 in Lighthouse (4: 89 and 71); 8 left
 * 12-26 files per page. Once the pages' use was read name by name (`guestModules`), 3 instead of 4: the
 * signed-in chunk 27.6 -> 32.7 KB gzip, the business pages 9-14 -> 5-6 files (the inventory 9 -> 5; its
 * layout's business-shell, get-style-object and AccordionChevron were three files of 1-4 KB); 2 put the
 * reports page over the route budget (50.4 KB on top of /login).
 */
const SIGNED_IN_SHARE = 3;

const LOGIN_PAGE = /[\\/]src[\\/]features[\\/]auth[\\/]login-page\.tsx$/;
/** The pages a visitor opens without a session: the account pages and an invite link's. */
const GUEST_PAGE = /[\\/]src[\\/]features[\\/](?:auth[\\/][^\\/]+-page|team[\\/]invite-page)\.tsx$/;

/** The route table: its `import()`s are the pages. */
const ROUTER = /[\\/]src[\\/]router\.tsx$/;
/**
 * What a signed-in page loads when a person opens something: its dialogs (loadOnOpen) and Mantine's dialog
 * host (openConfirm). The page's other later loads come without a tap (the top bar's menu once idle, a
 * tooltip, charts, a form's rules on focus): what they use stays out of `opened`, so that none of them
 * brings every dialog's code with it.
 */
const ON_OPEN = /(?:[\\/]src[\\/]features[\\/].+-(?:modal|dialog)\.tsx|[\\/]@mantine[\\/]modals[\\/].+)$/;

/**
 * The contract as the pages import it (contract-values.ts): its schemas are never used there, so its zod
 * import is not either (contract-pure.ts marks them removable).
 */
const VALUES_VIEW = /\?values$/;

type Node = { type: string; [key: string]: unknown };
const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

/** An imported or exported name: `default`, `*` for a namespace, or the name itself. */
const nameOf = (node: unknown): string => {
  const named = node as { name?: string; value?: string } | undefined;
  return named?.name ?? named?.value ?? 'default';
};

/** The names an `export const|let|var|function|class …` declares (destructuring included). */
function declaredNames(statement: Node): string[] {
  const declaration = statement.declaration as Node | null | undefined;
  if (!declaration) return [];
  if (declaration.type !== 'VariableDeclaration') {
    const id = declaration.id as { name?: string } | null | undefined;
    return id?.name ? [id.name] : [];
  }
  const names: string[] = [];
  const collect = (pattern: unknown) => {
    if (!isNode(pattern)) return;
    if (pattern.type === 'Identifier') names.push(String(pattern.name));
    else if (pattern.type === 'ObjectPattern')
      for (const property of pattern.properties as Node[])
        collect(property.type === 'RestElement' ? property.argument : property.value);
    else if (pattern.type === 'ArrayPattern') for (const element of pattern.elements as unknown[]) collect(element);
    else if (pattern.type === 'RestElement') collect(pattern.argument);
    else if (pattern.type === 'AssignmentPattern') collect(pattern.left);
  };
  for (const declarator of declaration.declarations as Node[]) collect(declarator.id);
  return names;
}

/** Every identifier (JSX names too) in a piece of syntax: what it may use of its module's top level. */
function identifiersIn(node: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const item of node) identifiersIn(item, found);
  else if (isNode(node)) {
    if ((node.type === 'Identifier' || node.type === 'JSXIdentifier') && typeof node.name === 'string')
      found.add(node.name);
    for (const value of Object.values(node))
      if (typeof value === 'object' && value !== null) identifiersIn(value, found);
  }
  return found;
}

/** What a module imports and re-exports, by specifier, as far as deciding what a page uses needs. */
type Shape = {
  /** Only import and export declarations: using one of its names uses only the module that name comes from. */
  barrel: boolean;
  /** Source → names imported ('*' for a namespace); an import for its effect has no names. */
  imports: Map<string, Set<string>>;
  /** Exported name → where it comes from. */
  reexports: Map<string, { source: string; name: string }>;
  /** Names it declares and exports itself (`export const`, `export function`, `export default`…). */
  own: Set<string>;
  /** Exported name → the top-level binding behind it (`%default` for `export default <expression>`). */
  exportLocal: Map<string, string>;
  /** Top-level binding → the identifiers its declaration names (a superset of what it uses: keys, types…). */
  declarations: Map<string, Set<string>>;
  /** The identifiers that its other top-level statements name: they run whenever the module loads. */
  effects: Set<string>;
  /** Imported binding → where it comes from. */
  importLocals: Map<string, { source: string; name: string }>;
  /** `export * from` sources. */
  stars: string[];
  /** `import('…')` sources. */
  dynamic: string[];
};

function shapeOf(code: string, id: string): Shape | undefined {
  let program: { body: Node[] };
  try {
    const lang = /\.tsx$/.test(id) ? 'tsx' : /\.ts$/.test(id) ? 'ts' : /\.jsx$/.test(id) ? 'jsx' : 'js';
    program = parseAst(code, { lang }) as unknown as { body: Node[] };
  } catch {
    return undefined;
  }
  const shape: Shape = {
    barrel: true,
    imports: new Map(),
    reexports: new Map(),
    own: new Set(),
    exportLocal: new Map(),
    declarations: new Map(),
    effects: new Set(),
    importLocals: new Map(),
    stars: [],
    dynamic: [],
  };
  const locals = shape.importLocals;
  const declare = (names: string[], node: unknown) => {
    const refs = identifiersIn(node);
    for (const name of names) shape.declarations.set(name, new Set([...(shape.declarations.get(name) ?? []), ...refs]));
  };
  const importsOf = (source: string) => {
    const names = shape.imports.get(source) ?? new Set<string>();
    shape.imports.set(source, names);
    return names;
  };
  for (const statement of program.body) {
    const source = (statement.source as { value?: string } | null | undefined)?.value;
    if (statement.type === 'ImportDeclaration' && source) {
      if (statement.importKind === 'type' || (VALUES_VIEW.test(id) && source === 'zod')) continue;
      const names = importsOf(source);
      for (const specifier of (statement.specifiers as Node[]) ?? []) {
        if (specifier.importKind === 'type') continue;
        const name = specifier.type === 'ImportNamespaceSpecifier' ? '*' : nameOf(specifier.imported);
        names.add(name);
        locals.set(nameOf(specifier.local), { source, name });
      }
    } else if (statement.type === 'ExportNamedDeclaration' && !statement.declaration) {
      if (statement.exportKind === 'type') continue;
      for (const specifier of (statement.specifiers as Node[]) ?? []) {
        const exported = nameOf(specifier.exported);
        const binding = source ? { source, name: nameOf(specifier.local) } : locals.get(nameOf(specifier.local));
        if (binding) shape.reexports.set(exported, binding);
        else {
          shape.own.add(exported);
          shape.exportLocal.set(exported, nameOf(specifier.local));
          shape.barrel = false;
        }
      }
    } else if (statement.type === 'ExportAllDeclaration' && source) {
      if (statement.exported) shape.reexports.set(nameOf(statement.exported), { source, name: '*' });
      else shape.stars.push(source);
    } else if (!(statement.type === 'TSTypeAliasDeclaration' || statement.type === 'TSInterfaceDeclaration')) {
      shape.barrel = false;
      if (statement.type === 'ExportDefaultDeclaration') {
        shape.own.add('default');
        const declaration = statement.declaration as Node;
        const named = (declaration.id as { name?: string } | null | undefined)?.name;
        shape.exportLocal.set('default', named ?? '%default');
        declare([named ?? '%default'], declaration);
      } else if (statement.type === 'ExportNamedDeclaration') {
        const names = declaredNames(statement);
        for (const name of names) {
          shape.own.add(name);
          shape.exportLocal.set(name, name);
        }
        declare(names, statement.declaration);
      } else {
        const names = declaredNames({ type: 'ExportNamedDeclaration', declaration: statement });
        if (names.length > 0) declare(names, statement);
        else for (const name of identifiersIn(statement)) shape.effects.add(name);
      }
    }
  }
  const walk = (node: Node) => {
    if (node.type === 'ImportExpression') {
      const source = node.source as { type?: string; value?: unknown } | undefined;
      if (source?.type === 'Literal' && typeof source.value === 'string') shape.dynamic.push(source.value);
    }
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) for (const item of value) isNode(item) && walk(item);
      else if (isNode(value)) walk(value);
    }
  };
  for (const statement of program.body) walk(statement);
  return shape;
}

/**
 * Fills `guest` with the modules that the guest pages load with themselves, and `later` with those they
 * load afterwards (`import()`: a form's rules, zod with them, on the form's first focus), once the build
 * has read every module. The bundler's own view is finer (it tree-shakes within modules); this one is
 * coarser only where a module with code of its own is used for one of its names: all its imports count.
 * Through a barrel (@mantine/core's index, a module that only imports and re-exports) only the names asked
 * for are followed. A module that cannot be parsed (a style sheet) counts with everything it imports.
 * Then `signedIn` (see `SignedIn`), each signed-in page read on its own the same way.
 */
function guestModules(login: Set<string>, guest: Set<string>, later: Set<string>, signedIn: SignedIn): Plugin {
  return {
    name: 'oja-guest-modules',
    apply: 'build',
    async buildEnd(error) {
      if (error) return;
      const shapes = new Map<string, Shape | undefined>();
      const resolved = new Map<string, string | undefined>();
      const resolve = async (source: string, importer: string) => {
        const key = `${importer}\n${source}`;
        if (!resolved.has(key)) {
          const result = await this.resolve(source, importer);
          resolved.set(key, result && !result.external ? result.id : undefined);
        }
        return resolved.get(key);
      };
      const shape = (id: string) => {
        if (!shapes.has(id)) {
          const code = this.getModuleInfo(id)?.code;
          shapes.set(id, code == null ? undefined : shapeOf(code, id));
        }
        return shapes.get(id);
      };

      /** Whether `name` comes out of module `id`: declared or re-exported there, or through its `export *`s. */
      const provides = async (id: string, name: string, seen = new Set<string>()): Promise<boolean> => {
        if (seen.has(id)) return false;
        seen.add(id);
        const module = shape(id);
        // A module that cannot be read (a style sheet) may hold anything.
        if (!module) return true;
        if (module.own.has(name) || module.reexports.has(name)) return true;
        for (const source of module.stars) {
          const target = await resolve(source, id);
          if (target && (await provides(target, name, seen))) return true;
        }
        return false;
      };

      /** Adds to `used` what loading `roots` loads; returns what they import() but do not load. */
      const reach = async (roots: string[], used: Set<string>) => {
        const fully = new Set<string>();
        /** Non-barrel modules used for some of their names: the top-level bindings taken so far. */
        const partly = new Map<string, Set<string>>();
        const scanned = new Set<string>();
        const namesDone = new Map<string, Set<string>>();
        const dynamic = new Set<string>();
        // `names` undefined: the whole module (a page, a namespace import).
        const visit = async (id: string, names?: Iterable<string>): Promise<void> => {
          used.add(id);
          const module = shape(id);
          if (!module) {
            if (fully.has(id)) return;
            fully.add(id);
            for (const next of this.getModuleInfo(id)?.importedIds ?? []) await visit(next);
            return;
          }
          const follow = async (source: string, wanted?: Iterable<string>) => {
            const target = await resolve(source, id);
            if (target) await visit(target, wanted);
          };
          const whole = names === undefined || [...names].includes('*');
          let wanted: string[];
          if (whole) {
            if (namesDone.get(id)?.has('*')) return;
            namesDone.set(id, new Set(['*']));
            wanted = [...module.reexports.keys()];
            for (const source of module.stars) await follow(source);
            if (module.barrel) for (const [source, imported] of module.imports) await follow(source, imported);
          } else {
            const done = namesDone.get(id) ?? new Set<string>();
            namesDone.set(id, done);
            if (done.has('*')) return;
            wanted = [...names].filter((name) => !done.has(name));
            for (const name of wanted) done.add(name);
          }
          if (!module.barrel && whole && !fully.has(id)) {
            fully.add(id);
            for (const [source, imported] of module.imports) await follow(source, imported);
          } else if (!module.barrel && !fully.has(id)) {
            // Only what the names asked for need, as a bundler's tree-shaking sees it (coarser: a declaration
            // needs every identifier it names): the contract's team.ts counted all of sales.ts, its helpers
            // and messages, for one phone schema that the pages' copy of the contract leaves out.
            let taken = partly.get(id);
            const queue = wanted.map((name) => module.exportLocal.get(name)).filter((local) => local !== undefined);
            if (!taken) {
              taken = new Set();
              partly.set(id, taken);
              queue.push(...module.effects);
              // An import for its effect (a style sheet) comes with the module.
              for (const [source, imported] of module.imports) if (imported.size === 0) await follow(source, []);
            }
            while (queue.length > 0) {
              const local = queue.pop() as string;
              if (taken.has(local)) continue;
              taken.add(local);
              const imported = module.importLocals.get(local);
              if (imported) await follow(imported.source, [imported.name]);
              else queue.push(...(module.declarations.get(local) ?? []));
            }
          }
          if (!module.barrel && !scanned.has(id)) {
            scanned.add(id);
            for (const source of module.dynamic) {
              const target = await resolve(source, id);
              if (target) dynamic.add(target);
            }
          }
          for (const name of wanted) {
            const binding = module.reexports.get(name);
            if (binding) await follow(binding.source, [binding.name]);
            else if (!whole) {
              // Only the `export *` that holds the name: every other one's module would count as used (the
              // contract's index re-exports 18 modules, and the login page counted all of them).
              for (const source of module.stars) {
                const target = await resolve(source, id);
                if (target && (await provides(target, name))) await visit(target, [name]);
              }
            }
          }
        };
        for (const id of roots) await visit(id);
        return [...dynamic].filter((id) => !used.has(id));
      };

      for (const set of [login, guest, later]) set.clear();
      const ids = [...this.getModuleIds()];
      await reach(
        ids.filter((id) => LOGIN_PAGE.test(id)),
        login,
      );
      let next = await reach(
        ids.filter((id) => GUEST_PAGE.test(id)),
        guest,
      );
      while (next.length > 0) next = (await reach(next, later)).filter((id) => !later.has(id));

      // The signed-in pages, one by one (a page's first load is its own imports, not the others').
      signedIn.pages.clear();
      signedIn.opened.clear();
      signedIn.drawnAndOpened.clear();
      const router = ids.find((id) => ROUTER.test(id));
      const routes = router ? (shape(router)?.dynamic ?? []) : [];
      const pages = new Set<string>();
      const routed = new Set<string>();
      for (const source of routes) {
        const page = router && (await resolve(source, router));
        if (page) routed.add(page);
        if (page && !LOGIN_PAGE.test(page) && !GUEST_PAGE.test(page)) pages.add(page);
      }
      const onOpen = new Set<string>();
      // The entry's own later loads (the toast host, on any page's first toast) come without a tap too.
      const entries = ids.filter((id) => this.getModuleInfo(id)?.isEntry);
      let soon = (await reach(entries, new Set())).filter((id) => !routed.has(id) && !ON_OPEN.test(id));
      for (const page of pages) {
        const used = new Set<string>();
        for (const target of await reach([page], used)) {
          if (routed.has(target)) continue;
          if (ON_OPEN.test(target)) onOpen.add(target);
          else soon.push(target);
        }
        for (const id of used) signedIn.pages.set(id, (signedIn.pages.get(id) ?? 0) + 1);
      }
      // What the loads that come without a tap use: with the pages' own modules, never in `opened`.
      const early = new Set(signedIn.pages.keys());
      while (soon.length > 0) soon = (await reach(soon, early)).filter((id) => !early.has(id));
      const opened = new Set<string>();
      await reach([...onOpen], opened);
      for (const id of opened) {
        if (login.has(id) || guest.has(id) || later.has(id)) continue;
        if (!early.has(id)) signedIn.opened.add(id);
        else if (signedIn.pages.has(id)) signedIn.drawnAndOpened.add(id);
      }
    },
  };
}
