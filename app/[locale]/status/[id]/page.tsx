import { comingSoonPage } from '@/components/layout/coming-soon-page';
import { isUuid } from '@/lib/route-params';

const page = comingSoonPage('status', (params) => isUuid(params.id));
export const generateMetadata = page.generateMetadata;
export default page.Page;
