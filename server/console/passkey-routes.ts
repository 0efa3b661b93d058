import 'server-only';
import { inTransaction } from '../db/transaction';
import { audit } from '../operators/audit';
import { ConsoleRefusal, enrolmentOptions, finishEnrolment, finishSignIn, type RefusalReason, type SignedIn, signInOptions } from '../operators/passkeys';
import { endSession } from '../operators/sessions';
import { spend } from '../security/rate-limit';
import type { Services } from '../services';
import { clearedSessionCookie, sessionCookie } from './cookie';
import { type ConsoleRequest, redirect } from './request';
import { consoleJson } from './shell';

/** Sign-in, enrolment and sign-out: the JSON the passkey script exchanges, and the sign-out form. */
export async function passkeyRoute(services: Services, call: ConsoleRequest): Promise<Response | undefined> {
  const { request, client, token } = call;
  const { origin } = services.config.console;
  const signedIn = (signed: SignedIn) =>
    consoleJson({ operator: signed.operator.email }, 200, {
      'set-cookie': sessionCookie(origin, services.config.appEnv, signed.session.token, signed.session.expiresAt, services.clock.now()),
    });
  switch (`${request.method} ${call.url.pathname}`) {
    case 'POST /console/passkeys/sign-in/options':
      await spend(services, 'consoleSignIns', client);
      return consoleJson(await signInOptions(services));
    case 'POST /console/passkeys/sign-in': {
      const body = await jsonBody(request, 'sign_in_failed');
      return signedIn(await finishSignIn(services, body.response as never, client));
    }
    case 'POST /console/passkeys/enrol/options': {
      await spend(services, 'consoleSignIns', client);
      const body = await jsonBody(request, 'enrolment_invalid');
      return consoleJson(await enrolmentOptions(services, String(body.token ?? '')));
    }
    case 'POST /console/passkeys/enrol': {
      const body = await jsonBody(request, 'enrolment_failed');
      return signedIn(await finishEnrolment(services, String(body.token ?? ''), body.response as never, client));
    }
    case 'POST /console/sign-out':
      if (token) {
        const { db } = await services.db();
        await inTransaction(db, async (tx) => {
          const whose = await endSession(services, tx, token);
          if (whose) await audit(services, tx, { operatorId: whose, action: 'signed-out' });
        });
      }
      return redirect('/console/sign-in?signed-out', clearedSessionCookie(origin, services.config.appEnv));
    default:
      return undefined;
  }
}

/** A JSON object body, or the refusal the page shows. */
async function jsonBody(request: Request, reason: RefusalReason): Promise<Record<string, unknown>> {
  const body: unknown = await request.json().catch(() => undefined);
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new ConsoleRefusal(reason, 'the body is not a JSON object');
  return body as Record<string, unknown>;
}
