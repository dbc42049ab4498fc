import { describe, expect, it } from 'vitest';
import { serverMemorySettings } from './server-memory-settings';

describe('serverMemorySettings', () => {
  it('reads the flags and glibc variables scripts/start.sh starts the server with', () => {
    const { flags, env } = serverMemorySettings();
    expect(flags).toContain('--max-semi-space-size=4');
    expect(flags.some((f) => f.startsWith('--heap-growing-percent='))).toBe(true);
    expect(Object.keys(env).sort()).toEqual(['MALLOC_ARENA_MAX', 'MALLOC_MMAP_THRESHOLD_', 'MALLOC_TRIM_THRESHOLD_']);
  });

  it('refuses a script without the flags rather than run the probe without them', () => {
    expect(() => serverMemorySettings('exec node dist/server/main.js')).toThrow(/V8_MEMORY_FLAGS/);
  });
});
