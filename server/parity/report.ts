import type { Outcome, StateChangingMode } from './run';

export interface ActionTotals {
  compared: number;
  match: number;
  deviation: number;
  difference: number;
  error: number;
  skipped: number;
}

export interface ParityReport {
  legacy: string;
  ours: string;
  stateChanging: StateChangingMode;
  startedAt: string;
  totals: ActionTotals;
  actions: Record<string, ActionTotals>;
  outcomes: Outcome[];
}

export function buildReport(
  outcomes: Outcome[],
  run: { legacy: string; ours: string; stateChanging: StateChangingMode; startedAt: Date },
): ParityReport {
  const empty = (): ActionTotals => ({ compared: 0, match: 0, deviation: 0, difference: 0, error: 0, skipped: 0 });
  const totals = empty();
  const actions: Record<string, ActionTotals> = {};
  for (const o of outcomes) {
    actions[o.action] ??= empty();
    const row = actions[o.action]!;
    for (const t of [row, totals]) {
      t[o.result]++;
      if (o.result !== 'skipped') t.compared++;
    }
  }
  return {
    legacy: run.legacy,
    ours: run.ours,
    stateChanging: run.stateChanging,
    startedAt: run.startedAt.toISOString(),
    totals,
    actions: Object.fromEntries(Object.entries(actions).sort(([a], [b]) => a.localeCompare(b))),
    outcomes,
  };
}

/** Every compared exchange matched (deviations on purpose included); nothing failed to answer. */
export function reportPasses(report: ParityReport): boolean {
  return report.totals.difference === 0 && report.totals.error === 0;
}

/** The report as the command prints it: a table by action, then each difference, error and skip. */
export function formatReport(report: ParityReport): string {
  const lines: string[] = [];
  const width = Math.max(30, ...Object.keys(report.actions).map((a) => a.length));
  const row = (label: string, t: ActionTotals) =>
    `${label.padEnd(width)}  ${[t.compared, t.match, t.deviation, t.difference + t.error, t.skipped]
      .map((n, i) => String(n).padStart(COLUMNS[i]!.length))
      .join('  ')}`;
  lines.push(`Parity of ${report.ours} (ours) with ${report.legacy} (live)`, '');
  lines.push(`${'action'.padEnd(width)}  ${COLUMNS.join('  ')}`);
  for (const [action, t] of Object.entries(report.actions)) lines.push(row(action, t));
  lines.push(row('all', report.totals));

  const against = (o: Outcome) => (o.against === 'captured' ? 'ours only, against the captured reply' : 'live');
  const failed = report.outcomes.filter((o) => o.result === 'difference' || o.result === 'error');
  if (failed.length) {
    lines.push('', 'Differences (the first per exchange):');
    for (const o of failed) {
      lines.push(`  ${o.name}  [${o.action}; ${against(o)}]`);
      if (o.result === 'error') lines.push(`    ${o.reason}`);
      else {
        const [first = '', ...rest] = o.differences ?? [];
        lines.push(...first.split('\n').map((l) => `    ${l}`));
        if (rest.length) lines.push(`    (and ${rest.length} more)`);
      }
    }
  }
  const deviations = report.outcomes.filter((o) => o.result === 'deviation');
  if (deviations.length) {
    lines.push('', 'Different on purpose (legacy-fixtures/DEVIATIONS.md):');
    for (const o of deviations) lines.push(`  ${o.name}  [${o.action}]: ${o.entry}`);
  }
  const skipped = report.outcomes.filter((o) => o.result === 'skipped');
  if (skipped.length) {
    lines.push('', 'Skipped, never sent to the live site (--state-changing=ours-only sends them to ours):');
    for (const o of skipped) lines.push(`  ${o.name}  [${o.action}]: ${o.reason}`);
  }
  const t = report.totals;
  lines.push(
    '',
    `Result: ${t.match + t.deviation} of ${t.compared} compared match` +
      (t.deviation ? ` (${t.deviation} different on purpose)` : '') +
      `, ${t.difference} differ, ${t.error} failed, ${t.skipped} skipped.`,
  );
  return `${lines.join('\n')}\n`;
}

const COLUMNS = ['compared', 'match', 'on purpose', 'differ', 'skipped'] as const;
