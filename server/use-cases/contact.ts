import 'server-only';
import { contactFormSchema } from '@/lib/forms/contact-form';
import { isFromBot, recordContactMessage } from '../contact/send';
import type { Caller } from '../security/caller';
import type { Services } from '../services';
import type { Site } from '../site';
import { checkedForm } from './checked-form';

export type ContactPorts = Pick<Services, 'budgets' | 'clock' | 'config' | 'db' | 'jobs'>;

/**
 * ContactSend: the contact form checked with the page's own schema, stored and mailed to support
 * (server/contact/send.ts). A bot's message is accepted and dropped before it costs anything, so
 * the bot learns nothing; any other costs the caller a unit of contactMessages.
 */
export async function sendContactMessage(ports: ContactPorts, site: Site, caller: Caller, input: unknown): Promise<void> {
  const form = checkedForm(contactFormSchema, input);
  if (isFromBot(form)) return;
  await ports.budgets.spend('contactMessages', caller);
  await recordContactMessage(ports, site, caller.address ?? 'unknown', form);
}
