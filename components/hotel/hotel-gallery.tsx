'use client';

import Image from 'next/image';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { PhotoView } from '@/lib/rpc/hotel-search';
import styles from './hotel-gallery.module.css';

/**
 * The hotel's photos: the chosen one large, every photo as a thumbnail button below it. Photos
 * go through next/image unoptimised: Booking.com's CDN already serves them in fitting sizes (and
 * the simulator serves SVG), so the optimiser would only fetch and store them a second time.
 */
export function HotelGallery({ name, photos }: { name: string; photos: PhotoView[] }) {
  const t = useTranslations('hotelSearch.gallery');
  const [shown, setShown] = useState(0);
  const current = photos[shown] ?? photos[0];
  if (!current) return null;
  const count = photos.length;
  return (
    <figure className={styles.gallery} aria-label={t('label', { name })}>
      <Image
        className={styles.main}
        src={current.largeUrl || current.url}
        alt={t('photo', { name, index: shown + 1, count })}
        width={480}
        height={320}
        sizes="(min-width: 768px) 20rem, 100vw"
        // The page's largest paint: fetched first (Next 16's preload no longer raises the priority).
        preload={shown === 0}
        fetchPriority={shown === 0 ? 'high' : 'auto'}
        unoptimized
      />
      {count > 1 ? (
        <ul className={styles.thumbs}>
          {photos.map((photo, index) => (
            <li key={photo.url}>
              <button
                type="button"
                className={styles.thumb}
                aria-pressed={index === shown}
                aria-label={t('show', { index: index + 1, count })}
                onClick={() => setShown(index)}
              >
                <Image src={photo.url} alt="" width={72} height={48} sizes="72px" unoptimized />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </figure>
  );
}
