import { comingSoonPage } from '@/components/layout/coming-soon-page';
import { isUuid } from '@/lib/route-params';

const page = comingSoonPage('orderAccommodation', (params) => isUuid(params.orderId));
export const generateMetadata = page.generateMetadata;
export default page.Page;
