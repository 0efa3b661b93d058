import type { Operator } from '../operators/roles';
import { CONSOLE_HEADERS, type PageContext } from './shell';

/** One request to the console, as its routes see it. */
export interface ConsoleRequest {
  request: Request;
  url: URL;
  context: PageContext;
  /** The operator signed in, if any. */
  operator: Operator | undefined;
  /** The session cookie's token, if one came. */
  token: string | undefined;
  /** The caller's address, for budgets and the log. */
  client: string;
}

export const redirect = (location: string, cookie?: string) =>
  new Response(null, { status: 303, headers: { ...CONSOLE_HEADERS, location, ...(cookie ? { 'set-cookie': cookie } : {}) } });
