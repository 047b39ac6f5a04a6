/**
 * React as react-hook-form uses it, on Preact: where the public forms' copy of react-hook-form
 * imports `react` (ADR 093). Preact's own hooks, context and elements, by name; the plugin turns
 * the copy's `import React from 'react'` into a namespace import, so the build keeps only what
 * the forms' code reaches. preact/compat would do, but its default export holds the whole of
 * React's API, so the build keeps all of compat and of Preact's core that it touches: 0.5 KB
 * more in the file every public page loads. react-on-preact.test.ts checks that this module
 * exports every `React.*` the installed react-hook-form reads.
 */
export { createContext, createElement, Fragment } from 'preact';
export {
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'preact/hooks';
