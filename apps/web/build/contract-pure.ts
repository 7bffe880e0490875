import { type Plugin, parseAst } from 'vite';

/** The contract's modules (not its tests), except the one imported for its effect (zod's messages). */
const CONTRACT_FILE = /[\\/]packages[\\/]contract[\\/]src[\\/](?!zod-config\.ts$)(?!.*\.test\.ts$).*\.ts$/;

type Node = { type: string; start: number; end: number; [key: string]: unknown };
const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

/** Code that runs later, not when the module loads: left alone. */
const DEFERRED = new Set(['FunctionExpression', 'ArrowFunctionExpression', 'FunctionDeclaration', 'ClassExpression']);

/** Whether evaluating the expression calls anything (a function's body runs later: not counted). */
function calls(node: Node): boolean {
  if (DEFERRED.has(node.type)) return false;
  if (node.type === 'CallExpression' || node.type === 'NewExpression' || node.type === 'TaggedTemplateExpression')
    return true;
  for (const [key, value] of Object.entries(node)) {
    if (key === 'type' || key === 'start' || key === 'end') continue;
    if (Array.isArray(value) ? value.some((item) => isNode(item) && calls(item)) : isNode(value) && calls(value))
      return true;
  }
  return false;
}

/**
 * The contract's schemas, built when its modules load, marked as removable where unused in the browser.
 *
 * A contract module builds its zod schemas at load time beside its plain constants and helpers
 * (`export const roleSchema = z.enum(ROLES)` beside ROLES and isEmployeeRole, `errorEnvelopeSchema` beside
 * ERROR_CODES). The bundler cannot tell that building a schema has no effect, so a page that used one
 * constant of such a module carried all its schemas and zod with them: on the first visit of /login, enums.ts
 * and envelope.ts (through lib/api.ts and the guards) brought zod's 19 KB gzip. Here each top-level `const`
 * of a contract module whose value is computed is computed in a function called once, marked pure
 * (`const x = /* @__PURE__ *\/ (() => (z.enum(ROLES)))()`): a value nobody uses goes, and zod with it when
 * none is used. Annotating the calls themselves was not enough: of a removed call the bundler keeps its
 * arguments' possible effects (`{ ...productFields }`, `MESSAGES.x`), and with them the schemas they name.
 * Such an initializer only builds a value: a schema, a table, a helper's result. A chain may also record
 * metadata for the OpenAPI document (`.meta()`), which only the server reads; statements that are not
 * declarations (zod-config.ts's `z.config`) are kept as they are.
 */
export function contractPure(): Plugin {
  return {
    name: 'oja-contract-pure',
    apply: 'build',
    transform(code, id) {
      if (!CONTRACT_FILE.test(id.replace(/\?.*$/, ''))) return;
      const program = parseAst(code, { lang: 'ts' }) as unknown as { body: Node[] };
      const initializers: Node[] = [];
      for (const statement of program.body) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
        if (!isNode(declaration) || declaration.type !== 'VariableDeclaration' || declaration.kind !== 'const')
          continue;
        for (const { init } of declaration.declarations as Node[])
          if (isNode(init) && calls(init)) initializers.push(init);
      }
      if (initializers.length === 0) return;
      // From the end, so that the offsets still to come stay right.
      let annotated = code;
      for (const { start, end } of initializers.sort((a, b) => b.start - a.start)) {
        annotated = `${annotated.slice(0, start)}/* @__PURE__ */ (() => (${annotated.slice(start, end)}))()${annotated.slice(end)}`;
      }
      // Inserted within lines: the lines of a source map stay right (columns shift a little).
      return { code: annotated, map: null };
    },
  };
}
