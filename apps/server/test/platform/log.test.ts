import { PassThrough, pipeline, Readable, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { CLIENT_WENT_AWAY, createLogger } from '../../src/platform/log';

/** The server's logger writing into an array of parsed lines. */
function capturedLogger() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { log: createLogger('info', destination), lines };
}

/** A stream piped into another that closes before the end: the error that Node's pipeline reports. */
function prematureClose(): Promise<Error> {
  return new Promise((resolve) => {
    const source = new Readable({ read() {} });
    const sink = new PassThrough();
    pipeline(source, sink, (error) => resolve(error as Error));
    source.push('part of an answer');
    sink.destroy();
  });
}

describe('the server log', () => {
  it('logs a stream closed by the client at info, with the request it belongs to', async () => {
    const { log, lines } = capturedLogger();
    const request = log.child({ request_id: 'r-1' });
    // end-of-stream's own error (through pump in @fastify/compress), and Node's.
    request.error(new Error('premature close'));
    request.error(await prematureClose());
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(line).toMatchObject({ level: 30, msg: CLIENT_WENT_AWAY, request_id: 'r-1' });
    }
    expect(lines[1]).toMatchObject({ err: { code: 'ERR_STREAM_PREMATURE_CLOSE' } });
  });

  it('keeps every other error at the error level, as it was given', async () => {
    const { log, lines } = capturedLogger();
    log.error(new Error('the database went away'));
    log.error({ err: new Error('premature close') }, 'stopping failed');
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines).toEqual([
      expect.objectContaining({ level: 50, msg: 'the database went away' }),
      expect.objectContaining({ level: 50, msg: 'stopping failed' }),
    ]);
  });

  it('leaves the credentials out', async () => {
    const { log, lines } = capturedLogger();
    log.info({ req: { headers: { authorization: 'Bearer secret', cookie: 'access=secret' } } }, 'a request');
    await new Promise((resolve) => setImmediate(resolve));
    expect(JSON.stringify(lines)).not.toContain('secret');
  });
});
