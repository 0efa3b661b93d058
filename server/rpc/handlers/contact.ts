import type { HandlerContext } from '@connectrpc/connect';
import type { ContactSendRequest } from '@/gen/dzb/v1/contact_pb';
import { type ContactPorts, sendContactMessage } from '../../use-cases/contact';
import { callerOf, callSiteOf } from '../call-context';

/** ContactSend: the form as the shared schema reads it → sendContactMessage. */
export function contactSendHandler(ports: ContactPorts) {
  return async (request: ContactSendRequest, context: HandlerContext) => {
    const form = { fullName: request.fullName, email: request.email, subject: request.subject, message: request.message, website: request.website };
    await sendContactMessage(ports, callSiteOf(context.values), callerOf(context), form);
    return {};
  };
}
