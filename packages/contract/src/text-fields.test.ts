import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ALL_ENDPOINTS } from './endpoints';
import { MESSAGES } from './messages';
import { importRowSchema } from './product-import';

/**
 * Every text the API takes, in every endpoint's input and headers, is built on ids.ts's text(): a name, a note,
 * a search or a header that holds a control character or a bidirectional override (which makes "Ada" show where
 * "adA" is stored, on a receipt or in a team list) answers 400 "invalid text". Walked from the endpoint table,
 * so a new endpoint's fields are held to it without a line here.
 */
type Def = { type: string; [key: string]: unknown };
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional']);

/** Whether a value schema takes text somewhere (a string, or a pipe or union that starts from one). */
function takesText(schema: z.ZodType): boolean {
  const def = defOf(schema);
  if (def.type === 'string') return true;
  if (WRAPPERS.has(def.type)) return takesText(def.innerType as z.ZodType);
  if (def.type === 'pipe') return takesText(def.in as z.ZodType);
  if (def.type === 'union') return (def.options as z.ZodType[]).some(takesText);
  return false;
}

/** Each field of the input that takes text, by its path, with its schema. */
function textFields(schema: z.ZodType, path: string, found: [string, z.ZodType][]): [string, z.ZodType][] {
  const def = defOf(schema);
  if (WRAPPERS.has(def.type)) return textFields(def.innerType as z.ZodType, path, found);
  if (def.type === 'object') {
    for (const [key, field] of Object.entries(def.shape as Record<string, z.ZodType>)) {
      textFields(field, path ? `${path}.${key}` : key, found);
    }
  } else if (def.type === 'array') {
    textFields(def.element as z.ZodType, `${path}[]`, found);
  } else if (def.type === 'union' && (def.options as z.ZodType[]).some((option) => defOf(option).type === 'object')) {
    for (const option of def.options as z.ZodType[]) textFields(option, path, found);
  } else if (takesText(schema)) {
    found.push([path, schema]);
  }
  return found;
}

const codeOf = (mark: string) => mark.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');

const MARKS = [
  '\u0000',
  '\u0007',
  '\u202A',
  '\u202B',
  '\u202C',
  '\u202D',
  '\u202E',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
];

describe('every text field of every endpoint', () => {
  const fields = ALL_ENDPOINTS.flatMap((entry) =>
    [entry.input, entry.headers]
      .filter((schema): schema is z.ZodType => schema !== undefined)
      .flatMap((schema) => textFields(schema, '', []))
      .map(([path, schema]) => ({ where: `${entry.method} ${entry.path} ${path}`, schema })),
  );

  it('is found: names, notes and searches among them', () => {
    const where = fields.map((field) => field.where).join('\n');
    expect(where).toMatch(/ first_name$/m);
    expect(where).toMatch(/ product_name$/m);
    expect(where).toMatch(/ customer_name$/m);
    expect(where).toMatch(/ search$/m);
  });

  it('refuses control characters and bidirectional overrides', () => {
    const accepted: string[] = [];
    for (const { where, schema } of fields) {
      for (const mark of MARKS) {
        if (schema.safeParse(`Ada${mark}nimda`).success) accepted.push(`${where} took U+${codeOf(mark)}`);
      }
    }
    expect(accepted).toEqual([]);
  });

  it('says why in words where the field takes any text (a name, a note, a search)', () => {
    const named = fields.filter(({ schema }) => schema.safeParse('Ada Obi').success);
    expect(named.length).toBeGreaterThan(20);
    const unsaid = named
      .filter(({ schema }) => {
        const parsed = schema.safeParse('Ada\u202Enimda');
        return (
          parsed.success || !parsed.error.issues.some((issue) => issue.message === MESSAGES.validation.invalidText)
        );
      })
      .map(({ where }) => where);
    expect(unsaid).toEqual([]);
  });

  it("holds a spreadsheet row's product name, read from a file rather than a field, to the same rule", () => {
    const row = importRowSchema.shape.product_name;
    expect(row.safeParse('Rice 5kg').success).toBe(true);
    expect(row.safeParse('Rice \u202Egk5').success).toBe(false);
  });
});
