export type Mail = { to: string; subject: string; text: string };
export type Mailer = { send(mail: Mail): Promise<void> };

type Logger = { info(obj: object, msg: string): void };

/**
 * With SMTP_URL, mail goes out through nodemailer. Without it every mail is
 * printed to the server log, so a person running Oja locally can read their code.
 */
export function createMailer(options: { smtpUrl: string | undefined; from: string; log: Logger }): Mailer {
  const { smtpUrl, from, log } = options;
  if (!smtpUrl) {
    return {
      async send(mail) {
        log.info({ mail: { to: mail.to, subject: mail.subject } }, `Mail (not sent, no SMTP_URL):\n${mail.text}`);
      },
    };
  }
  // nodemailer is loaded with the first mail, not at start: it is 3 MB of the heap of a server that mails
  // a few codes a day (and none without SMTP_URL), against a 150 MB target for the whole process.
  let transport: Promise<ReturnType<typeof import('nodemailer').createTransport>> | undefined;
  return {
    async send(mail) {
      transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl));
      await (await transport).sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
    },
  };
}

/** For tests: keeps every mail in memory. */
export function createMemoryMailer(): Mailer & { outbox: Mail[]; lastTo(to: string): Mail | undefined } {
  const outbox: Mail[] = [];
  return {
    outbox,
    async send(mail) {
      outbox.push(mail);
    },
    lastTo(to) {
      return outbox.findLast((mail) => mail.to === to);
    },
  };
}
