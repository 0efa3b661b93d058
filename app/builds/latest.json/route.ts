import { BUILD_INFO } from '@/lib/build-info';

/** The build this server runs; open tabs compare it with their own (components/monitoring). */
export function GET() {
  return Response.json(
    { id: BUILD_INFO.id, version: BUILD_INFO.version, builtAt: BUILD_INFO.time },
    { headers: { 'cache-control': 'no-store' } },
  );
}

export const dynamic = 'force-dynamic';
