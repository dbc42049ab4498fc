import { createTableIfMissing, type Migration } from './helpers';
import { wordpressTables } from './schema/wordpress-tables';

/** WordPress core tables, for a fresh database; an existing site keeps its own untouched. */
export const createWordpressTables: Migration = {
  name: '20261121000100_create_wordpress_tables',
  async up(ctx) {
    for (const ddl of Object.values(wordpressTables(ctx))) await createTableIfMissing(ctx, ddl);
  },
};
