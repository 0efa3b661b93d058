import type { HandlerContext } from '@connectrpc/connect';
import { grantVisitorPass, type VisitorPassPorts } from '../../use-cases/visitor-pass';
import { callerOf } from '../call-context';

/** VisitorPass: the proof the call brings → a pass, set as a cookie on the answer. */
export function visitorPassHandler(ports: VisitorPassPorts) {
  return async (_request: unknown, context: HandlerContext) => {
    await grantVisitorPass(ports, callerOf(context));
    return {};
  };
}
