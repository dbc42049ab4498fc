import { createTableIfMissing, type Migration } from './helpers';
import { tourmasterTables } from './schema/wordpress-tables';

/** Tour Master's order and review tables, as the plugin creates them on activation. */
export const createTourmasterTables: Migration = {
  name: '20261121000200_create_tourmaster_tables',
  async up(ctx) {
    for (const ddl of Object.values(tourmasterTables(ctx))) await createTableIfMissing(ctx, ddl);
  },
};
