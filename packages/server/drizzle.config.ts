import { defineConfig } from 'drizzle-kit';

// Only generates SQL from the schema; the server applies it itself at start (src/db/migrate.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
