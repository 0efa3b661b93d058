/**
 * Builds the article illustrations in public/images/articles/*.webp.
 *
 * Each illustration is a stylised landscape drawn as SVG (sky, sun, layered hills or mountains,
 * water, forest and a landmark silhouette) and converted to a 1600×900 WebP with sharp. They are
 * our own work, released under CC0 1.0 (see public/images/articles/CREDITS.md).
 *
 * The output is deterministic: every "random" detail (ridge shapes, trees, waves) comes from a
 * small seeded PRNG, so re-running the script on an unchanged file gives the same pictures.
 *
 * Usage (from the repository root, after `npm install`, which brings sharp with Next.js):
 *   node scripts/illustrations/articles.mjs            all illustrations
 *   node scripts/illustrations/articles.mjs tatry      only the named ones
 *   node scripts/illustrations/articles.mjs --svg      also keep the SVG sources in /tmp
 */
import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

const ROOT = path.resolve(import.meta.dirname, '../..');
const OUTPUT_DIR = path.join(ROOT, 'public/images/articles');
const W = 1600;
const H = 900;
const WEBP_QUALITY = 80;
const MAX_BYTES = 150 * 1024;

// ---------------------------------------------------------------------------------------------
// Deterministic randomness

/** mulberry32: a tiny 32-bit PRNG; good enough for scattering trees, not for anything secret. */
function prng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    /** Uniform number in [min, max). */
    range: (min, max) => min + (max - min) * next(),
    /** Uniform integer in [min, max]. */
    int: (min, max) => Math.floor(min + (max - min + 1) * next()),
    pick: (items) => items[Math.floor(next() * items.length)],
  };
}

/** A stable 32-bit seed from a name, so each illustration has its own sequence. */
function seedOf(name) {
  let h = 2166136261;
  for (const ch of name) h = Math.imul(h ^ ch.codePointAt(0), 16777619);
  return h >>> 0;
}

// ---------------------------------------------------------------------------------------------
// Small SVG helpers

const r1 = (n) => Math.round(n * 10) / 10;
const pts = (points) => points.map(([x, y]) => `${r1(x)},${r1(y)}`).join(' ');

/** A closed path through `points` (left to right) down to the bottom edge. */
function groundPath(points, bottom = H) {
  const first = points[0];
  const last = points[points.length - 1];
  let d = `M${r1(first[0])},${bottom} L${r1(first[0])},${r1(first[1])}`;
  // Smooth the line with quadratic curves through the midpoints.
  for (let i = 1; i < points.length - 1; i += 1) {
    const [x, y] = points[i];
    const [nx, ny] = points[i + 1];
    d += ` Q${r1(x)},${r1(y)} ${r1((x + nx) / 2)},${r1((y + ny) / 2)}`;
  }
  d += ` L${r1(last[0])},${r1(last[1])} L${r1(last[0])},${bottom} Z`;
  return d;
}

/** Rolling hills: a sum of sines with seeded phases. */
function hills(rand, { base, amp, waves = 3, step = 40, from = -20, to = W + 20 }) {
  const phases = Array.from({ length: waves }, () => rand.range(0, Math.PI * 2));
  const freqs = Array.from({ length: waves }, (_, i) => (rand.range(0.6, 1.4) * (i + 1) * Math.PI * 2) / W);
  const points = [];
  for (let x = from; x <= to; x += step) {
    let y = base;
    for (let i = 0; i < waves; i += 1) y -= (amp / (i + 1)) * Math.sin(x * freqs[i] + phases[i]);
    points.push([x, y]);
  }
  return points;
}

/** Jagged mountains by midpoint displacement; `peaks` pins chosen summits. */
function ridge(rand, { base, peaks, roughness = 0.55, depth = 7 }) {
  let points = [[-20, base], ...peaks, [W + 20, base]];
  let spread = 60;
  for (let d = 0; d < depth; d += 1) {
    const next = [points[0]];
    for (let i = 1; i < points.length; i += 1) {
      const [x0, y0] = points[i - 1];
      const [x1, y1] = points[i];
      next.push([(x0 + x1) / 2 + rand.range(-0.1, 0.1) * (x1 - x0), (y0 + y1) / 2 + rand.range(-spread, spread)]);
      next.push(points[i]);
    }
    points = next;
    spread *= roughness;
  }
  return points;
}

/** A polyline (not smoothed) closed to the bottom: crisp rock edges. */
function sharpPath(points, bottom = H) {
  return `M${r1(points[0][0])},${bottom} L${points.map(([x, y]) => `${r1(x)},${r1(y)}`).join(' L')} L${r1(points[points.length - 1][0])},${bottom} Z`;
}

/** The y of a polyline at x, by linear interpolation. */
function yAt(points, x) {
  for (let i = 1; i < points.length; i += 1) {
    const [x0, y0] = points[i - 1];
    const [x1, y1] = points[i];
    if (x >= x0 && x <= x1) return y0 + ((y1 - y0) * (x - x0)) / (x1 - x0 || 1);
  }
  return points[points.length - 1][1];
}

/** A spruce: stacked triangles on a thin trunk, base at (x, y). */
function spruce(x, y, h, fill) {
  const w = h * 0.36;
  const tiers = 4;
  let d = '';
  for (let i = 0; i < tiers; i += 1) {
    const top = y - h + (i * h) / (tiers + 0.6);
    const bottom = top + h / 2.3;
    const half = (w * (i + 1.6)) / (tiers + 1.6);
    d += `M${r1(x)},${r1(top)} L${r1(x + half)},${r1(bottom)} L${r1(x - half)},${r1(bottom)} Z `;
  }
  d += `M${r1(x - h * 0.03)},${r1(y - h * 0.2)} h${r1(h * 0.06)} V${r1(y)} h${r1(-h * 0.06)} Z`;
  return `<path d="${d}" fill="${fill}"/>`;
}

/** A round deciduous tree (crown of three circles). */
function roundTree(x, y, h, fill, trunk) {
  const c = h * 0.32;
  return (
    `<rect x="${r1(x - h * 0.035)}" y="${r1(y - h * 0.45)}" width="${r1(h * 0.07)}" height="${r1(h * 0.45)}" fill="${trunk}"/>` +
    `<circle cx="${r1(x)}" cy="${r1(y - h * 0.7)}" r="${r1(c)}" fill="${fill}"/>` +
    `<circle cx="${r1(x - c * 0.7)}" cy="${r1(y - h * 0.5)}" r="${r1(c * 0.8)}" fill="${fill}"/>` +
    `<circle cx="${r1(x + c * 0.7)}" cy="${r1(y - h * 0.52)}" r="${r1(c * 0.78)}" fill="${fill}"/>`
  );
}

/** A row of trees standing on a line of ground points. */
function forest(rand, line, { from, to, spacing, height, fill, kind = 'spruce', trunk = '#3b2f25', sink = 4 }) {
  let out = '';
  for (let x = from; x < to; x += spacing * rand.range(0.6, 1.3)) {
    const h = height * rand.range(0.7, 1.25);
    const y = yAt(line, x) + sink;
    out += kind === 'spruce' ? spruce(x, y, h, fill) : roundTree(x, y, h, fill, trunk);
  }
  return out;
}

function sun(cx, cy, r, core, glow, glowRadius = r * 4) {
  return (
    `<circle cx="${cx}" cy="${cy}" r="${glowRadius}" fill="url(#sunglow)"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${core}"/>` +
    `<radialGradient id="sunglow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="${glow}" stop-opacity="0.55"/><stop offset="1" stop-color="${glow}" stop-opacity="0"/></radialGradient>`
  );
}

function cloud(x, y, s, fill, opacity = 0.85) {
  return (
    `<g fill="${fill}" opacity="${opacity}">` +
    `<ellipse cx="${r1(x)}" cy="${r1(y)}" rx="${r1(90 * s)}" ry="${r1(22 * s)}"/>` +
    `<ellipse cx="${r1(x - 35 * s)}" cy="${r1(y - 14 * s)}" rx="${r1(42 * s)}" ry="${r1(26 * s)}"/>` +
    `<ellipse cx="${r1(x + 22 * s)}" cy="${r1(y - 24 * s)}" rx="${r1(50 * s)}" ry="${r1(34 * s)}"/>` +
    `</g>`
  );
}

function linearGradient(id, stops, { x1 = 0, y1 = 0, x2 = 0, y2 = 1 } = {}) {
  const s = stops.map(([offset, color, opacity = 1]) => `<stop offset="${offset}" stop-color="${color}" stop-opacity="${opacity}"/>`).join('');
  return `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${s}</linearGradient>`;
}

/** Horizontal glints on water between y0 and y1. */
function ripples(rand, { y0, y1, x0 = 0, x1 = W, count, color, opacity = 0.35 }) {
  let out = `<g stroke="${color}" stroke-linecap="round" opacity="${opacity}">`;
  for (let i = 0; i < count; i += 1) {
    const y = rand.range(y0, y1);
    const depth = (y - y0) / (y1 - y0 || 1);
    const len = rand.range(20, 70) * (0.6 + depth);
    const x = rand.range(x0, x1 - len);
    out += `<line x1="${r1(x)}" y1="${r1(y)}" x2="${r1(x + len)}" y2="${r1(y)}" stroke-width="${r1(1.5 + depth * 2)}"/>`;
  }
  return `${out}</g>`;
}

function svg(defs, body) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${defs}</defs>${body}</svg>`;
}

// ---------------------------------------------------------------------------------------------
// Landmarks

/** Český Krumlov castle tower: a round painted tower with an arcaded gallery and a spire. */
function krumlovTower(x, y, s) {
  const w = 46 * s;
  const h = 210 * s;
  return (
    `<g>` +
    `<rect x="${r1(x - w / 2)}" y="${r1(y - h)}" width="${r1(w)}" height="${r1(h)}" fill="#f1d9b5"/>` +
    `<rect x="${r1(x - w / 2)}" y="${r1(y - h)}" width="${r1(w * 0.35)}" height="${r1(h)}" fill="#dcbf96"/>` +
    `<rect x="${r1(x - w / 2)}" y="${r1(y - h * 0.62)}" width="${r1(w)}" height="${r1(10 * s)}" fill="#c9836b"/>` +
    `<rect x="${r1(x - w / 2)}" y="${r1(y - h * 0.4)}" width="${r1(w)}" height="${r1(8 * s)}" fill="#c9836b"/>` +
    // gallery
    `<rect x="${r1(x - w * 0.62)}" y="${r1(y - h - 34 * s)}" width="${r1(w * 1.24)}" height="${r1(34 * s)}" fill="#e9c9a0"/>` +
    [0, 1, 2, 3].map((i) => `<rect x="${r1(x - w * 0.5 + i * w * 0.27)}" y="${r1(y - h - 28 * s)}" width="${r1(w * 0.15)}" height="${r1(20 * s)}" rx="${r1(4 * s)}" fill="#6b4a3a"/>`).join('') +
    `<rect x="${r1(x - w * 0.68)}" y="${r1(y - h - 4 * s)}" width="${r1(w * 1.36)}" height="${r1(6 * s)}" fill="#a8614f"/>` +
    // roof and lantern
    `<polygon points="${pts([[x - w * 0.66, y - h - 34 * s], [x + w * 0.66, y - h - 34 * s], [x + w * 0.2, y - h - 70 * s], [x - w * 0.2, y - h - 70 * s]])}" fill="#b5523e"/>` +
    `<rect x="${r1(x - w * 0.17)}" y="${r1(y - h - 90 * s)}" width="${r1(w * 0.34)}" height="${r1(20 * s)}" fill="#e9c9a0"/>` +
    `<polygon points="${pts([[x - w * 0.24, y - h - 90 * s], [x + w * 0.24, y - h - 90 * s], [x, y - h - 135 * s]])}" fill="#b5523e"/>` +
    `<line x1="${r1(x)}" y1="${r1(y - h - 135 * s)}" x2="${r1(x)}" y2="${r1(y - h - 150 * s)}" stroke="#7a3f31" stroke-width="${r1(2.5 * s)}"/>` +
    // windows on the shaft
    [0.22, 0.5, 0.78].map((f) => `<rect x="${r1(x - 5 * s)}" y="${r1(y - h * f)}" width="${r1(10 * s)}" height="${r1(16 * s)}" fill="#6b4a3a"/>`).join('') +
    `</g>`
  );
}

/** Long castle wings with rows of windows and red roofs. */
function castleWing(x, y, w, h, s, wall, roof, window) {
  let out = `<rect x="${r1(x)}" y="${r1(y - h)}" width="${r1(w)}" height="${r1(h)}" fill="${wall}"/>`;
  out += `<polygon points="${pts([[x - 6 * s, y - h], [x + w + 6 * s, y - h], [x + w - 14 * s, y - h - 30 * s], [x + 14 * s, y - h - 30 * s]])}" fill="${roof}"/>`;
  const rows = Math.max(1, Math.floor(h / (26 * s)));
  const cols = Math.max(1, Math.floor(w / (22 * s)));
  for (let r = 0; r < rows; r += 1) {
    for (let c = 0; c < cols; c += 1) {
      out += `<rect x="${r1(x + 8 * s + c * 22 * s)}" y="${r1(y - h + 10 * s + r * 26 * s)}" width="${r1(8 * s)}" height="${r1(13 * s)}" fill="${window}"/>`;
    }
  }
  return out;
}

/** A town house with a pitched roof facing us. */
function house(x, y, w, h, wall, roof, window) {
  return (
    `<rect x="${r1(x)}" y="${r1(y - h)}" width="${r1(w)}" height="${r1(h)}" fill="${wall}"/>` +
    `<polygon points="${pts([[x - 3, y - h], [x + w + 3, y - h], [x + w / 2, y - h - w * 0.55]])}" fill="${roof}"/>` +
    `<rect x="${r1(x + w * 0.3)}" y="${r1(y - h * 0.7)}" width="${r1(w * 0.16)}" height="${r1(h * 0.22)}" fill="${window}"/>` +
    `<rect x="${r1(x + w * 0.56)}" y="${r1(y - h * 0.7)}" width="${r1(w * 0.16)}" height="${r1(h * 0.22)}" fill="${window}"/>`
  );
}

/** The Lednice minaret: slender shaft, three galleries and a crescent finial. */
function minaret(x, y, s, color, shade) {
  const parts = [];
  const base = 46 * s;
  parts.push(`<rect x="${r1(x - base / 2)}" y="${r1(y - 40 * s)}" width="${r1(base)}" height="${r1(40 * s)}" fill="${color}"/>`);
  const shaft = [
    [34, 40, 120],
    [26, 160, 80],
    [20, 240, 60],
  ];
  for (const [w, from, len] of shaft) {
    parts.push(`<rect x="${r1(x - (w * s) / 2)}" y="${r1(y - (from + len) * s)}" width="${r1(w * s)}" height="${r1(len * s)}" fill="${color}"/>`);
    parts.push(`<rect x="${r1(x - (w * s) / 2)}" y="${r1(y - (from + len) * s)}" width="${r1(w * s * 0.3)}" height="${r1(len * s)}" fill="${shade}"/>`);
    // gallery at the top of each section
    parts.push(`<rect x="${r1(x - (w + 16) * s * 0.5)}" y="${r1(y - (from + len) * s - 6 * s)}" width="${r1((w + 16) * s)}" height="${r1(7 * s)}" fill="${shade}"/>`);
  }
  parts.push(`<polygon points="${pts([[x - 10 * s, y - 300 * s], [x + 10 * s, y - 300 * s], [x, y - 336 * s]])}" fill="${shade}"/>`);
  parts.push(`<circle cx="${r1(x)}" cy="${r1(y - 344 * s)}" r="${r1(6 * s)}" fill="${shade}"/>`);
  return parts.join('');
}

/** The neo-Gothic Lednice chateau: a long front bristling with pinnacles. */
function lednicePalace(x, y, s, color, shade, roof) {
  const w = 420 * s;
  const h = 70 * s;
  let out = `<rect x="${r1(x)}" y="${r1(y - h)}" width="${r1(w)}" height="${r1(h)}" fill="${color}"/>`;
  // crenellations and pinnacles along the top
  for (let i = 0; i <= 20; i += 1) {
    const px = x + (i * w) / 20;
    out += `<polygon points="${pts([[px - 4 * s, y - h], [px + 4 * s, y - h], [px, y - h - 22 * s]])}" fill="${shade}"/>`;
  }
  // towers
  for (const [fx, th] of [
    [0.08, 60],
    [0.32, 40],
    [0.5, 95],
    [0.7, 45],
    [0.93, 62],
  ]) {
    const tx = x + fx * w;
    const tw = 26 * s;
    out += `<rect x="${r1(tx - tw / 2)}" y="${r1(y - h - th * s)}" width="${r1(tw)}" height="${r1(th * s + h)}" fill="${color}"/>`;
    out += `<polygon points="${pts([[tx - tw * 0.65, y - h - th * s], [tx + tw * 0.65, y - h - th * s], [tx, y - h - th * s - 40 * s]])}" fill="${roof}"/>`;
  }
  // gothic windows
  for (let i = 0; i < 16; i += 1) {
    const wx = x + 14 * s + i * (w - 28 * s) / 16;
    out += `<path d="M${r1(wx)},${r1(y - 14 * s)} v${r1(-28 * s)} q${r1(5 * s)},${r1(-10 * s)} ${r1(10 * s)},0 v${r1(28 * s)} Z" fill="${shade}"/>`;
  }
  return out;
}

/** A sailing yacht: hull plus main and jib sails. */
function yacht(x, y, s, sail, hull) {
  return (
    `<polygon points="${pts([[x - 34 * s, y], [x + 38 * s, y], [x + 28 * s, y + 10 * s], [x - 26 * s, y + 10 * s]])}" fill="${hull}"/>` +
    `<line x1="${r1(x)}" y1="${r1(y)}" x2="${r1(x)}" y2="${r1(y - 110 * s)}" stroke="${hull}" stroke-width="${r1(2.5 * s)}"/>` +
    `<polygon points="${pts([[x - 3 * s, y - 6 * s], [x - 3 * s, y - 104 * s], [x - 40 * s, y - 8 * s]])}" fill="${sail}"/>` +
    `<polygon points="${pts([[x + 3 * s, y - 8 * s], [x + 3 * s, y - 96 * s], [x + 34 * s, y - 8 * s]])}" fill="${sail}" opacity="0.85"/>`
  );
}

/** A Gdańsk burgher house: narrow, tall, with a stepped or curved gable. */
function gableHouse(x, y, w, h, wall, trim, window, style) {
  let out = `<rect x="${r1(x)}" y="${r1(y - h)}" width="${r1(w)}" height="${r1(h)}" fill="${wall}"/>`;
  const top = y - h;
  if (style === 'stepped') {
    const step = w / 5;
    out += `<polygon points="${pts([
      [x, top],
      [x, top - step],
      [x + step, top - step],
      [x + step, top - 2 * step],
      [x + 2 * step, top - 2 * step],
      [x + 2 * step, top - 3 * step],
      [x + 3 * step, top - 3 * step],
      [x + 3 * step, top - 2 * step],
      [x + 4 * step, top - 2 * step],
      [x + 4 * step, top - step],
      [x + w, top - step],
      [x + w, top],
    ])}" fill="${wall}"/>`;
  } else {
    out += `<path d="M${r1(x)},${r1(top)} C${r1(x)},${r1(top - w * 0.5)} ${r1(x + w * 0.3)},${r1(top - w * 0.35)} ${r1(x + w * 0.35)},${r1(top - w * 0.8)} L${r1(x + w * 0.65)},${r1(top - w * 0.8)} C${r1(x + w * 0.7)},${r1(top - w * 0.35)} ${r1(x + w)},${r1(top - w * 0.5)} ${r1(x + w)},${r1(top)} Z" fill="${wall}"/>`;
    out += `<circle cx="${r1(x + w / 2)}" cy="${r1(top - w * 0.86)}" r="${r1(w * 0.07)}" fill="${trim}"/>`;
  }
  out += `<rect x="${r1(x)}" y="${r1(top - 3)}" width="${r1(w)}" height="4" fill="${trim}"/>`;
  const rows = Math.floor(h / 30);
  for (let r = 0; r < rows; r += 1) {
    for (let c = 0; c < 3; c += 1) {
      out += `<rect x="${r1(x + w * 0.14 + c * w * 0.28)}" y="${r1(top + 10 + r * 30)}" width="${r1(w * 0.16)}" height="14" fill="${window}"/>`;
    }
  }
  return out;
}

/** The Gdańsk Crane (Żuraw): two brick towers holding a dark timber hoist house. */
function gdanskCrane(x, y, s) {
  const tw = 60 * s;
  const gap = 26 * s;
  const th = 150 * s;
  const brick = '#8e4b3a';
  const brickShade = '#733a2d';
  const wood = '#3d2b22';
  let out = '';
  for (const tx of [x, x + tw + gap]) {
    out += `<rect x="${r1(tx)}" y="${r1(y - th)}" width="${r1(tw)}" height="${r1(th)}" fill="${brick}"/>`;
    out += `<rect x="${r1(tx)}" y="${r1(y - th)}" width="${r1(tw * 0.3)}" height="${r1(th)}" fill="${brickShade}"/>`;
    out += `<polygon points="${pts([[tx - 3 * s, y - th], [tx + tw + 3 * s, y - th], [tx + tw * 0.5, y - th - 26 * s]])}" fill="${brickShade}"/>`;
  }
  out += `<path d="M${r1(x + tw)},${r1(y)} v${r1(-50 * s)} q${r1(gap / 2)},${r1(-18 * s)} ${r1(gap)},0 v${r1(50 * s)} Z" fill="#2a1f1a"/>`;
  // timber housing projecting towards the water (to the left), wider than the towers
  const hx = x - 40 * s;
  const hw = 2 * tw + gap + 40 * s;
  const hy = y - th - 70 * s;
  out += `<rect x="${r1(hx)}" y="${r1(hy)}" width="${r1(hw)}" height="${r1(120 * s)}" fill="${wood}"/>`;
  out += `<polygon points="${pts([[hx - 8 * s, hy], [hx + hw + 8 * s, hy], [hx + hw * 0.55, hy - 80 * s], [hx + hw * 0.35, hy - 80 * s]])}" fill="#2e211b"/>`;
  for (let i = 1; i < 6; i += 1) out += `<line x1="${r1(hx + (i * hw) / 6)}" y1="${r1(hy)}" x2="${r1(hx + (i * hw) / 6)}" y2="${r1(hy + 120 * s)}" stroke="#56402f" stroke-width="${r1(3 * s)}"/>`;
  out += `<line x1="${r1(hx)}" y1="${r1(hy + 60 * s)}" x2="${r1(hx + hw)}" y2="${r1(hy + 60 * s)}" stroke="#56402f" stroke-width="${r1(3 * s)}"/>`;
  // the hoisting beam
  out += `<line x1="${r1(hx)}" y1="${r1(hy + 20 * s)}" x2="${r1(hx - 40 * s)}" y2="${r1(hy + 10 * s)}" stroke="${wood}" stroke-width="${r1(6 * s)}"/>`;
  out += `<line x1="${r1(hx - 36 * s)}" y1="${r1(hy + 12 * s)}" x2="${r1(hx - 36 * s)}" y2="${r1(hy + 60 * s)}" stroke="${wood}" stroke-width="${r1(2 * s)}"/>`;
  return out;
}

/** St Mary's Church in Gdańsk: a massive square brick tower and a long nave with slim turrets. */
function stMarys(x, y, s, brick, shade) {
  const tw = 90 * s;
  const th = 330 * s;
  let out = `<rect x="${r1(x + tw - 10 * s)}" y="${r1(y - 200 * s)}" width="${r1(300 * s)}" height="${r1(200 * s)}" fill="${shade}"/>`;
  out += `<polygon points="${pts([[x + tw - 10 * s, y - 200 * s], [x + tw + 290 * s, y - 200 * s], [x + tw + 270 * s, y - 250 * s], [x + tw + 10 * s, y - 250 * s]])}" fill="${brick}"/>`;
  for (const fx of [0.35, 0.7, 1.0]) {
    const tx = x + tw + fx * 280 * s;
    out += `<rect x="${r1(tx - 6 * s)}" y="${r1(y - 290 * s)}" width="${r1(12 * s)}" height="${r1(60 * s)}" fill="${brick}"/>`;
    out += `<polygon points="${pts([[tx - 8 * s, y - 290 * s], [tx + 8 * s, y - 290 * s], [tx, y - 330 * s]])}" fill="${shade}"/>`;
  }
  out += `<rect x="${r1(x)}" y="${r1(y - th)}" width="${r1(tw)}" height="${r1(th)}" fill="${brick}"/>`;
  out += `<rect x="${r1(x)}" y="${r1(y - th)}" width="${r1(tw * 0.3)}" height="${r1(th)}" fill="${shade}"/>`;
  out += `<polygon points="${pts([[x - 4 * s, y - th], [x + tw + 4 * s, y - th], [x + tw * 0.5, y - th - 22 * s]])}" fill="${shade}"/>`;
  for (const fx of [0.15, 0.85]) {
    const tx = x + fx * tw;
    out += `<polygon points="${pts([[tx - 6 * s, y - th], [tx + 6 * s, y - th], [tx, y - th - 36 * s]])}" fill="${shade}"/>`;
  }
  for (let i = 0; i < 4; i += 1) {
    out += `<rect x="${r1(x + tw * 0.38)}" y="${r1(y - th + 30 * s + i * 70 * s)}" width="${r1(tw * 0.24)}" height="${r1(46 * s)}" rx="${r1(10 * s)}" fill="#5a2e25"/>`;
  }
  return out;
}

/** The Main Town Hall spire: tall, slender, with a small gilded figure on top. */
function townHallSpire(x, y, s, brick, shade, gold) {
  let out = `<rect x="${r1(x - 24 * s)}" y="${r1(y - 220 * s)}" width="${r1(48 * s)}" height="${r1(220 * s)}" fill="${brick}"/>`;
  out += `<rect x="${r1(x - 24 * s)}" y="${r1(y - 220 * s)}" width="${r1(14 * s)}" height="${r1(220 * s)}" fill="${shade}"/>`;
  out += `<polygon points="${pts([[x - 26 * s, y - 220 * s], [x + 26 * s, y - 220 * s], [x + 12 * s, y - 270 * s], [x - 12 * s, y - 270 * s]])}" fill="#4e5a52"/>`;
  out += `<rect x="${r1(x - 10 * s)}" y="${r1(y - 300 * s)}" width="${r1(20 * s)}" height="${r1(30 * s)}" fill="#4e5a52"/>`;
  out += `<polygon points="${pts([[x - 11 * s, y - 300 * s], [x + 11 * s, y - 300 * s], [x, y - 380 * s]])}" fill="#3e4943"/>`;
  out += `<circle cx="${r1(x)}" cy="${r1(y - 388 * s)}" r="${r1(6 * s)}" fill="${gold}"/>`;
  return out;
}

// ---------------------------------------------------------------------------------------------
// Scenes

const SCENES = {
  /** Šumava: soft forested ridges in morning haze, a meandering river through a peat meadow. */
  sumava(rand) {
    const defs =
      linearGradient('sky', [
        [0, '#9fc6d6'],
        [0.55, '#dfe9d8'],
        [1, '#f6ecc9'],
      ]) +
      linearGradient('meadow', [
        [0, '#a9b96a'],
        [1, '#6f8f45'],
      ]) +
      linearGradient('river', [
        [0, '#cfe3e6'],
        [1, '#7fa9b6'],
      ]) +
      linearGradient('mist', [
        [0, '#ffffff', 0],
        [0.5, '#ffffff', 0.45],
        [1, '#ffffff', 0],
      ]);
    let body = `<rect width="${W}" height="${H}" fill="url(#sky)"/>`;
    body += sun(1180, 300, 46, '#fff6d8', '#fff1b8', 260);
    body += cloud(380, 170, 1.3, '#ffffff', 0.7) + cloud(900, 120, 0.9, '#ffffff', 0.6);
    const layers = [
      { base: 430, amp: 40, color: '#8fb1b3', tree: '#7fa2a5', size: 22 },
      { base: 500, amp: 50, color: '#5f8c7e', tree: '#527f71', size: 30 },
      { base: 580, amp: 45, color: '#3f6e58', tree: '#35614c', size: 44 },
    ];
    for (const [i, layer] of layers.entries()) {
      const line = hills(rand, { base: layer.base, amp: layer.amp, waves: 3 });
      body += `<path d="${groundPath(line)}" fill="${layer.color}"/>`;
      body += forest(rand, line, { from: -10, to: W + 10, spacing: layer.size * 0.55, height: layer.size, fill: layer.tree });
      // haze settles in the valleys between the ridges
      if (i < layers.length - 1) body += `<rect x="0" y="${layer.base + 10}" width="${W}" height="${80 + i * 20}" fill="url(#mist)"/>`;
    }
    // the meadow (slať) with a meandering river
    const meadow = hills(rand, { base: 700, amp: 18, waves: 2 });
    body += `<path d="${groundPath(meadow)}" fill="url(#meadow)"/>`;
    body += `<path d="M720,${r1(yAt(meadow, 720) + 6)} C640,740 880,760 760,800 S520,850 600,${H} L840,${H} C760,850 1000,800 900,770 S800,${r1(yAt(meadow, 780) + 10)} 780,${r1(yAt(meadow, 780) + 6)} Z" fill="url(#river)"/>`;
    // morning mist over the meadow
    body += `<rect x="0" y="620" width="${W}" height="90" fill="url(#mist)"/>`;
    // foreground spruces framing the view
    body += spruce(60, 910, 330, '#1f3b2c') + spruce(170, 915, 250, '#24442f') + spruce(1470, 915, 360, '#1f3b2c') + spruce(1570, 910, 270, '#24442f');
    body += forest(rand, [[0, 880], [W, 880]], { from: 260, to: 1380, spacing: 90, height: 60, fill: '#2e5a3c', sink: 30 });
    // a bicycle on the path in the meadow
    body += `<g stroke="#2b2b2b" stroke-width="4" fill="none"><circle cx="1080" cy="780" r="20"/><circle cx="1140" cy="780" r="20"/><path d="M1080,780 L1102,752 L1130,752 L1140,780 M1102,752 L1110,780 L1130,752 M1098,744 h12 M1130,752 l4,-12 h10"/></g>`;
    return svg(defs, body);
  },

  /** Lednice–Valtice: a warm afternoon, the chateau and minaret across a pond, vineyards. */
  lednice(rand) {
    const defs =
      linearGradient('sky', [
        [0, '#f3b48a'],
        [0.5, '#f7d39c'],
        [1, '#fbeac2'],
      ]) +
      linearGradient('pond', [
        [0, '#e9c79a'],
        [1, '#7e9a9a'],
      ]);
    let body = `<rect width="${W}" height="${H}" fill="url(#sky)"/>`;
    body += sun(330, 330, 70, '#fff3cf', '#ffe1a0', 300);
    body += cloud(1200, 150, 1.2, '#fff7e6', 0.6);
    // distant Pálava-like line of low hills
    const far = hills(rand, { base: 520, amp: 18, waves: 2 });
    body += `<path d="${groundPath(far)}" fill="#c9a98a"/>`;
    // park tree line
    const park = hills(rand, { base: 560, amp: 8, waves: 2 });
    body += `<path d="${groundPath(park)}" fill="#8d9a5d"/>`;
    body += forest(rand, park, { from: -20, to: W + 20, spacing: 34, height: 70, fill: '#6f7d47', kind: 'round', trunk: '#5d4b3a' });
    // landmarks standing in the park
    body += lednicePalace(180, 560, 1.05, '#efe3cf', '#c9b18e', '#8a5a44');
    body += minaret(1160, 575, 1.05, '#f1e4cc', '#cdb38c');
    body += forest(rand, park, { from: 640, to: 1080, spacing: 46, height: 90, fill: '#66753f', kind: 'round', trunk: '#5d4b3a', sink: 14 });
    // pond with reflections
    body += `<rect x="0" y="575" width="${W}" height="150" fill="url(#pond)"/>`;
    body += `<g opacity="0.28" transform="translate(0,1150) scale(1,-1)">${minaret(1160, 575, 1.05, '#f1e4cc', '#cdb38c')}</g>`;
    body += ripples(rand, { y0: 585, y1: 720, count: 70, color: '#fff4dc', opacity: 0.45 });
    // a small boat
    body += `<path d="M560,660 h110 l-16,16 h-80 z" fill="#5b3d2e"/><rect x="590" y="634" width="52" height="26" fill="#f4efe3"/><polygon points="584,634 648,634 616,620" fill="#a3543f"/>`;
    // a vineyard hill in the foreground: rows of vines follow the slope, wider apart as they near us
    const vine = hills(rand, { base: 745, amp: 26, waves: 2, step: 30 });
    body += `<path d="${groundPath(vine)}" fill="#b3b46a"/>`;
    for (let k = 0; k < 9; k += 1) {
      const offset = 10 + k * (12 + k * 2.6);
      const row = vine.map(([vx, vy]) => [vx, vy + offset]);
      const d = `M${row.map(([vx, vy]) => `${r1(vx)},${r1(vy)}`).join(' L')}`;
      body += `<path d="${d}" fill="none" stroke="#53702f" stroke-width="${r1(3 + k * 0.9)}" stroke-dasharray="${r1(6 + k)} ${r1(4 + k * 0.6)}" stroke-linecap="round"/>`;
    }
    body += roundTree(1500, 830, 190, '#5b6b34', '#4a3b2d');
    // a small wine cellar (a whitewashed press house) at the edge of the vineyard
    body += house(120, yAt(vine, 150) + 40, 110, 60, '#f6efe2', '#9c5a3c', '#5b4636');
    return svg(defs, body);
  },

  /** The Tatras: sharp granite peaks with snow gullies above a clear mountain tarn. */
  tatry(rand) {
    const defs =
      linearGradient('sky', [
        [0, '#3f7fc0'],
        [0.6, '#a9cdea'],
        [1, '#e4f0f7'],
      ]) +
      linearGradient('rock', [
        [0, '#8c97a3'],
        [1, '#5c6772'],
      ]) +
      linearGradient('rock2', [
        [0, '#6e7b86'],
        [0.55, '#5a6a6c'],
        [1, '#46604c'],
      ]) +
      linearGradient('tarn', [
        [0, '#5f8fa8'],
        [1, '#1f4e63'],
      ]);
    let body = `<rect width="${W}" height="${H}" fill="url(#sky)"/>`;
    body += cloud(300, 140, 1.0, '#ffffff', 0.8) + cloud(1350, 210, 0.8, '#ffffff', 0.7);
    body += sun(1380, 110, 34, '#fffbe8', '#ffffff', 160);
    const back = ridge(rand, {
      base: 470,
      peaks: [
        [260, 250],
        [520, 170],
        [700, 260],
        [930, 120],
        [1180, 230],
        [1390, 190],
      ],
      roughness: 0.52,
    });
    body += `<path d="${sharpPath(back)}" fill="url(#rock)"/>`;
    const backPeaks = [
      [260, 250],
      [520, 170],
      [930, 120],
      [1180, 230],
      [1390, 190],
    ];
    // shaded faces: the side of each summit turned away from the sun, clipped to the range
    body += `<clipPath id="backclip"><path d="${sharpPath(back)}"/></clipPath><g clip-path="url(#backclip)" fill="#36434f" opacity="0.3">`;
    for (const [px] of backPeaks) {
      const py = Math.min(...back.filter(([x]) => Math.abs(x - px) < 12).map(([, y]) => y));
      body += `<polygon points="${pts([[px, py - 4], [px + rand.range(10, 60), 480], [px - 330, 480]])}"/>`;
    }
    body += `</g>`;
    // snowfields: ragged patches just below the summits and in the gullies
    let snow = '';
    for (const [px] of backPeaks) {
      const cap = back.filter(([x]) => x >= px - 70 && x <= px + 70);
      if (cap.length < 3) continue;
      // a calmer lower edge: every third point, dropped by a varying depth
      const lower = cap
        .filter((_, i) => i % 3 === 0 || i === cap.length - 1)
        .reverse()
        .map(([x, y], i, all) => [x, y + 8 + 34 * Math.sin((Math.PI * (i + 0.5)) / all.length) * rand.range(0.6, 1)]);
      snow += `<polygon points="${pts([...cap.map(([x, y]) => [x, y + 3]), ...lower])}" fill="#eef4f8" opacity="0.92"/>`;
      // snow lying in the gullies: thin streaks slanting down the faces
      for (let i = 0; i < 4; i += 1) {
        const gx = px + rand.range(-80, 80);
        const gy = yAt(back, gx) + rand.range(30, 55);
        const drift = rand.range(-25, 25);
        const gh = rand.range(40, 95);
        const gw = rand.range(3, 6);
        snow += `<path d="M${r1(gx - gw)},${r1(gy)} Q${r1(gx + drift * 0.3)},${r1(gy + gh * 0.5)} ${r1(gx + drift)},${r1(gy + gh)} Q${r1(gx + drift * 0.5 + gw)},${r1(gy + gh * 0.45)} ${r1(gx + gw)},${r1(gy)} Z" fill="#e9f0f5" opacity="0.75"/>`;
      }
    }
    body += snow;
    const mid = ridge(rand, {
      base: 560,
      peaks: [
        [140, 380],
        [420, 440],
        [780, 360],
        [1080, 420],
        [1460, 350],
      ],
      roughness: 0.5,
    });
    body += `<path d="${sharpPath(mid)}" fill="url(#rock2)"/>`;
    // scree and dwarf pine slopes down to the tarn
    const slope = hills(rand, { base: 600, amp: 22, waves: 3 });
    body += `<path d="${groundPath(slope)}" fill="#4e6b4a"/>`;
    body += forest(rand, slope, { from: -10, to: W + 10, spacing: 16, height: 26, fill: '#3b5a3a', sink: 8 });
    // tarn with mirrored peaks
    body += `<rect x="0" y="612" width="${W}" height="150" fill="url(#tarn)"/>`;
    body += `<clipPath id="tarnclip"><rect x="0" y="612" width="${W}" height="150"/></clipPath>`;
    body += `<g clip-path="url(#tarnclip)"><g opacity="0.22" transform="translate(0,1224) scale(1,-1)"><path d="${sharpPath(back, 612)}" fill="#dce8f0"/><path d="${sharpPath(mid, 612)}" fill="#9fb4c2"/></g></g>`;
    body += ripples(rand, { y0: 620, y1: 755, count: 60, color: '#d8ecf6', opacity: 0.4 });
    // near shore with boulders and spruces
    const shore = hills(rand, { base: 790, amp: 20, waves: 2 });
    body += `<path d="${groundPath(shore)}" fill="#5d7a4e"/>`;
    for (let i = 0; i < 9; i += 1) {
      const x = rand.range(200, 1400);
      const y = yAt(shore, x) + rand.range(10, 60);
      const rx = rand.range(22, 50);
      body += `<ellipse cx="${r1(x)}" cy="${r1(y)}" rx="${r1(rx)}" ry="${r1(rx * 0.55)}" fill="#8b949b"/><ellipse cx="${r1(x - rx * 0.2)}" cy="${r1(y - rx * 0.15)}" rx="${r1(rx * 0.6)}" ry="${r1(rx * 0.3)}" fill="#a6aeb4"/>`;
    }
    body += spruce(90, 905, 380, '#1d3526') + spruce(210, 910, 290, '#24402d') + spruce(1500, 905, 400, '#1d3526');
    return svg(defs, body);
  },

  /** Český Krumlov: the Vltava meander, red roofs of the old town and the castle tower at dusk. */
  krumlov(rand) {
    const defs =
      linearGradient('sky', [
        [0, '#6d6fa8'],
        [0.45, '#e59a86'],
        [1, '#f8d29a'],
      ]) +
      linearGradient('river', [
        [0, '#f0b88f'],
        [1, '#6f6f96'],
      ]);
    let body = `<rect width="${W}" height="${H}" fill="url(#sky)"/>`;
    body += sun(1280, 430, 60, '#ffe7b0', '#ffcf8a', 280);
    // wooded hills around the town (the Blanský les side)
    const far = hills(rand, { base: 430, amp: 45, waves: 2 });
    body += `<path d="${groundPath(far)}" fill="#8a6f8a"/>`;
    const near = hills(rand, { base: 500, amp: 30, waves: 3 });
    body += `<path d="${groundPath(near)}" fill="#5f5a6f"/>`;
    body += forest(rand, near, { from: -10, to: W + 10, spacing: 22, height: 34, fill: '#514d62', kind: 'round', trunk: '#514d62' });
    // castle rock on the left with the long castle wings and the tower
    body += `<path d="M-20,${H} L-20,540 C120,520 260,520 420,548 C520,566 600,600 640,660 L680,${H} Z" fill="#6e5a55"/>`;
    body += castleWing(20, 548, 300, 86, 1, '#efd8bd', '#a9503c', '#7c5b4a');
    body += castleWing(300, 566, 200, 70, 1, '#e8cfb2', '#a9503c', '#7c5b4a');
    body += krumlovTower(470, 570, 1.15);
    // the river meander
    body += `<path d="M-20,700 C300,640 600,700 760,660 S1200,610 1640,650 L1640,760 C1300,720 1000,790 700,770 S200,760 -20,800 Z" fill="url(#river)"/>`;
    body += ripples(rand, { y0: 665, y1: 780, x0: 60, x1: 1550, count: 40, color: '#ffe6c8', opacity: 0.35 });
    // old town houses on the far bank (right) and the near bank (bottom)
    const roofs = ['#b8563f', '#a64a37', '#c4644a', '#9c4432'];
    const walls = ['#f4e1c6', '#efd2b0', '#f7e8d2', '#e9c9a6', '#f2dcc0'];
    let x = 640;
    while (x < 1620) {
      const w = rand.range(46, 80);
      const h = rand.range(60, 110);
      body += house(x, 668 - rand.range(0, 12), w, h, rand.pick(walls), rand.pick(roofs), '#6f5446');
      x += w + rand.range(-6, 4);
    }
    // church of St Vitus: a slim Gothic tower in the town
    body += `<rect x="1010" y="430" width="40" height="230" fill="#efe0c8"/><polygon points="1002,430 1058,430 1030,340" fill="#4d5b66"/><rect x="1050" y="520" width="150" height="140" fill="#e7d3b8"/><polygon points="1046,520 1204,520 1186,480 1064,480" fill="#a64a37"/>`;
    x = -20;
    while (x < W + 20) {
      const w = rand.range(60, 110);
      const h = rand.range(70, 120);
      body += house(x, H + 10, w, h + 30, rand.pick(walls), rand.pick(roofs), '#6f5446');
      x += w + rand.range(-4, 6);
    }
    // a raft on the river
    body += `<rect x="820" y="722" width="90" height="10" fill="#7b5a3c"/><circle cx="845" cy="712" r="8" fill="#2d2d3a"/><circle cx="880" cy="712" r="8" fill="#2d2d3a"/><line x1="900" y1="700" x2="930" y2="735" stroke="#2d2d3a" stroke-width="3"/>`;
    return svg(defs, body);
  },

  /** Masuria: a wide lake at sunset, low forested shores, islands and sailing yachts. */
  mazury(rand) {
    const defs =
      linearGradient('sky', [
        [0, '#2f4f7f'],
        [0.45, '#c97b7b'],
        [0.75, '#f3b06b'],
        [1, '#fbd38a'],
      ]) +
      linearGradient('lake', [
        [0, '#f2b577'],
        [0.35, '#a77d86'],
        [1, '#2d4467'],
      ]);
    let body = `<rect width="${W}" height="${H}" fill="url(#sky)"/>`;
    body += sun(800, 470, 64, '#fff0c0', '#ffd27a', 330);
    body += cloud(260, 200, 1.4, '#f7c6a5', 0.5) + cloud(1330, 150, 1.1, '#f7c6a5', 0.45);
    // the lake first, then shores in front of it
    body += `<rect x="0" y="480" width="${W}" height="420" fill="url(#lake)"/>`;
    // sun path on the water
    body += `<g fill="#ffe1a3" opacity="0.55">${Array.from({ length: 18 }, (_, i) => {
      const y = 490 + i * 16;
      const w = 30 + i * 10 + rand.range(-10, 10);
      return `<rect x="${r1(800 - w / 2 + rand.range(-12, 12))}" y="${y}" width="${r1(w)}" height="4" rx="2"/>`;
    }).join('')}</g>`;
    // distant forested shore, very low
    const shore = hills(rand, { base: 482, amp: 6, waves: 2 });
    const shoreTop = shore.map(([sx, sy]) => [sx, sy]);
    body += `<path d="${groundPath(shoreTop, 492)}" fill="#3a3550"/>`;
    body += forest(rand, shore, { from: -10, to: 600, spacing: 10, height: 22, fill: '#3a3550', sink: 2 });
    body += forest(rand, shore, { from: 1000, to: W + 10, spacing: 10, height: 22, fill: '#3a3550', sink: 2 });
    // islands
    for (const [ix, iw] of [
      [420, 200],
      [1180, 260],
    ]) {
      body += `<ellipse cx="${ix}" cy="540" rx="${iw / 2}" ry="10" fill="#2c2a42"/>`;
      body += forest(rand, [[ix - iw / 2, 542], [ix + iw / 2, 542]], { from: ix - iw / 2 + 20, to: ix + iw / 2 - 20, spacing: 14, height: 44, fill: '#2c2a42', sink: 0 });
    }
    body += ripples(rand, { y0: 560, y1: 880, count: 90, color: '#ffd9a8', opacity: 0.3 });
    // yachts
    body += yacht(640, 610, 0.7, '#fff3e0', '#2a2638');
    body += yacht(1000, 650, 1.0, '#fff7ea', '#26233a');
    body += yacht(1380, 590, 0.55, '#ffeede', '#2a2638');
    // near shore: reeds and a jetty
    body += `<path d="M-20,${H} L-20,800 C120,780 260,790 380,830 L420,${H} Z" fill="#1f2134"/>`;
    let reeds = `<g stroke="#2a2c40" stroke-width="3" stroke-linecap="round">`;
    for (let i = 0; i < 70; i += 1) {
      const rx = rand.range(0, 480);
      const ry = rand.range(820, 900);
      const h = rand.range(50, 130);
      reeds += `<line x1="${r1(rx)}" y1="${r1(ry)}" x2="${r1(rx + rand.range(-12, 12))}" y2="${r1(ry - h)}"/>`;
    }
    body += `${reeds}</g>`;
    body += `<rect x="1140" y="800" width="480" height="14" fill="#2b2535"/>` + [1170, 1260, 1350, 1440, 1530].map((px) => `<rect x="${px}" y="812" width="10" height="70" fill="#2b2535"/>`).join('');
    return svg(defs, body);
  },

  /** Gdańsk and the Baltic: the Motława waterfront with the Crane, St Mary's and the Town Hall. */
  gdansk(rand) {
    const defs =
      linearGradient('sky', [
        [0, '#8fb6d9'],
        [0.7, '#e6eef2'],
        [1, '#fbe9d6'],
      ]) +
      linearGradient('water', [
        [0, '#7fa3b6'],
        [1, '#2f5367'],
      ]);
    let body = `<rect width="${W}" height="${H}" fill="url(#sky)"/>`;
    body += sun(260, 180, 40, '#fffaf0', '#fff5dc', 200);
    body += cloud(700, 150, 1.2, '#ffffff', 0.85) + cloud(1300, 110, 1.0, '#ffffff', 0.8);
    // seagulls
    body += `<g stroke="#4a5660" stroke-width="3" fill="none" stroke-linecap="round">${[
      [540, 260],
      [590, 235],
      [1120, 300],
    ]
      .map(([gx, gy]) => `<path d="M${gx - 16},${gy} q8,-10 16,0 q8,-10 16,0"/>`)
      .join('')}</g>`;
    // skyline landmarks behind the waterfront
    body += stMarys(760, 600, 1.0, '#a35a45', '#86463a');
    body += townHallSpire(1330, 600, 1.0, '#a35a45', '#86463a', '#e2b441');
    // the row of gabled burgher houses along the quay
    const palette = ['#e8c7a0', '#d98c6a', '#9fc0b8', '#f1ddb0', '#c7a6c9', '#e4a9a0', '#b9cde0', '#efe4cf'];
    let x = 500;
    while (x < W + 20) {
      const w = rand.range(52, 70);
      const h = rand.range(150, 210);
      body += gableHouse(x, 640, w, h, rand.pick(palette), '#fff7ea', '#4b4f58', rand.next() < 0.5 ? 'stepped' : 'curved');
      x += w;
    }
    body += gdanskCrane(250, 640, 1.2);
    // the quay and the Motława river
    body += `<rect x="0" y="636" width="${W}" height="16" fill="#7b6f66"/>`;
    body += `<rect x="0" y="652" width="${W}" height="248" fill="url(#water)"/>`;
    body += `<g opacity="0.22" transform="translate(0,1296) scale(1,-1)">${gdanskCrane(250, 640, 1.2)}</g>`;
    body += ripples(rand, { y0: 660, y1: 890, count: 90, color: '#d9e8ef', opacity: 0.45 });
    // a sailing ship moored at the quay (a nod to the galleons that take visitors to Westerplatte)
    body += `<path d="M960,760 h260 l-30,40 h-200 z" fill="#3a2c25"/>` + `<line x1="1040" y1="760" x2="1040" y2="620" stroke="#3a2c25" stroke-width="5"/><line x1="1130" y1="760" x2="1130" y2="640" stroke="#3a2c25" stroke-width="5"/>` + `<polygon points="1044,630 1044,740 1110,740" fill="#f3ead8"/><polygon points="1134,650 1134,740 1190,740" fill="#f3ead8"/><polygon points="1040,612 1040,626 1064,619" fill="#c3413b"/>`;
    // a strip of dune and beach grass at the bottom: the Baltic is never far
    body += `<path d="M-20,${H} L-20,850 C200,820 420,840 620,870 L660,${H} Z" fill="#e8d4a8"/>`;
    let grass = `<g stroke="#8a9a5b" stroke-width="3" stroke-linecap="round">`;
    for (let i = 0; i < 50; i += 1) {
      const gx = rand.range(0, 560);
      const gy = rand.range(860, 900);
      grass += `<line x1="${r1(gx)}" y1="${r1(gy)}" x2="${r1(gx + rand.range(-18, 18))}" y2="${r1(gy - rand.range(30, 70))}"/>`;
    }
    body += `${grass}</g>`;
    return svg(defs, body);
  },
};

// ---------------------------------------------------------------------------------------------

async function render(name, keepSvg) {
  const source = SCENES[name](prng(seedOf(name)));
  if (keepSvg) await writeFile(path.join('/tmp', `${name}.svg`), source);
  const file = path.join(OUTPUT_DIR, `${name}.webp`);
  await sharp(Buffer.from(source), { density: 72 })
    .resize(W, H)
    .webp({ quality: WEBP_QUALITY, effort: 6, smartSubsample: true })
    .toFile(file);
  const { size } = await stat(file);
  const note = size > MAX_BYTES ? `  (over the ${MAX_BYTES / 1024} kB target)` : '';
  console.log(`${path.relative(ROOT, file)}  ${(size / 1024).toFixed(1)} kB${note}`);
}

const args = process.argv.slice(2);
const keepSvg = args.includes('--svg');
const names = args.filter((a) => !a.startsWith('--'));
for (const name of names) if (!(name in SCENES)) throw new Error(`unknown illustration "${name}"; known: ${Object.keys(SCENES).join(', ')}`);
await mkdir(OUTPUT_DIR, { recursive: true });
for (const name of names.length > 0 ? names : Object.keys(SCENES)) await render(name, keepSvg);
