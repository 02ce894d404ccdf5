// The floor: what the hardware gives for the feed page and a single post with nothing of ours in the
// way. A bare node:http server runs the app's own SQL (bench/app-sql.ts) through a pg pool of the
// app's size and writes the rows as JSON arrays, as the driver gives them (the app's first column is
// the post id): no framework, no session, no validation, no presenter. FLOOR_STATEMENTS=named names
// its statements as the app does (src/server/db/prepared.ts), so each connection parses and plans them
// once; unnamed (the default) sends them as the floor did when issue #25 set its targets, parsed and
// planned on every execution.
// Run by bench/run.ts as its own process: DATABASE_URL=... PORT=... [FLOOR_STATEMENTS=named] node --import tsx bench/floor.ts
import http from 'node:http';
import pg from 'pg';
import { FEED_PAGE_SIZE, FEED_SORTS } from '../src/shared/posts';
import { bind, feedStatements, postStatement, type Statement } from './app-sql';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const named = process.env.FLOOR_STATEMENTS === 'named';
const feeds = new Map<string, Statement[]>();
for (const sort of FEED_SORTS) feeds.set(sort, await feedStatements(sort));
const post = await postStatement();

function send(res: http.ServerResponse, status: number, body: unknown) {
  const json = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(json) });
  res.end(json);
}

const server = http.createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', 'http://floor');
  const viewer = url.searchParams.get('viewer') ?? '';
  try {
    if (url.pathname === '/health') return send(res, 200, { ok: true });
    const feed = url.pathname === '/feed' ? feeds.get(url.searchParams.get('sort') ?? 'newest') : undefined;
    if (feed) {
      // As the app does: the default order's second statement only when the first falls short, and
      // the posts the viewer's muted words match left out (the statement marks them: issue #48).
      const rows: unknown[][] = [];
      let columns: string[] = [];
      for (const [i, statement] of feed.entries()) {
        if (rows.length > FEED_PAGE_SIZE) break;
        const values = bind(statement, { viewer });
        const name = named ? `floor_feed_${url.searchParams.get('sort') ?? 'newest'}_${i}` : undefined;
        const result = await pool.query({ name, text: statement.text, values, rowMode: 'array' });
        columns = result.fields.map((field) => field.name);
        const muted = columns.indexOf('muted_word');
        rows.push(...(muted < 0 ? result.rows : result.rows.filter((row) => row[muted] !== true)));
      }
      // The columns' names only when asked (the run's check that the floor answers what the app does).
      const withColumns = url.searchParams.has('columns') ? { columns } : {};
      return send(res, 200, { posts: rows.slice(0, FEED_PAGE_SIZE), ...withColumns });
    }
    const postId = url.pathname.match(/^\/post\/([0-9a-f-]{36})$/)?.[1];
    if (postId) {
      const { rows } = await pool.query({
        name: named ? 'floor_post' : undefined,
        text: post.text,
        values: bind(post, { viewer, post: postId }),
        rowMode: 'array',
      });
      return rows[0] ? send(res, 200, rows[0]) : send(res, 404, { error: 'not found' });
    }
    send(res, 404, { error: 'not found' });
  } catch (error) {
    send(res, 500, { error: String(error) });
  }
});

server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  console.log(`floor listening on ${typeof address === 'object' && address ? address.port : '?'}`);
});
process.on('SIGTERM', () => server.close(() => void pool.end().then(() => process.exit(0))));
