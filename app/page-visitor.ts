import 'server-only';
import { cookies, headers } from 'next/headers';
import { HEADER_VISITOR_ADDRESS } from '@/lib/rpc/headers';
import { PASS_COOKIE } from '@/lib/visitor-pass-cookie';
import type { PageVisitor } from '@/server/rpc/page-api';


/**
 * Who a page is rendered for: the address the site's edge resolved (it overwrites whatever the
 * client sent under that header) and the visitor's pass, if a step-up gave them one. Reading
 * them makes the page render per request, which every page that calls the API does anyway.
 */
export async function pageVisitor(): Promise<PageVisitor> {
  const [headerList, cookieJar] = await Promise.all([headers(), cookies()]);
  return { address: headerList.get(HEADER_VISITOR_ADDRESS) ?? undefined, pass: cookieJar.get(PASS_COOKIE)?.value };
}
