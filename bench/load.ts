// The load: a process of its own (so it does not share the server's event loop), given a plan by
// bench/run.ts. Each scenario runs with autocannon for a while (or for a fixed number of requests),
// after a short warm-up that is not counted, and its figures come back as one JSON line on stdout:
// requests/s, latency percentiles measured from every response, and errors (any answer outside 2xx,
// connection errors and timeouts). Requests cycle through the scenario's paths and the signed-in
// users' cookies, so the load is many people reading many pages, not one page served from a cache.
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';

export interface Scenario {
  name: string;
  /** Cycled through, one per request. */
  paths: string[];
  /**
   * Each signed-in user's own paths (index as `cookies`), cycled through per user: a request of user
   * u takes the next of `pathsByUser[u]`. Users with none are passed over.
   */
  pathsByUser?: string[][];
  /**
   * GET (default), POST with `bodies` cycled, or LIKE: PUT then DELETE on each path in turn. A POST's
   * path and body take their turns together: with as many bodies as paths, each path has its body.
   */
  kind?: 'GET' | 'POST' | 'LIKE';
  bodies?: string[];
  /** Signed in (default) or as a visitor. */
  visitor?: boolean;
  /** A fixed number of requests instead of the plan's duration (writes with a per-user limit). */
  amount?: number;
  /** Its own number of connections instead of the plan's: 1 measures a request's own latency, no queue. */
  connections?: number;
}

export interface Plan {
  baseUrl: string;
  /** Sent as Origin on every request, as the browser on the site sends it. */
  origin: string;
  cookies: string[];
  connections: number;
  seconds: number;
  warmupSeconds: number;
  scenarios: Scenario[];
}

export interface Figures {
  name: string;
  requests: number;
  seconds: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  /** Connection errors (timeouts among them) and answers outside 2xx. */
  errors: number;
  unanswered: number;
  statuses: Record<string, number>;
}

function requestsFor(scenario: Scenario, cookies: string[], origin: string): autocannon.Request[] {
  let pathTurn = 0;
  let userTurn = 0;
  const nextPath = () => scenario.paths[pathTurn++ % scenario.paths.length] as string;
  const headers = (extra: Record<string, string> = {}): Record<string, string> => ({
    origin,
    ...(scenario.visitor ? {} : { cookie: cookies[userTurn++ % cookies.length] as string }),
    ...extra,
  });
  const byUser = scenario.pathsByUser;
  const turns = new Map<number, number>();
  /** The next user who has paths of their own, and their next path. */
  const nextOwn = (own: string[][]): { path: string; headers: Record<string, string> } => {
    for (;;) {
      const user = userTurn++ % cookies.length;
      const paths = own[user] ?? [];
      if (paths.length === 0) continue;
      const turn = turns.get(user) ?? 0;
      turns.set(user, turn + 1);
      return {
        path: paths[turn % paths.length] as string,
        headers: { origin, cookie: cookies[user] as string },
      };
    }
  };
  if (scenario.kind === 'LIKE') {
    // Each like is undone next by the same person on the same connection, so like counts stay as
    // generated, run after run.
    return [
      {
        method: 'PUT',
        setupRequest: (req, context) => {
          const request = {
            ...req,
            ...(byUser ? nextOwn(byUser) : { path: nextPath(), headers: headers() }),
          };
          Object.assign(context, { path: request.path, headers: request.headers });
          return request;
        },
      },
      {
        method: 'DELETE',
        setupRequest: (req, context) => ({
          ...req,
          ...(context as Pick<autocannon.Request, 'path' | 'headers'>),
        }),
      },
    ];
  }
  const post = scenario.kind === 'POST';
  return [
    {
      method: post ? 'POST' : 'GET',
      setupRequest: (req) => {
        const turn = pathTurn;
        return {
          ...req,
          path: nextPath(),
          headers: headers(post ? { 'content-type': 'application/json' } : {}),
          ...(scenario.bodies ? { body: scenario.bodies[turn % scenario.bodies.length] } : {}),
        };
      },
    },
  ];
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round((sorted[Math.max(0, index)] ?? 0) * 100) / 100;
}

async function run(plan: Plan, scenario: Scenario, seconds: number, amount?: number): Promise<Figures> {
  const latencies: number[] = [];
  // Timed here, to the last answer: autocannon's own duration counts whole ticks of a second (and a
  // run of a fixed number of requests ends on the tick after its last answer), too coarse for runs of
  // a few seconds.
  const started = performance.now();
  let lastAnswer = started;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: plan.baseUrl,
        connections: scenario.connections ?? plan.connections,
        ...(amount ? { amount } : { duration: seconds }),
        requests: requestsFor(scenario, plan.cookies, plan.origin),
        timeout: 10,
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => {
      latencies.push(responseTime);
      lastAnswer = performance.now();
    });
  });
  const took = Math.max(lastAnswer - started, 1) / 1000;
  latencies.sort((a, b) => a - b);
  const statuses: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) statuses[code] = stat.count ?? 0;
  const completed = latencies.length;
  return {
    name: scenario.name,
    requests: completed,
    seconds: Math.round(took * 100) / 100,
    rps: Math.round(completed / took),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: result.non2xx + result.errors,
    // Requests in flight when the time was up (at most one per connection): not errors, but a
    // scenario whose every request was still unanswered shows as such, not as a quiet zero.
    unanswered: Math.max(0, result.requests.sent - completed),
    statuses,
  };
}

async function main() {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const plan = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Plan;
  for (const scenario of plan.scenarios) {
    if (!scenario.amount && plan.warmupSeconds > 0) await run(plan, scenario, plan.warmupSeconds);
    const figures = await run(plan, scenario, plan.seconds, scenario.amount);
    process.stdout.write(`${JSON.stringify(figures)}\n`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
