import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

const JSON_SCHEMA_FILE = /[\\/]node_modules[\\/]zod[\\/]v4[\\/]core[\\/](to-json-schema|json-schema-processors)\.js$/;
/** The two that zod's classic schemas call when they are built (`~standard.jsonSchema`): they return a method. */
const METHOD_FACTORIES = new Set(['createToJSONSchemaMethod', 'createStandardJSONSchemaMethod']);

/**
 * zod's JSON Schema generator, left out of the browser's build.
 *
 * Every classic zod schema (the contract's, which the forms validate with) references the JSON Schema
 * processors, so they were bundled with zod on the first visit of /login (~6 KB gzip), though only the
 * server's OpenAPI document uses them. Here the two modules keep their exports (read from the installed
 * files, so an upgrade of zod that adds one still builds), each one failing if it is ever called in the
 * browser; validation does not call them.
 */
export function zodWithoutJsonSchema(): Plugin {
  return {
    name: 'oja-zod-without-json-schema',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      if (!JSON_SCHEMA_FILE.test(id)) return;
      const source = readFileSync(id.replace(/\?.*$/, ''), 'utf8');
      const names = new Set<string>();
      for (const [, name] of source.matchAll(/^export (?:function|const|let) (\w+)/gm)) if (name) names.add(name);
      for (const [, list] of source.matchAll(/^export \{([^}]*)\}/gm))
        for (const part of list?.split(',') ?? [])
          names.add(
            part
              .trim()
              .split(/\s+as\s+/)
              .at(-1) ?? '',
          );
      names.delete('');
      const lines = ['const unavailable = () => { throw new Error("JSON Schema is not part of the web build."); };'];
      for (const name of names) {
        if (name === 'allProcessors') lines.push(`export const ${name} = {};`);
        else if (METHOD_FACTORIES.has(name)) lines.push(`export const ${name} = () => unavailable;`);
        else lines.push(`export const ${name} = unavailable;`);
      }
      return lines.join('\n');
    },
  };
}
