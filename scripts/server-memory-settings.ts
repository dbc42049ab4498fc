import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../server/core/config';

/**
 * The V8 flags and glibc variables scripts/start.sh starts the server with (`V8_MEMORY_FLAGS`, and
 * each `MALLOC_…` it exports with a default), read from the script so the two cannot drift apart.
 */
export function serverMemorySettings(script = readFileSync(path.join(PROJECT_ROOT, 'scripts', 'start.sh'), 'utf8')): {
  flags: string[];
  env: Record<string, string>;
} {
  const flags = /^V8_MEMORY_FLAGS="([^"]*)"$/m.exec(script)?.[1]?.split(/\s+/).filter(Boolean);
  if (!flags?.length) throw new Error('scripts/start.sh sets no V8_MEMORY_FLAGS');
  const env: Record<string, string> = {};
  for (const m of script.matchAll(/^export (MALLOC_\w+)="\$\{\1:-([^}]*)\}"$/gm)) env[m[1]!] = m[2]!;
  return { flags, env };
}
