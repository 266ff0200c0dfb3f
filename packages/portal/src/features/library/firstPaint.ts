import { useEffect, useState } from 'react';

/** Resolves once the browser has shown the page's first content; at once where it cannot tell. */
function observeFirstContentfulPaint(): Promise<void> {
  if (
    typeof PerformanceObserver === 'undefined' ||
    !PerformanceObserver.supportedEntryTypes?.includes('paint')
  )
    return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      resolve();
    });
    // Buffered: a page opened after the first paint (another route came first) learns of it at once.
    observer.observe({ type: 'paint', buffered: true });
  });
}

let painted = false;
const firstContentfulPaint = observeFirstContentfulPaint().then(() => {
  painted = true;
});

/**
 * Whether the page has shown its first content (the browser's first-contentful-paint). What is not on the first
 * screen waits for it, so that on a slow phone it does not share the network with what the first screen shows. An
 * effect or a frame callback is too early: it runs before the frame is on screen (the Mediathek's filters asked for
 * their chunk after a frame callback, still before the cards were shown).
 */
export function useFirstContentfulPaint(): boolean {
  const [shown, setShown] = useState(painted);
  useEffect(() => {
    if (shown) return;
    let current = true;
    void firstContentfulPaint.then(() => {
      if (current) setShown(true);
    });
    return () => {
      current = false;
    };
  }, [shown]);
  return shown;
}
