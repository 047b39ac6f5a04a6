/**
 * `npx tsx scripts/bench/review-ranking.ts [--listings 2000] [--runs 20]`: the figures behind the
 * Top rated formula (ADR 034). Simulates category pages of listings with a hidden true quality
 * and a long-tailed number of reviews (most listings have a few, some many), each review a noisy
 * 1–5 star reading of that quality, and ranks them by the plain average and by Bayesian averages
 * `(C × m + sum of stars) / (C + n)` for several prior means m and weights C. For each ranking
 * it prints, over the first page (24 cards): the mean true quality, how many of its listings
 * have fewer than 3 reviews, and the rank correlation (Kendall's tau-b) with the true quality
 * over all reviewed listings, and how many five-star reviews a new listing needs to reach page
 * 1 (what a fake costs). It reports; it asserts nothing. Deterministic (seeded).
 */
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    listings: { type: 'string', default: '2000' },
    runs: { type: 'string', default: '20' },
  },
});
const LISTINGS = Number(values.listings);
const RUNS = Number(values.runs);
const PAGE = 24;

/** mulberry32: a small seeded generator, so every run prints the same figures. */
function generator(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function normal(random: () => number): number {
  const u = Math.max(random(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

interface Listing {
  quality: number;
  n: number;
  sum: number;
}

function simulate(seed: number): Listing[] {
  const random = generator(seed);
  return Array.from({ length: LISTINGS }, () => {
    // True quality: most businesses are decent (J-shaped star distributions are the norm), a
    // tail are bad (the fake mechanics the issue names).
    const quality = Math.min(5, Math.max(1, 3.9 + 0.8 * normal(random)));
    // Reviews per listing: long-tailed (Pareto-like), median ~3, a few with 100+.
    const n = Math.min(400, Math.floor(1 / Math.pow(Math.max(random(), 1e-6), 0.9)) - 1);
    let sum = 0;
    for (let i = 0; i < n; i += 1) {
      // A reading: the quality plus personal noise, with some 1-star and 5-star extremes.
      const extreme = random();
      const stars =
        extreme < 0.05 ? 1 : extreme < 0.1 ? 5 : Math.round(quality + 0.9 * normal(random));
      sum += Math.min(5, Math.max(1, stars));
    }
    return { quality, n, sum };
  });
}

function kendallTau(xs: number[], ys: number[]): number {
  let concordant = 0;
  let discordant = 0;
  let tiesX = 0;
  let tiesY = 0;
  for (let i = 0; i < xs.length; i += 1) {
    for (let j = i + 1; j < xs.length; j += 1) {
      const dx = Math.sign(xs[i]! - xs[j]!);
      const dy = Math.sign(ys[i]! - ys[j]!);
      if (dx === 0 && dy === 0) continue;
      if (dx === 0) tiesX += 1;
      else if (dy === 0) tiesY += 1;
      else if (dx === dy) concordant += 1;
      else discordant += 1;
    }
  }
  const n0 = concordant + discordant;
  return (concordant - discordant) / Math.sqrt((n0 + tiesX) * (n0 + tiesY));
}

type Score = (l: Listing) => number;
const methods: [string, Score][] = [
  ['plain average', (l) => l.sum / l.n],
  ...[3, 3.5, 4].flatMap((m) =>
    [2, 5, 10, 20].map(
      (c) =>
        [`Bayesian m=${m} C=${c}`, (l: Listing) => (c * m + l.sum) / (c + l.n)] as [string, Score],
    ),
  ),
];

const totals = new Map<string, { quality: number; thin: number; tau: number; fakes: number }>();

/** Five-star reviews a new listing needs to reach `cutoff` (the last score on page 1). */
function fakesNeeded(name: string, cutoff: number): number {
  const match = name.match(/m=([\d.]+) C=(\d+)/);
  if (!match) return 1;
  const [m, c] = [Number(match[1]), Number(match[2])];
  for (let k = 1; k <= 1000; k += 1) if ((c * m + 5 * k) / (c + k) >= cutoff) return k;
  return Infinity;
}
for (let run = 0; run < RUNS; run += 1) {
  const reviewed = simulate(1000 + run).filter((l) => l.n > 0);
  // Kendall over a sample keeps the O(n²) loop quick.
  const sample = reviewed.slice(0, 600);
  for (const [name, score] of methods) {
    const ranked = [...reviewed].sort((a, b) => score(b) - score(a) || b.n - a.n);
    const page = ranked.slice(0, PAGE);
    const total = totals.get(name) ?? { quality: 0, thin: 0, tau: 0, fakes: 0 };
    total.fakes += fakesNeeded(name, score(page.at(-1)!));
    total.quality += page.reduce((s, l) => s + l.quality, 0) / PAGE;
    total.thin += page.filter((l) => l.n < 3).length;
    total.tau += kendallTau(
      sample.map((l) => l.quality),
      sample.map(score),
    );
    totals.set(name, total);
  }
}

const one5 = (c: number, m: number) => (c * m + 5) / (c + 1);
const fifty46 = (c: number, m: number) => (c * m + 50 * 4.6) / (c + 50);
console.log(
  `\n  review ranking — ${LISTINGS} listings per run, ${RUNS} runs, first page of ${PAGE}\n`,
);
console.log(
  `  ${'ranking'.padEnd(24)}  ${'page 1 true quality'.padEnd(20)}  ${'<3 reviews on page 1'.padEnd(21)}  ${"Kendall's tau".padEnd(13)}  ${'5★ to reach page 1'.padEnd(18)}  one 5★ vs fifty 4.6★`,
);
for (const [name] of methods) {
  const t = totals.get(name)!;
  const match = name.match(/m=([\d.]+) C=(\d+)/);
  const duel = match
    ? `${one5(Number(match[2]), Number(match[1])).toFixed(2)} vs ${fifty46(Number(match[2]), Number(match[1])).toFixed(2)}`
    : '5.00 vs 4.60';
  console.log(
    `  ${name.padEnd(24)}  ${(t.quality / RUNS).toFixed(2).padEnd(20)}  ${(t.thin / RUNS).toFixed(1).padEnd(21)}  ${(t.tau / RUNS).toFixed(3).padEnd(13)}  ${(t.fakes / RUNS).toFixed(1).padEnd(18)}  ${duel}`,
  );
}
console.log('');
