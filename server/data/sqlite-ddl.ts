import type { ColumnDef, TableDef } from './mysql-dump';

/**
 * Translates a MySQL table definition (as WordPress and Tour Master create it) into SQLite DDL for
 * the embedded default. Types map to SQLite affinities; `_ci` text columns get `COLLATE NOCASE`
 * so equality, uniqueness and ORDER BY fold ASCII case as MySQL's collations do (accents are
 * folded in code, see dialect.ts). Index names are prefixed with the table name because SQLite
 * index names are global, MySQL's are per table.
 */
export function sqliteCreateTable(def: TableDef): string[] {
  const q = quoteSqlite;
  const singleAutoPk =
    def.primaryKey.length === 1 && def.columns.find((c) => c.name === def.primaryKey[0])?.autoIncrement;
  const lines = def.columns.map((col) => {
    if (singleAutoPk && col.name === def.primaryKey[0]) return `${q(col.name)} INTEGER PRIMARY KEY AUTOINCREMENT`;
    return `${q(col.name)} ${sqliteType(col)}${sqliteCollation(col, def)}${col.notNull ? ' NOT NULL' : ''}${sqliteDefault(col)}`;
  });
  if (def.primaryKey.length && !singleAutoPk) lines.push(`PRIMARY KEY (${def.primaryKey.map(q).join(', ')})`);
  const out = [`CREATE TABLE IF NOT EXISTS ${q(def.name)} (\n  ${lines.join(',\n  ')}\n)`];
  for (const index of def.indexes) {
    if (index.fulltext) continue;
    out.push(
      sqliteCreateIndex(
        def.name,
        index.name,
        index.columns.map((c) => c.name),
        index.unique,
      ),
    );
  }
  return out;
}

export function sqliteIndexName(table: string, index: string): string {
  return `${table}__${index}`;
}

export function sqliteCreateIndex(table: string, index: string, columns: string[], unique: boolean): string {
  const q = quoteSqlite;
  return `CREATE ${unique ? 'UNIQUE ' : ''}INDEX IF NOT EXISTS ${q(sqliteIndexName(table, index))} ON ${q(table)} (${columns.map(q).join(', ')})`;
}

export function quoteSqlite(ident: string): string {
  return `"${ident.replaceAll('"', '""')}"`;
}

function sqliteType(col: ColumnDef): string {
  const t = col.baseType;
  if (/int$|^bit$|^bool/.test(t)) return 'INTEGER';
  if (t === 'decimal' || t === 'numeric') return 'NUMERIC';
  if (t === 'float' || t === 'double' || t === 'real') return 'REAL';
  if (/blob$|binary$/.test(t)) return 'BLOB';
  return 'TEXT';
}

function isText(col: ColumnDef): boolean {
  return sqliteType(col) === 'TEXT' && !/^(date|datetime|timestamp|time|year)$/.test(col.baseType);
}

function sqliteCollation(col: ColumnDef, def: TableDef): string {
  if (!isText(col)) return '';
  const collation = col.collate ?? def.collate ?? '';
  return /_bin$/i.test(collation) ? '' : ' COLLATE NOCASE';
}

function sqliteDefault(col: ColumnDef): string {
  const d = col.defaultSql;
  if (d === undefined) return '';
  if (/^current_timestamp(\(\))?$/i.test(d)) return ' DEFAULT CURRENT_TIMESTAMP';
  if (/^NULL$/i.test(d)) return ' DEFAULT NULL';
  if (d.startsWith("'") || d.startsWith('"')) return ` DEFAULT '${d.slice(1, -1).replaceAll("\\'", "''")}'`;
  if (/^[-+]?\d+(\.\d+)?$/.test(d)) return ` DEFAULT ${d}`;
  return '';
}
