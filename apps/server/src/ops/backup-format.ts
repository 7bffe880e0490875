import type { Readable } from 'node:stream';

/**
 * An Oja backup is one gzip'd file:
 *   line 1        the header (JSON): format, schema version (the applied migrations), the tables and
 *                 their columns in load order, and the sequences' positions;
 *   per table     its rows as COPY text, then a line holding only `\.` (COPY's own end-of-data marker:
 *                 a row never starts with it, since COPY writes a backslash in data as `\\`);
 *   last line     the trailer (JSON): every table's row count, so that a cut-off file is refused.
 */
export const BACKUP_FORMAT = 'oja-backup';
export const BACKUP_VERSION = 1;
export const END_OF_DATA = Buffer.from('\\.\n');

export type BackupTable = { schema: string; name: string; columns: string[] };

export type BackupHeader = {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  createdAt: string;
  serverVersion: string;
  /** drizzle's record of the applied migrations, oldest first: the schema version of the data. */
  migrations: { hash: string; createdAt: string }[];
  tables: BackupTable[];
  sequences: { schema: string; name: string; lastValue: string | null }[];
};

export type BackupTrailer = { end: true; rows: Record<string, number> };

export const qualified = (table: { schema: string; name: string }) => `${table.schema}.${table.name}`;

/** Reads a stream line by line, or a COPY section at a time, without holding more than a chunk. */
export class BackupReader {
  private buffer: Buffer = Buffer.alloc(0);
  private readonly chunks: AsyncIterator<Buffer>;

  constructor(stream: Readable) {
    this.chunks = stream[Symbol.asyncIterator]();
  }

  private async more(): Promise<boolean> {
    const next = await this.chunks.next();
    if (next.done) return false;
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, next.value]) : next.value;
    return true;
  }

  async line(): Promise<string> {
    for (;;) {
      const end = this.buffer.indexOf(10);
      if (end >= 0) {
        const line = this.buffer.subarray(0, end).toString('utf8');
        this.buffer = this.buffer.subarray(end + 1);
        return line;
      }
      if (!(await this.more())) throw new Error('The backup file ends too early: it is incomplete.');
    }
  }

  /** Hands the rows of one table, up to its end-of-data line, to `write` in whole lines. */
  async section(write: (rows: Buffer) => Promise<void>): Promise<void> {
    for (;;) {
      if (this.buffer.length >= END_OF_DATA.length && this.buffer.subarray(0, 3).equals(END_OF_DATA)) {
        this.buffer = this.buffer.subarray(END_OF_DATA.length);
        return;
      }
      const end = this.buffer.indexOf('\n\\.\n');
      if (end >= 0) {
        await write(this.buffer.subarray(0, end + 1));
        this.buffer = this.buffer.subarray(end + 1 + END_OF_DATA.length);
        return;
      }
      // Whole lines go now; the last, partial one may be the start of the end-of-data line.
      const lastLine = this.buffer.lastIndexOf(10);
      if (lastLine >= 0) {
        await write(this.buffer.subarray(0, lastLine + 1));
        this.buffer = this.buffer.subarray(lastLine + 1);
      }
      if (!(await this.more())) throw new Error('The backup file ends too early: it is incomplete.');
    }
  }
}
