/**
 * A raw statement's values as drizzle's columns would read them. A raw statement (db.execute, builtOnceSql) gets
 * node-postgres's text of a bigint and of a timestamptz (drizzle's session keeps timestamps as text), where a
 * column of the schema maps them to a number (bigint mode 'number') and to a Date (new Date of the text).
 */
export const numberOrNull = (value: string | null): number | null => (value === null ? null : Number(value));

export const dateOrNull = (value: string | null): Date | null => (value === null ? null : new Date(value));
