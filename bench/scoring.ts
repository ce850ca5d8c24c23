// npm run bench:scoring (also part of npm run bench): in-memory scoring of 10,000,000 random
// Powerball games with the domain's scorer, beside a bare popcount loop over the same masks in the
// same run. The games are made before the clock starts. Prints figures; gates nothing.
import { createScorer, numbersMask, randomResult } from '@drawhouse/domain';

const GAMES = Number(process.env.BENCH_SCORING_GAMES ?? 10_000_000);
const ROUNDS = 5;

// xorshift32: fast and seeded, so every run scores the same games.
let state = 0x2545f491;
function nextInt(maxExclusive: number): number {
  state ^= state << 13;
  state ^= state >>> 17;
  state ^= state << 5;
  return (state >>> 0) % maxExclusive;
}

const lo = new Uint32Array(GAMES);
const hi = new Uint32Array(GAMES);
const powerball = new Uint8Array(GAMES);
const pool = Array.from({ length: 35 }, (_, i) => i + 1);
for (let g = 0; g < GAMES; g++) {
  for (let i = 0; i < 7; i++) {
    const j = i + nextInt(35 - i);
    const t = pool[i]!;
    pool[i] = pool[j]!;
    pool[j] = t;
  }
  const mask = numbersMask(pool.slice(0, 7));
  if (!mask) throw new Error('bad game');
  lo[g] = mask.lo;
  hi[g] = mask.hi;
  powerball[g] = 1 + nextInt(20);
}
const result = randomResult('powerball', (min, max) => min + nextInt(max - min + 1));
const drawn = numbersMask(result.numbers.Numbers ?? []);
if (!drawn) throw new Error('bad result');

const scorer = createScorer('powerball', result);
const winners = { games: new Uint32Array(GAMES), divisions: new Uint8Array(GAMES) };

// The bare loop: the same popcount written out here, over the same arrays passed in as arguments
// (as the scorer gets them), counting main-number hits and nothing else.
function bare(lo: Uint32Array, hi: Uint32Array, mainLo: number, mainHi: number): number {
  let hits = 0;
  for (let i = 0; i < lo.length; i++) {
    let a = lo[i]! & mainLo;
    a = a - ((a >>> 1) & 0x55555555);
    a = (a & 0x33333333) + ((a >>> 2) & 0x33333333);
    let b = hi[i]! & mainHi;
    b = b - ((b >>> 1) & 0x55555555);
    b = (b & 0x33333333) + ((b >>> 2) & 0x33333333);
    a += b;
    hits += Math.imul((a & 0x0f0f0f0f) + ((a >>> 4) & 0x0f0f0f0f), 0x01010101) >>> 24;
  }
  return hits;
}

function time<T>(run: () => T): { seconds: number; value: T } {
  const start = process.hrtime.bigint();
  const value = run();
  return { seconds: Number(process.hrtime.bigint() - start) / 1e9, value };
}

// Best of a few rounds for each, interleaved so both see the same machine (the first warms the JIT).
let bareBest = Number.POSITIVE_INFINITY;
let scorerBest = Number.POSITIVE_INFINITY;
let hits = 0;
let winnersCount = 0;
for (let round = 0; round < ROUNDS; round++) {
  const b = time(() => bare(lo, hi, drawn.lo, drawn.hi));
  const s = time(() => scorer.scoreStandardMasks(lo, hi, powerball, winners));
  bareBest = Math.min(bareBest, b.seconds);
  scorerBest = Math.min(scorerBest, s.seconds);
  hits = b.value;
  winnersCount = s.value;
}

// The per-ticket door (lines as sold, objects in, wins out), on the first million games.
const LINES = Math.min(GAMES, 1_000_000);
const lines = Array.from({ length: LINES }, (_, g) => ({
  numbers: Array.from({ length: 35 }, (_, n) => n + 1).filter(
    (n) => (n < 32 ? lo[g]! >>> n : hi[g]! >>> (n - 32)) & 1,
  ),
  powerball: [powerball[g]!],
}));
let linesBest = Number.POSITIVE_INFINITY;
for (let round = 0; round < ROUNDS; round++)
  linesBest = Math.min(linesBest, time(() => scorer.score('standard', lines)).seconds);

const byDivision = new Map<number, number>();
for (const d of winners.divisions.subarray(0, winnersCount)) byDivision.set(d, (byDivision.get(d) ?? 0) + 1);
const rate = (seconds: number) => Math.round(GAMES / seconds).toLocaleString('en-AU');

console.log(`Scoring ${GAMES.toLocaleString('en-AU')} Powerball games in memory (best of ${ROUNDS})`);
console.log(
  `  bare popcount loop      ${bareBest.toFixed(3)} s   ${rate(bareBest).padStart(13)} games/s   (${hits} main hits)`,
);
console.log(
  `  createScorer            ${scorerBest.toFixed(3)} s   ${rate(scorerBest).padStart(13)} games/s   (${winnersCount} winning games)`,
);
console.log(
  `  score() on sold lines   ${linesBest.toFixed(3)} s   ${Math.round(LINES / linesBest)
    .toLocaleString('en-AU')
    .padStart(13)} games/s   (first ${LINES.toLocaleString('en-AU')} games as objects)`,
);
console.log(
  `  scorer / bare speed     ${(bareBest / scorerBest).toFixed(2)}   (target: at least 0.5; under 1 s for 10M)`,
);
console.log(
  `  winners by division     ${[...byDivision.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([d, n]) => `${d}: ${n}`)
    .join(', ')}`,
);
