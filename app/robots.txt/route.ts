import { handleRobots } from '@/server/content/robots';
import { appConfig } from '@/server/runtime';

export function GET(request: Request) {
  return handleRobots(request, appConfig());
}
