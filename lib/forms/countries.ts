/** The countries of a contact address (spec section 5); apart from the schema, so that a form's fields need no zod. */
export const COUNTRIES = ['CZ', 'SK', 'PL', 'DE'] as const;
export type Country = (typeof COUNTRIES)[number];
