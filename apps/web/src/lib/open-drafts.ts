import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation } from '@/lib/router';

/**
 * What a member types into a form survives the page being loaded again while the form is open: the
 * "new version" banner's reload, the browser's or web view's reload, coming back from a gateway's page
 * with "back". Each open form registers what it holds; when the document ends (`pagehide`, or the app
 * reloading itself) they are written to sessionStorage with the page they were on, and the next load
 * gives each one back once, to the same form on the same page. Leaving the form inside the app forgets it.
 */

const OPEN_DRAFTS_KEY = 'shop.openDrafts';

interface OpenDraft {
  /** The page the form was on: its path and query, as the router has them. */
  page: string;
  value: unknown;
}

/** The forms open now, by name: where they are and what they hold. */
const open = new Map<string, { page: string; value: () => unknown }>();
/** What the previous document left open on the page this one opened at, until each form takes its own. */
let leftOpen: Record<string, OpenDraft> = {};
let listening = false;

/** Writes the open forms' drafts down: the document is about to end. */
export function keepOpenDrafts(): void {
  const drafts: Record<string, OpenDraft> = {};
  for (const [name, form] of open) {
    const value = form.value();
    if (value !== undefined) drafts[name] = { page: form.page, value };
  }
  try {
    if (Object.keys(drafts).length) window.sessionStorage.setItem(OPEN_DRAFTS_KEY, JSON.stringify(drafts));
    else window.sessionStorage.removeItem(OPEN_DRAFTS_KEY);
  } catch {
    // Storage refused (private mode, a web view without it): the text is lost with the page, as before.
  }
}

function listen(): void {
  if (listening) return;
  listening = true;
  window.addEventListener('pagehide', keepOpenDrafts);
}

/**
 * At the start of a load: takes what the previous document of this tab left open on `startPage` (the
 * page this load opens at); drafts of any other page are dropped.
 */
export function takeDraftsLeftOpen(startPage: string = window.location.hash.replace(/^#/, '') || '/'): void {
  listen();
  leftOpen = {};
  try {
    const raw = window.sessionStorage.getItem(OPEN_DRAFTS_KEY);
    window.sessionStorage.removeItem(OPEN_DRAFTS_KEY);
    const all = raw ? (JSON.parse(raw) as Record<string, OpenDraft>) : {};
    for (const [name, draft] of Object.entries(all)) if (draft && draft.page === startPage) leftOpen[name] = draft;
  } catch {
    // Nothing to give back.
  }
}

const usePage = () => {
  const { pathname, search } = useLocation();
  return `${pathname}${search}`;
};

/** What the form `name` held when the previous document ended with it open on this page, once (read when the form first renders). */
export function useDraftLeftOpen<T>(name: string): T | undefined {
  const page = usePage();
  const [restored] = useState(() => (leftOpen[name]?.page === page ? (leftOpen[name].value as T) : undefined));
  return restored;
}

/**
 * Registers the form `name`, open on this page, as holding `value` (undefined when nothing in it is
 * worth keeping): written down only if the document ends while it is open.
 */
export function useKeepOpenDraft(name: string, value: unknown): void {
  const page = usePage();
  const current = useRef(value);
  // Updated as the render is committed, not after the paint: what the member sees on the screen is what a
  // `pagehide` right then writes down (a photo shown as its upload ends, before passive effects ran, was lost).
  useLayoutEffect(() => {
    current.current = value;
  });
  useEffect(() => {
    listen();
    // Given back once: coming back to this page inside the app starts the form afresh.
    delete leftOpen[name];
    open.set(name, { page, value: () => current.current });
    return () => {
      if (open.get(name)?.page === page) open.delete(name);
    };
  }, [name, page]);
}

const typedSomething = (v: unknown) => v !== undefined && v !== null && v !== '' && v !== false && !(Array.isArray(v) && v.length === 0);

/**
 * A form's fields named in `kept` (never a password or a code: those are typed again) survive the page
 * being loaded again while it is open: `useKeepOpenDraft` while something in them is typed, and what the
 * previous document left is handed to `restore` once, after the form's first render.
 */
export function useKeepFormDraft<T extends object>(name: string, values: T, kept: ReadonlyArray<keyof T>, restore: (draft: Partial<T>) => void): void {
  const leftOpen = useDraftLeftOpen<Partial<T>>(name);
  const typed: Partial<T> = {};
  for (const field of kept) if (typedSomething(values[field])) typed[field] = values[field];
  useKeepOpenDraft(name, Object.keys(typed).length ? typed : undefined);
  const giveBack = useRef(restore);
  useEffect(() => {
    giveBack.current = restore;
  });
  useEffect(() => {
    if (leftOpen) giveBack.current(leftOpen);
  }, [leftOpen]);
}
