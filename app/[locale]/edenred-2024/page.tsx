import { comingSoonPage } from '@/components/layout/coming-soon-page';

const page = comingSoonPage('edenred2024');
export const generateMetadata = page.generateMetadata;
export default page.Page;
