import { once } from 'node:events';
import { createServer, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from './mail';

/** Just enough of SMTP for one client to hand over its mails; each message's DATA is kept. */
function fakeSmtpServer() {
  const received: string[] = [];
  const server = createServer((socket: Socket) => {
    let buffer = '';
    let inData = false;
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          received.push(buffer.slice(0, end));
          buffer = buffer.slice(end + 5);
          inData = false;
          socket.write('250 queued\r\n');
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline < 0) return;
        const command = buffer.slice(0, newline).toUpperCase();
        buffer = buffer.slice(newline + 2);
        if (command.startsWith('EHLO') || command.startsWith('HELO')) socket.write('250 fake\r\n');
        else if (command.startsWith('DATA')) {
          inData = true;
          socket.write('354 go on\r\n');
        } else if (command.startsWith('QUIT')) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  return { server, received };
}

describe('createMailer with SMTP_URL', () => {
  const smtp = fakeSmtpServer();
  let port = 0;
  beforeAll(async () => {
    smtp.server.listen(0, '127.0.0.1');
    await once(smtp.server, 'listening');
    port = (smtp.server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((done) => smtp.server.close(() => done())));

  it('sends each mail through the SMTP server, nodemailer loaded on the first', async () => {
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'Oja <no-reply@oja.test>',
      log: { info: () => {} },
    });
    await mailer.send({ to: 'ada@example.com', subject: 'Your code', text: 'Your code is 123456.' });
    await mailer.send({ to: 'bola@example.com', subject: 'Again', text: 'Second mail.' });
    expect(smtp.received).toHaveLength(2);
    expect(smtp.received[0]).toContain('To: ada@example.com');
    expect(smtp.received[0]).toContain('Subject: Your code');
    expect(smtp.received[0]).toContain('Your code is 123456.');
    expect(smtp.received[1]).toContain('To: bola@example.com');
  });

  it('prints the mail to the log when there is no SMTP_URL', async () => {
    const lines: string[] = [];
    const mailer = createMailer({ smtpUrl: undefined, from: 'x', log: { info: (_obj, msg) => lines.push(msg) } });
    await mailer.send({ to: 'ada@example.com', subject: 'Your code', text: 'Your code is 654321.' });
    expect(lines).toEqual([expect.stringContaining('Your code is 654321.')]);
  });
});
