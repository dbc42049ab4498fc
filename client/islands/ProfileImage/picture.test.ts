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
