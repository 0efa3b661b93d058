import { comingSoonPage } from '@/components/layout/coming-soon-page';

const page = comingSoonPage('order');
export const generateMetadata = page.generateMetadata;
export default page.Page;
