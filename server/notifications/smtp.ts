import 'server-only';
import nodemailer from 'nodemailer';
import type { MailTransport } from './deliver';

/** Real delivery over SMTP (SMTP_URL, e.g. smtps://user:pass@mail.example.cz:465). */
export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    async send(message) {
      await transporter.sendMail(message);
    },
  };
}
