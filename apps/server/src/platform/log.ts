import pino, { type DestinationStream, type Logger } from 'pino';

/** What a stream says when it closed before its end: end-of-stream's message (pump), and Node's own code. */
function isPrematureClose(value: unknown): value is Error {
  return (
    value instanceof Error &&
    (value.message === 'premature close' || (value as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE')
  );
}

/** pino's error level (and fatal above it). */
const ERROR_LEVEL = 50;

/** Logged instead of a premature close's error. */
export const CLIENT_WENT_AWAY = 'the client closed the connection before the answer was complete';

/**
 * The server's logger: pino, with the credentials left out of what it writes.
 *
 * A phone that loses its signal, or a page left while it loads, closes the connection while an answer is
 * still streamed, and @fastify/compress then logs its stream's "premature close" as an error (three in one
 * run of the e2e tests). On a mobile network that is routine, not a failure of the server, and at the error
 * level it would bury the real ones: it is logged at info, with the request's id, as what it is.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      hooks: {
        logMethod(args, method, level) {
          const [first] = args;
          if (level >= ERROR_LEVEL && isPrematureClose(first)) {
            this.info({ err: first }, CLIENT_WENT_AWAY);
            return;
          }
          method.apply(this, args);
        },
      },
    },
    destination,
  );
}
