import { ErrorNotice } from '@/components/layout/error-notice';

export default function NotFound() {
  return <ErrorNotice kind="notFound" />;
}
