import { z } from 'zod';
import { orderFormSchema, personSchema } from './order-form';

/**
 * The hotel order form: the orderer (the order form, with the note for the hotel) and who stays:
 * the orderer, or someone else whose name and e-mail are then required (the hotel gets the name,
 * Booking.com the e-mail for the guest's messages).
 */
export const hotelFormSchema = z
  .object({
    order: orderFormSchema,
    stayingGuest: z.enum(['orderer', 'someoneElse']).default('orderer'),
    guest: personSchema.optional(),
  })
  .superRefine(
    (form, ctx) => {
      if (form?.stayingGuest !== 'someoneElse') return;
      for (const field of ['firstName', 'lastName', 'email'] as const) {
        if (!form.guest?.[field]) ctx.addIssue({ code: 'custom', path: ['guest', field], message: 'required' });
      }
    },
    // Also while the orderer's part is still invalid, so the visitor sees every missing field at once.
    { when: () => true },
  );

export type HotelFormInput = z.input<typeof hotelFormSchema>;
export type HotelForm = z.output<typeof hotelFormSchema>;
