import { Link } from '@/lib/i18n/navigation';
import type { Partner } from '@/lib/route-params';
import styles from './provider-list.module.css';

/** Benefit providers as links to their partner pages (names only: we ship no provider logos). */
export function ProviderList({ providers, labelOf }: { providers: { partner: Partner; name: string }[]; labelOf: (name: string) => string }) {
  return (
    <ul className={styles.list}>
      {providers.map(({ partner, name }) => (
        <li key={partner}>
          <Link href={{ pathname: '/partner/[partner]', params: { partner } }} className={styles.item} aria-label={labelOf(name)}>
            {name}
          </Link>
        </li>
      ))}
    </ul>
  );
}
