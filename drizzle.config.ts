import { defineConfig } from 'drizzle-kit';

// Used only by `npm run db:generate` to write SQL migrations from src/server/db/schema.ts.
// The app applies the committed migrations itself at start (src/server/db/migrate.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './src/server/db/migrations',
});
