import { z } from 'zod';
import type { CoreConfig } from './core';
import { optional } from './env';

export const mailSchema = z.object({
  SMTP_URL: optional(z.url({ protocol: /^smtps?$/ })),
  MAIL_FROM: z.string().min(3).default('Dovolená za benefity <no-reply@dovolena-za-benefity.cz>'),
  MAIL_OPERATOR_TO: optional(z.email()),
});

export interface MailConfig {
  /** smtp(s)://user:pass@host:port; never in sandbox mode (the composition root sends to the sandbox mail server). */
  smtpUrl: string | undefined;
  from: string;
  /** Where contact-form messages go; defaults to each site's support address. */
  operatorTo: string | undefined;
}

export function resolveMail(env: z.output<typeof mailSchema>, core: CoreConfig): MailConfig {
  return { smtpUrl: core.sandbox ? undefined : env.SMTP_URL, from: env.MAIL_FROM, operatorTo: env.MAIL_OPERATOR_TO };
}
