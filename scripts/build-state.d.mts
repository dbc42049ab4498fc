// Types of build-state.mjs (plain JavaScript, so `npm start` runs it on Node alone).
export const ROOT: string;
export const SERVER_BUNDLE: string;
export const SERVER_INPUTS: string;
export const CLIENT_MANIFEST: string;
export function staleParts(root?: string): ('client' | 'server')[];
