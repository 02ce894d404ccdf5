// npm run bench:book [-- --members 500 --paper A4]: a class book made by the real book maker (issue #52,
// decision 041), from a real PostgreSQL database (BENCH_DATABASE_URL, default the local server) and
// stored photos, while this process also answers HTTP requests that a second process sends every 10 ms.
// Printed: the book's time, the process's peak RSS, the event loop's delay (p50/p99/max, from
// perf_hooks.monitorEventLoopDelay, during the making only) and the requests' latency meanwhile; the
// PDF's pages and size. Everything made is removed at the end.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import sharp from 'sharp';
import { openDatabase, queryRows } from '../src/server/db/client';
import { applyMigrations } from '../src/server/db/migrate';
import { LONG_WORK_TIMEOUTS } from '../src/server/db/timeouts';
import { makeQueuedBooks } from '../src/server/features/book';
import { createFileStorage, newPhotoKey } from '../src/server/platform/storage';

const { values } = parseArgs({
  options: {
    members: { type: 'string', default: '500' },
    paper: { type: 'string', default: 'A4' },
    'database-url': { type: 'string' },
  },
});
const MEMBERS = Number(values.members);
const PAPER = values.paper === 'Letter' ? 'Letter' : 'A4';
const url =
  values['database-url'] ?? process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

// Names in the scripts the book must draw, some with emoji, as the research's book had.
const FIRST = ['Priya', 'Arjun', 'கொற்றவை', 'முகிலன்', 'శ్రీనివాస్', 'లక్ష్మి', 'श्रद्धा', 'क्षितिज', 'Zoë', 'Chen 🎓'];
const LAST = ['Raman', 'செல்வி', 'రెడ్డి', 'शर्मा', 'Iyer', 'Nair 🌸', 'Patel', 'Ångström'];

async function main() {
  const name = `bench_book_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-book-'));
  const database = await openDatabase({
    engine: 'postgres',
    url: dbUrl.toString(),
    timeouts: LONG_WORK_TIMEOUTS,
  });
  try {
    await applyMigrations(database);
    const db = database.db;
    const storage = createFileStorage(dir);
    // 500 different photos (400×400 JPEGs, about 30 KB: noise, so none compresses to nothing).
    console.log(`seeding ${MEMBERS} members with photos…`);
    for (let i = 0; i < MEMBERS; i++) {
      const key = newPhotoKey();
      const photo = await sharp({
        create: {
          width: 400,
          height: 400,
          channels: 3,
          background: { r: (i * 37) % 255, g: (i * 91) % 255, b: 160 },
          noise: { type: 'gaussian', mean: 128, sigma: 12 },
        },
      })
        .jpeg({ quality: 70 })
        .toBuffer();
      await storage.put(key, photo, 'image/jpeg');
      const id = `bench_${i}`;
      await db.execute(sql`insert into users (id, name, email, email_verified, created_at, updated_at)
        values (${id}, 'Bench', ${`${id}@example.com`}, true, now(), now())`);
      await db.execute(sql`insert into profiles (user_id, username, email, full_name, graduation_year, institution, bio,
          profile_picture_key)
        values (${id}, ${`member_${i}`}, ${`${id}@example.com`},
          ${`${FIRST[i % FIRST.length]} ${LAST[(i * 7) % LAST.length]}`}, 2026, 'VITC',
          ${i % 3 === 0 ? 'Loves robotics, கவிதை and cricket' : ''}, ${key})`);
    }
    const [job] = await queryRows<{ id: string }>(
      db,
      sql`insert into book_jobs (kind, requested_by, paper, year, campus)
          values ('class', 'bench_0', ${PAPER}, 2026, 'VITC') returning id`,
    );

    // Requests beside the book: a JSON answer, asked for every 10 ms by another process.
    const server = http.createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ ok: true, at: Date.now() }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    const client = spawn(
      process.execPath,
      [
        '-e',
        `const t=[];let go=true;process.on('SIGTERM',()=>{go=false});(async()=>{while(go){const s=performance.now();await fetch('http://127.0.0.1:${port}/').then(r=>r.text());t.push(performance.now()-s);await new Promise(r=>setTimeout(r,10))}t.sort((a,b)=>a-b);const q=p=>t[Math.min(t.length-1,Math.floor(p*t.length))];console.log(JSON.stringify({n:t.length,p50:q(.5),p99:q(.99),max:t.at(-1)}))})()`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let clientOut = '';
    client.stdout.on('data', (chunk) => {
      clientOut += chunk;
    });
    await new Promise((resolve) => setTimeout(resolve, 500));

    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    const began = performance.now();
    const made = await makeQueuedBooks(
      { db, storage, logger: pino({ level: 'warn' }) },
      new AbortController().signal,
    );
    const seconds = (performance.now() - began) / 1000;
    delay.disable();
    client.kill('SIGTERM');
    await new Promise((resolve) => client.once('exit', resolve));
    server.close();

    const [row] = await queryRows<{ status: string; size: number; object_key: string }>(
      db,
      sql`select status, size, object_key from book_jobs where id = ${job?.id}::uuid`,
    );
    const { execFileSync } = await import('node:child_process');
    const pages = row?.object_key
      ? /Pages:\s+(\d+)/.exec(
          execFileSync('pdfinfo', [path.join(dir, row.object_key)], { encoding: 'utf8' }),
        )?.[1]
      : null;
    const ms = (ns: number) => Math.round((ns / 1e6) * 10) / 10;
    const figures = {
      members: MEMBERS,
      paper: PAPER,
      made,
      status: row?.status,
      seconds: Math.round(seconds * 100) / 100,
      peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
      eventLoopDelayMs: { p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max) },
      requestsMeanwhile: JSON.parse(clientOut || '{}'),
      pages: pages ? Number(pages) : null,
      sizeMb: row?.size ? Math.round((row.size / 1024 / 1024) * 10) / 10 : null,
    };
    console.log(JSON.stringify(figures, null, 2));
    if (figures.status !== 'ready' || seconds > 60) process.exitCode = 1;
  } finally {
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
