import type { AddressInput, OrderForm, PersonInput } from '@/lib/forms/order-form';
import type { AddressRecord, CustomerRecord, PersonRecord } from '../db/schema/orders';

export function addressRecord(address: AddressInput): AddressRecord {
  return {
    streetAddress: address.street,
    city: address.city,
    country: address.country,
    postalCode: address.postalCode,
    ...(address.companyId ? { companyId: address.companyId } : {}),
    ...(address.companyTaxId ? { companyTaxId: address.companyTaxId } : {}),
  };
}

export function customerRecord(form: Omit<OrderForm, 'noteForHotel'>): CustomerRecord {
  return {
    firstName: form.firstName,
    lastName: form.lastName,
    email: form.email,
    mobile: form.mobile,
    contactAddress: addressRecord(form.contactAddress),
    ...(form.billingAddress ? { billingAddress: addressRecord(form.billingAddress) } : {}),
    marketingConsent: form.agreeMp,
  };
}

/** A person only when one was named (an empty gift or guest block means "nobody"). */
export function personRecord(person: PersonInput | undefined): PersonRecord | undefined {
  if (!person?.firstName || !person.lastName || !person.email) return undefined;
  return {
    firstName: person.firstName,
    lastName: person.lastName,
    email: person.email,
    ...(person.mobile ? { mobile: person.mobile } : {}),
  };
}
