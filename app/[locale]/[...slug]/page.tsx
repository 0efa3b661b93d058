import { notFound } from 'next/navigation';

// Content pages (articles, FAQ, static pages) arrive with their own issue; until then every
// other path is unknown and shows the 404 page inside the site shell.
export default function ContentPage() {
  notFound();
}
