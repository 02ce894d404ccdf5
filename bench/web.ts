// npm run bench:web: Lighthouse (mobile settings: a mid-range phone on slow 4G, simulated) on the
// landing page, a post page (a thread: the newest named post with replies; a reply's own address
// moves to its thread), the asklines list and the dashboard (signed in), served by the real app
// in production mode on a small embedded data set, in the system Chromium. Prints the four category
// scores, LCP, TBT, CLS and the JavaScript and CSS each page loads (bytes on the wire, gzip), and
// writes them to bench/results/ as JSON.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import { sql } from 'drizzle-orm';
import lighthouse from 'lighthouse';
import { openDatabase, queryRows } from '../src/server/db/client';
import { applyMigrations } from '../src/server/db/migrate';
import { generate, scaleForPosts } from './generate';
import { ROOT, signIn, startApp } from './processes';

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '1' },
    reports: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (options.help) {
  console.log(
    'npm run bench:web -- [--runs N] [--reports]\n' +
      '  --runs N    N Lighthouse runs per page, the median reported (default 1)\n' +
      "  --reports   also write each page's full Lighthouse report (JSON, for the details of every audit)",
  );
  process.exit(0);
}
const RUNS = Number(options.runs);
if (!Number.isInteger(RUNS) || RUNS < 1 || RUNS > 9) {
  console.error('--runs must be a whole number from 1 to 9');
  process.exit(2);
}

function findChromium(): string {
  const found = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find(
    (candidate) => candidate && fs.existsSync(candidate),
  );
  if (!found) {
    console.error(
      'bench:web needs Chromium: install Debian\'s "chromium" package (npm test does it when it can) ' +
        'or set CHROMIUM_PATH.',
    );
    process.exit(1);
  }
  return found;
}

const RESULTS = path.join(ROOT, 'bench/results');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

interface PageFigures {
  page: string;
  path: string;
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  jsBytes: number;
  cssBytes: number;
  /** Audits below full marks outside performance, so a score under 100 says why. */
  failing: string[];
}

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>;

function figuresOf(page: string, pagePath: string, { lhr }: Result): PageFigures {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests =
    (lhr.audits['network-requests']?.details as { items?: Record<string, unknown>[] })?.items ?? [];
  const bytes = (type: string) =>
    requests
      .filter((r) => r.resourceType === type)
      .reduce((sum, r) => sum + (typeof r.transferSize === 'number' ? r.transferSize : 0), 0);
  const failing = CATEGORIES.filter((c) => c !== 'performance').flatMap((category) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => {
        const items = (lhr.audits[ref.id]?.details as { items?: Record<string, unknown>[] })?.items ?? [];
        const what = items
          .slice(0, 2)
          .map((item) => {
            const node = item.node as { snippet?: string } | undefined;
            return node?.snippet ?? (item.issueType as string) ?? (item.description as string) ?? '';
          })
          .filter(Boolean)
          .map((text) => text.slice(0, 100));
        return `${category}: ${ref.id}${what.length ? ` (${what.join('; ')})` : ''}`;
      }),
  );
  return {
    page,
    path: pagePath,
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
    },
    lcpMs: Math.round(numeric('largest-contentful-paint')),
    tbtMs: Math.round(numeric('total-blocking-time')),
    cls: Math.round(numeric('cumulative-layout-shift') * 1000) / 1000,
    jsBytes: bytes('Script'),
    cssBytes: bytes('Stylesheet'),
    failing,
  };
}

/**
 * One Lighthouse run. Chromium now and then fails to record a page load's trace (NO_NAVSTART and the
 * like: a Lighthouse runtime error, all scores 0); such a run is repeated, up to three tries.
 */
async function audit(url: string, port: number, cookie?: string): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const failure = result.lhr.runtimeError;
    if (!failure) return result;
    if (attempt === 3) throw new Error(`Lighthouse failed on ${url} three times: ${failure.code}`);
    console.log(`    (Lighthouse: ${failure.code} on ${new URL(url).pathname}, trying again)`);
  }
}

/** The run with the median performance score. */
function median(runs: PageFigures[]): PageFigures {
  const sorted = [...runs].sort((a, b) => a.scores.performance - b.scores.performance);
  return sorted[Math.floor(sorted.length / 2)] as PageFigures;
}

async function main() {
  const chromePath = findChromium();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'yearbook-bench-web-'));
  // Run as root, the embedded PostgreSQL runs as the user postgres, who must reach DATA_DIR inside it
  // (mkdtemp makes it closed to others; decision 033).
  fs.chmodSync(work, 0o711);
  try {
    const dataDir = path.join(work, 'data');
    fs.mkdirSync(dataDir);
    const database = await openDatabase({ engine: 'embedded', dataDir });
    let post: { username: string; id: string } | undefined;
    try {
      await applyMigrations(database);
      await generate(database.db, scaleForPosts(2_000));
      [post] = await queryRows<{ username: string; id: string }>(
        database.db,
        sql`select p.username, posts.id from posts join profiles p on p.user_id = posts.user_id
            where not posts.deleted and not posts.is_anonymous and posts.askline_id is null
              and posts.parent_id is null and posts.reply_count > 0
            order by posts.created_at desc limit 1`,
      );
    } finally {
      await database.close();
    }
    if (!post) throw new Error('the data set has no post');

    const app = await startApp({ DATA_DIR: dataDir }, path.join(work, 'app.log'));
    const chrome = await chromeLauncher.launch({
      chromePath,
      chromeFlags: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    try {
      const [cookie] = await signIn(app.url, 1);

      const pages = [
        { page: 'landing', path: '/' },
        { page: 'post', path: `/${post.username}/${post.id}` },
        { page: 'asklines', path: '/asklines' },
        { page: 'dashboard', path: '/dashboard', cookie },
      ];
      const results: PageFigures[] = [];
      console.log(`Lighthouse ${RUNS > 1 ? `(median of ${RUNS} runs) ` : ''}— mobile, simulated slow 4G`);
      console.log(
        `  ${'page'.padEnd(11)}${['perf', 'a11y', 'best', 'seo'].map((h) => h.padStart(6)).join('')}` +
          `${'LCP ms'.padStart(9)}${'TBT ms'.padStart(8)}${'CLS'.padStart(7)}${'JS KB'.padStart(8)}${'CSS KB'.padStart(8)}`,
      );
      for (const page of pages) {
        const runs: PageFigures[] = [];
        for (let i = 0; i < RUNS; i++) {
          const result = await audit(`${app.url}${page.path}`, chrome.port, page.cookie);
          if (options.reports) {
            fs.mkdirSync(RESULTS, { recursive: true });
            const report = path.join(RESULTS, `lighthouse-${page.page}-${i + 1}.json`);
            fs.writeFileSync(report, JSON.stringify(result.lhr));
          }
          runs.push(figuresOf(page.page, page.path, result));
        }
        const f = median(runs);
        results.push(f);
        const kb = (bytes: number) => (bytes / 1024).toFixed(1).padStart(8);
        console.log(
          `  ${f.page.padEnd(11)}${CATEGORIES.map((c) => String(f.scores[c]).padStart(6)).join('')}` +
            `${String(f.lcpMs).padStart(9)}${String(f.tbtMs).padStart(8)}${String(f.cls).padStart(7)}` +
            `${kb(f.jsBytes)}${kb(f.cssBytes)}`,
        );
        for (const audit of f.failing) console.log(`    below full marks: ${audit}`);
      }
      fs.mkdirSync(RESULTS, { recursive: true });
      const file = path.join(RESULTS, `web-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
      const machine = {
        cores: os.cpus().length,
        cpu: os.cpus()[0]?.model,
        node: process.version,
        chromium: chromePath,
      };
      fs.writeFileSync(
        file,
        `${JSON.stringify({ at: new Date().toISOString(), machine, runs: RUNS, pages: results }, null, 2)}\n`,
      );
      console.log(`Figures written to ${path.relative(ROOT, file)}`);
    } finally {
      chrome.kill();
      await app.stop();
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

await main();
