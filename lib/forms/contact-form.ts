import { z } from 'zod';
import { email } from './order-form';

/** One line, no control characters: the subject becomes a mail header. */
const line = (max: number) =>
  z
    .string()
    .trim()
    .min(1, 'required')
    .max(max, 'tooLong')
    .refine((value) => !/[\r\n\u0000-\u001f]/.test(value), 'singleLine');

/** The contact form, shared by the page and the ContactSend call. */
export const contactFormSchema = z.object({
  fullName: line(200),
  email,
  subject: line(200),
  message: z.string().trim().min(1, 'required').max(5000, 'tooLong'),
  /** The honeypot: people never see it, so it stays empty. */
  website: z.string().max(200).optional(),
});
export type ContactForm = z.output<typeof contactFormSchema>;
