import { escapeHtml } from '../html';
import { hotelById } from './catalogue';
import { stableHash } from './hash';

const SIZES = { large: [1280, 853], standard: [500, 333], thumbnail: [300, 300] } as const;

/**
 * GET /sandbox/booking/photos/{hotel}/{name}-{size}.svg: a placeholder drawn here (the hotel's
 * name on a colour of its own), so every photo the API lists is served, free of anyone's rights.
 */
export function photo(path: string): Response | undefined {
  const match = /^\/(\d{1,12})\/([a-z0-9-]+)-(large|standard|thumbnail)\.svg$/.exec(path);
  const hotel = match ? hotelById(Number(match[1])) : undefined;
  if (!match || !hotel) return undefined;
  const [width, height] = SIZES[match[3] as keyof typeof SIZES];
  const hue = stableHash(`${hotel.id}|${match[2]}`) % 360;
  const caption = match[2]!.startsWith('room-') ? hotel.rooms.find((r) => `room-${r.id}` === match[2])?.name ?? 'Room' : match[2]!.replace(/^\w/, (c) => c.toUpperCase());
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeHtml(`${hotel.name}: ${caption}`)}">
<rect width="100%" height="100%" fill="hsl(${hue} 45% 38%)"/>
<text x="50%" y="45%" fill="#fff" font-family="sans-serif" font-size="${Math.round(width / 18)}" text-anchor="middle">${escapeHtml(hotel.name)}</text>
<text x="50%" y="60%" fill="#fff" font-family="sans-serif" font-size="${Math.round(width / 28)}" text-anchor="middle">${escapeHtml(caption)} · sandbox photo</text>
</svg>`;
  return new Response(svg, { headers: { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=86400' } });
}
