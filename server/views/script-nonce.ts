import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The CSP nonce of the page request being rendered: set by the HTTP layer around a page route
 * (http/security-headers.ts), read by the views that print an inline `<script>`.
 */
const nonceStore = new AsyncLocalStorage<{ nonce: string }>();

/** This page request's CSP nonce, for an inline `<script>` we print; undefined outside a page. */
export function scriptNonce(): string | undefined {
  return nonceStore.getStore()?.nonce;
}

/** Runs `fn` as part of a page request whose CSP nonce is `nonce` (ourPages; tests). */
export function withScriptNonce<T>(nonce: string, fn: () => T): T {
  return nonceStore.run({ nonce }, fn);
}
