// What an operator's Prometheus scrapes from GET /metrics (issue #46): requests by route and status
// and their latency, the database pool, the mail outbox's backlog, each background job's lag, whether
// each dependency is up (the database and Redis asked at scrape time; the bucket and SMTP as their
// calls found them: platform/dependency-health.ts) and how often it failed, and the process's own figures. One registry per app, so test servers
// in one process keep their counts apart. Nothing here is per person: labels are methods, route
// patterns, statuses, job and dependency names, never an id or a name (routeLabel, request-metrics.ts).
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../../db/client';
import type { DependencyHealth, DependencyName } from '../../platform/dependency-health';
import { jobRecords } from '../../platform/job-runner';
import { measureOutbox } from '../../platform/mail';
import type { Redis } from '../../platform/redis';

/** What a scrape waits for one reading (a ping, the outbox count) before it reports it as missing. */
const READING_TIMEOUT_MS = 1_000;

export interface AppMetrics {
  /** Counts and times one answered request. */
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  /** The text format, with the gauges read now. */
  scrape(): Promise<{ contentType: string; text: string }>;
}

export function createAppMetrics({
  database,
  redis,
  dependencies,
  used = [],
}: {
  database: Database;
  redis: Redis | null;
  /** The outages this instance has seen: the bucket's and SMTP's state, and every failure count. */
  dependencies: DependencyHealth;
  /** The services besides the database this instance is set up to use: S3_BUCKET, SMTP_URL. */
  used?: readonly ('storage' | 'mail')[];
}): AppMetrics {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: "Time to an answer's headers (a stream's length is not counted), by method and route pattern",
    labelNames: ['method', 'route'] as const,
    // Prometheus's defaults, 5 ms to 10 s: the pool gives up on a connection at 5 s.
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });

  if (database.poolStatus()) {
    const pool = (read: (state: NonNullable<ReturnType<Database['poolStatus']>>) => number) =>
      function (this: Gauge) {
        const state = database.poolStatus();
        if (state) this.set(read(state));
      };
    new Gauge({
      name: 'yearbook_db_pool_connections',
      help: 'Connections the database pool holds open (in use or idle)',
      registers,
      collect: pool((s) => s.total),
    });
    new Gauge({
      name: 'yearbook_db_pool_idle_connections',
      help: 'Open connections of the database pool not in use',
      registers,
      collect: pool((s) => s.idle),
    });
    new Gauge({
      name: 'yearbook_db_pool_waiting_queries',
      help: 'Queries waiting for a connection of the database pool (it is full)',
      registers,
      collect: pool((s) => s.waiting),
    });
    new Gauge({
      name: 'yearbook_db_pool_max_connections',
      help: 'Connections the database pool may open',
      registers,
      collect: pool((s) => s.max),
    });
  }

  // The outbox is read once per scrape, for both of its gauges; NaN when it could not be read.
  let outbox: Promise<{ waiting: number; oldestSeconds: number }> | null = null;
  const readOutbox = () => {
    outbox ??= within(measureOutbox(database.db)).finally(() => {
      outbox = null;
    });
    return outbox.catch(() => ({ waiting: Number.NaN, oldestSeconds: Number.NaN }));
  };
  new Gauge({
    name: 'yearbook_mail_outbox_waiting',
    help: 'Mail waiting in the outbox to be sent (not held for the development mailbox, not given up)',
    registers,
    async collect() {
      this.set((await readOutbox()).waiting);
    },
  });
  new Gauge({
    name: 'yearbook_mail_outbox_oldest_age_seconds',
    help: 'Age of the oldest mail waiting in the outbox (0 when none waits)',
    registers,
    async collect() {
      this.set((await readOutbox()).oldestSeconds);
    },
  });

  const jobGauge = (
    name: string,
    help: string,
    read: (record: ReturnType<typeof jobRecords>[number]) => number | null,
  ) =>
    new Gauge({
      name,
      help,
      labelNames: ['job'] as const,
      registers,
      collect() {
        this.reset();
        for (const record of jobRecords()) {
          const value = read(record);
          if (value !== null) this.set({ job: record.name }, value);
        }
      },
    });
  jobGauge(
    'yearbook_job_last_success_age_seconds',
    "Seconds since a background job's last successful run ended (since it started, if none has)",
    (r) => (Date.now() - (r.lastSuccessAt ?? r.startedAt)) / 1000,
  );
  jobGauge(
    'yearbook_job_last_run_duration_seconds',
    "How long a background job's last run took",
    (r) => r.lastRunSeconds,
  );
  jobGauge(
    'yearbook_job_interval_seconds',
    'The pause between the end of one run of a job and the next',
    (r) => r.intervalMs / 1000,
  );
  const jobCounter = (
    name: string,
    help: string,
    read: (record: ReturnType<typeof jobRecords>[number]) => number,
  ) =>
    new Counter({
      name,
      help,
      labelNames: ['job'] as const,
      registers,
      collect() {
        this.reset();
        for (const record of jobRecords()) this.inc({ job: record.name }, read(record));
      },
    });
  jobCounter('yearbook_job_runs_total', 'Runs of a background job ended, in this process', (r) => r.runs);
  jobCounter(
    'yearbook_job_failures_total',
    'Runs of a background job that failed, in this process',
    (r) => r.failures,
  );

  // The database and Redis are asked at each scrape (cheap, and the truest reading: 0 also when the
  // database is too busy to answer a ping). The bucket and SMTP are not (a scrape per instance would
  // be a request to S3 or a mail connection every 15 s): their state is what their calls found, and
  // while down the tracker probes them, so it turns back to 1 without waiting for the next upload.
  new Gauge({
    name: 'yearbook_dependency_up',
    help: `Whether a service can serve: 1 yes, 0 no. The database and Redis: answered this scrape within ${READING_TIMEOUT_MS} ms (else down, or too busy); storage (S3) and mail (SMTP): their last calls or probes succeeded`,
    labelNames: ['dependency'] as const,
    registers,
    async collect() {
      const up = (check: Promise<unknown>) =>
        within(check).then(
          () => 1,
          () => 0,
        );
      const [db, cache] = await Promise.all([
        up(database.ping()),
        redis ? up(redis.run((client) => client.ping())) : null,
      ]);
      this.reset();
      this.set({ dependency: 'database' }, db);
      if (cache !== null) this.set({ dependency: 'redis' }, cache);
      for (const name of used)
        this.set({ dependency: name }, dependencies.status(name).state === 'up' ? 1 : 0);
    },
  });
  // Failures as the tracker counts them: requests the database failed (503s), calls to the bucket and
  // sends to SMTP that failed on the service's trouble. Redis's are not counted: each falls back.
  const counted: DependencyName[] = ['database', ...used];
  new Counter({
    name: 'yearbook_dependency_failures_total',
    help: 'Requests, calls or sends that failed because a service could not serve, in this process',
    labelNames: ['dependency'] as const,
    registers,
    collect() {
      this.reset();
      for (const name of counted) this.inc({ dependency: name }, dependencies.status(name).failures);
    },
  });
  new Counter({
    name: 'yearbook_dependency_outages_total',
    help: 'Times a service went down (its first failure after being up), in this process',
    labelNames: ['dependency'] as const,
    registers,
    collect() {
      this.reset();
      for (const name of counted) this.inc({ dependency: name }, dependencies.status(name).outages);
    },
  });

  return {
    observeRequest(method, route, status, seconds) {
      requests.inc({ method, route, status: String(status) });
      durations.observe({ method, route }, seconds);
    },
    async scrape() {
      return { contentType: registry.contentType, text: await registry.metrics() };
    },
  };
}

/** `work`, or a rejection once READING_TIMEOUT_MS has passed: a scrape never waits on a hung service. */
function within<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('no answer in time')), READING_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
