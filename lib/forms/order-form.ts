import { z } from 'zod';
import { COUNTRIES } from './countries';

/**
 * The order form (spec section 5), one schema for the browser form and the server: the browser
 * shows each message key through `form.errors.<key>`, the server answers invalid_request.
 */

/** Optional +, a 2–3 digit country code, then three groups of three digits (spaces optional). */
export const PHONE = /^\+?\d{2,3} ?\d{3} ?\d{3} ?\d{3}$/;
/** The usual local part, @, a domain with at least one dot and a suffix of two or more letters. */
export const EMAIL = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

const text = (max: number) => z.string().trim().min(1, 'required').max(max, 'tooLong');
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, 'tooLong')
    .optional()
    .transform((value) => (value ? value : undefined));

export const email = z.string().trim().min(1, 'required').max(254, 'tooLong').regex(EMAIL, 'email');
export const phone = z.string().trim().min(1, 'required').regex(PHONE, 'phone');

export const addressSchema = z.object({
  street: text(150),
  city: text(100),
  postalCode: z.string().trim().min(1, 'required').max(12, 'tooLong').regex(/^[A-Za-z0-9 -]+$/, 'postalCode'),
  country: z.enum(COUNTRIES, 'required'),
  companyId: optionalText(20),
  companyTaxId: optionalText(20),
});
export type AddressInput = z.output<typeof addressSchema>;

/**
 * Someone else than the orderer: the main guest of a stay booked for someone else, or a gift's
 * recipient. Once a name is entered, the e-mail is required too (spec section 5).
 */
/**
 * Another person's details: all optional, but a name comes whole. `emailWithName`: a named
 * person must have an e-mail (a hotel guest, whom the hotel may write to); a gift recipient is
 * never contacted, so theirs stays optional.
 */
function personWith({ emailWithName }: { emailWithName: boolean }) {
  return z
    .object({
      firstName: optionalText(100),
      lastName: optionalText(100),
      email: z.string().trim().max(254, 'tooLong').optional(),
      mobile: z.string().trim().optional(),
    })
    .superRefine((person, ctx) => {
      const named = Boolean(person.firstName || person.lastName);
      if (emailWithName && named && !person.email) ctx.addIssue({ code: 'custom', path: ['email'], message: 'emailWithName' });
      if (person.email && !EMAIL.test(person.email)) ctx.addIssue({ code: 'custom', path: ['email'], message: 'email' });
      if (person.mobile && !PHONE.test(person.mobile)) ctx.addIssue({ code: 'custom', path: ['mobile'], message: 'phone' });
      if (named && (!person.firstName || !person.lastName)) {
        ctx.addIssue({ code: 'custom', path: [person.firstName ? 'lastName' : 'firstName'], message: 'required' });
      }
    });
}

export const personSchema = personWith({ emailWithName: true });
export const giftRecipientSchema = personWith({ emailWithName: false });
export type PersonInput = z.output<typeof personSchema>;

export const orderFormSchema = z.object({
  firstName: text(100),
  lastName: text(100),
  email,
  mobile: phone,
  contactAddress: addressSchema,
  billingAddress: addressSchema.optional(),
  agreeCp: z.literal(true, 'agree'),
  agreeTac: z.literal(true, 'agree'),
  agreeMp: z.boolean().default(false),
  noteForHotel: optionalText(1000),
});
export type OrderFormInput = z.input<typeof orderFormSchema>;
export type OrderForm = z.output<typeof orderFormSchema>;

/** The message keys this schema can produce, for the translations test. */
export const ORDER_FORM_ERRORS = ['required', 'tooLong', 'email', 'phone', 'postalCode', 'agree', 'emailWithName'] as const;
