import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { cruise, type IReporterOutput } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../server/core/config';

/**
 * The layers of ARCHITECTURE.md, checked: the import rules (scripts/dependency-rules.cjs) over
 * server/ and client/ with dependency-cruiser, and SQL (the knex query builder) only in server/data
 * (and the test and parity harnesses, which set up and inspect databases).
 */
const RULES = path.join(PROJECT_ROOT, 'scripts', 'dependency-rules.cjs');

type Violation = { from: string; to: string; rule: { name: string } };

describe('layers', () => {
  it('no import goes against the rules', async () => {
    const { default: ruleSet } = await import(RULES);
    const result: IReporterOutput = await cruise(
      ['server', 'client'],
      {
        ruleSet,
        validate: true,
        baseDir: PROJECT_ROOT,
        doNotFollow: { path: 'node_modules' },
        exclude: { path: '^(node_modules|dist)/' },
        tsPreCompilationDeps: true,
      },
      undefined,
      { tsConfig: { fileName: path.join(PROJECT_ROOT, 'tsconfig.json') } } as never,
    );
    const output = result.output as { summary: { violations: Violation[] } };
    expect(output.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort()).toEqual([]);
  }, 120_000);

  it('no SQL outside server/data', () => {
    const server = path.join(PROJECT_ROOT, 'server');
    const sources = (readdirSync(server, { recursive: true }) as string[]).filter(
      (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !/^(data|testing|parity)\//.test(file),
    );
    const withSql = sources.filter((file) => /\.knex\b|\bknex\(/.test(readFileSync(path.join(server, file), 'utf8')));
    expect(withSql).toEqual([]);
  });
});
