import { describe, expect, it } from 'vitest';
import { PICTURE_MAX_BYTES, PICTURE_MESSAGES, pictureProblem } from './picture';

describe('pictureProblem (the profile picture, before upload)', () => {
  it('accepts PNG, JPEG and GIF up to 2 MB', () => {
    expect(pictureProblem({ type: 'image/png', size: 1000 })).toBeUndefined();
    expect(pictureProblem({ type: 'image/jpeg', size: PICTURE_MAX_BYTES })).toBeUndefined();
    expect(pictureProblem({ type: 'IMAGE/GIF', size: 1 })).toBeUndefined();
  });

  it("refuses other files with the server's sentences", () => {
    expect(pictureProblem({ type: 'application/pdf', size: 10 })).toBe(PICTURE_MESSAGES.wrongType);
    expect(pictureProblem({ type: 'image/svg+xml', size: 10 })).toBe(PICTURE_MESSAGES.wrongType);
    expect(pictureProblem({ type: '', size: 10 })).toBe(PICTURE_MESSAGES.wrongType);
    expect(pictureProblem({ type: 'image/png', size: PICTURE_MAX_BYTES + 1 })).toBe(PICTURE_MESSAGES.tooBig);
  });
});

describe('the same rule as the server', () => {
  it('has the sentences and the size limit of server/pages/account/avatar.ts', async () => {
    const { AVATAR_MESSAGES } = await import('../../../server/pages/account/avatar');
    const { AVATAR_MAX_BYTES } = await import('../../../server/pages/account/form-body');
    expect(PICTURE_MESSAGES.wrongType).toBe(AVATAR_MESSAGES.wrongType);
    expect(PICTURE_MESSAGES.tooBig).toBe(AVATAR_MESSAGES.tooBig);
    expect(PICTURE_MAX_BYTES).toBe(AVATAR_MAX_BYTES);
  });
});
