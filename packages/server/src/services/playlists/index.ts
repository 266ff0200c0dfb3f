/**
 * Playlists (Wiedergabelisten, `configurations` in the contract): their items, shares and the headsets they run on.
 * The area is one module, and what it exports is what the operations call; listing the names here again would only
 * be a second list to keep in step with operations/configurations.ts.
 */
export * from './configurations.ts';
