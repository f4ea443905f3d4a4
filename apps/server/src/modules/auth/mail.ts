import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../../config.js';

export interface Mailer {
  /** Sends in the background: no answer waits for the mail server, so none tells by its timing what was sent. */
  send(to: string, subject: string, text: string): void;
}

/** The SMTP_URL transport, or null when none is configured. */
export function openMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom'>, log: FastifyBaseLogger): Mailer | null {
  if (!config.smtpUrl) return null;
  const transport = nodemailer.createTransport(config.smtpUrl);
  return {
    send(to, subject, text) {
      transport.sendMail({ from: config.mailFrom, to, subject, text }).catch((err: unknown) => log.error({ err }, 'could not send e-mail'));
    },
  };
}
