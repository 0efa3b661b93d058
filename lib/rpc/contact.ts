import type { ContactForm } from '../forms/contact-form';
import type { Locale } from '../variants';
import { apiClient } from './browser-client';
import { productVariantOf } from './product-variant';

/** Sends the contact form; one key per submission, so a repeated click sends it once. */
export async function sendContactForm(locale: Locale, form: ContactForm, submissionKey: string): Promise<void> {
  await apiClient().contactSend(
    { productVariant: productVariantOf(locale), ...form, website: form.website ?? '' },
    { headers: { 'Idempotency-Key': submissionKey } },
  );
}
