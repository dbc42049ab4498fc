/**
 * `react` in the client build (vite.config.ts): preact/compat's named exports, and a default export
 * holding only what react-hook-form reads from it (`import React from 'react'`). preact/compat's own
 * default object names all of compat (Suspense, lazy, Children, …), which would keep all of it in
 * every island's bundle. JavaScript, not TypeScript: compat's types are an `export =` module that
 * TypeScript does not let a module re-export.
 */
import {
  createContext,
  createElement,
  Fragment,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'preact/compat';

export * from 'preact/compat';

export default {
  Fragment,
  createContext,
  createElement,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
};
