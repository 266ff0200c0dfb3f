/**
 * Lesson plans (Unterrichtsablauf, issue 26): their steps and shares. Running a plan is the playback commands'
 * (services/headsets/lessonRecord.ts). What this area exports is what operations/lessonPlans.ts calls.
 */
export * from './lessonPlans.ts';
