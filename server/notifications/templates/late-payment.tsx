import { Closing, Greeting } from './parts';
import type { EmailContext } from './render';

/** To the customer: money arrived for a payment the order had already given up, and goes back. */
export function latePaymentReturned(context: EmailContext, facts: { number: string; firstName: string; amount: string; orderUrl: string }) {
  return {
    subject: context.t('latePayment.subject'),
    body: (
      <>
        <Greeting context={context} name={facts.firstName} />
        <p>{context.t('latePayment.text', { number: facts.number, amount: facts.amount })}</p>
        <Closing context={context} orderUrl={facts.orderUrl} />
      </>
    ),
  };
}
