import { notFound } from 'next/navigation';

// No articles are published yet, so every article address is unknown.
export default function InspirationArticle() {
  notFound();
}
