import 'server-only';
import type { HandlerContext } from '@connectrpc/connect';
import type { ContactSendRequest } from '@/gen/dzb/v1/contact_pb';
import { contactFormSchema } from '@/lib/forms/contact-form';
import { sendContactMessage } from '../../contact/send';
import { DomainError } from '../../errors';
import type { Services } from '../../services';
import { callerOf, callSiteOf } from '../call-context';

/** The contact form: validated with the page's own schema, stored, and mailed to support. */
export function contactSendHandler(services: Services) {
  return async (request: ContactSendRequest, context: HandlerContext) => {
    const form = contactFormSchema.safeParse({
      fullName: request.fullName,
      email: request.email,
      subject: request.subject,
      message: request.message,
      website: request.website,
    });
    if (!form.success) throw new DomainError('invalid_request');
    await sendContactMessage(services, callSiteOf(context.values), callerOf(context).address, form.data);
    return {};
  };
}
