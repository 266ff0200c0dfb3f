import { useId } from 'react';
import { Button } from '../Button/Button';
import { visuallyHidden } from '../styles/utils.css';
import * as styles from './PlaybackBar.css';

export const playbackStates = ['stopped', 'playing', 'paused'] as const;
export type PlaybackState = (typeof playbackStates)[number];

/** The texts of the PlaybackBar's buttons (all visible, all required). */
export interface PlaybackBarLabels {
  /** Main button while `state` is 'stopped', e.g. 'Starten'. */
  start: string;
  /** Main button while `state` is 'playing', e.g. 'Pausieren'. */
  pause: string;
  /** Main button while `state` is 'paused', e.g. 'Fortsetzen'. */
  resume: string;
  /** The stop button, e.g. 'Beenden'; disabled while `state` is 'stopped'. */
  stop: string;
}

export interface PlaybackBarProps {
  /** What is playing (or ready to play). */
  title: string;
  /** Heading level of the title in the page outline. Default 2. */
  titleLevel?: 2 | 3 | 4;
  /**
   * The session's state, owned by the app: 'stopped' shows Start, 'playing' Pause, 'paused' Resume
   * on the main button; Stop is enabled unless 'stopped'.
   */
  state: PlaybackState;
  /**
   * Elapsed time, already formatted by the app (the component shows it as it is and never formats
   * numbers itself). In the portal, `formatDuration` from `@portal/domain` gives h:mm:ss.
   * @example
   * import { formatDuration } from '@portal/domain';
   * <PlaybackBar
   *   elapsed={formatDuration(session.elapsedSeconds)} // '0:12:03'
   *   duration={formatDuration(content.duration)} // '0:45:00'
   *   timeSeparator="/"
   *   timeSeparatorLabel={t('playback.of')} // 'von'
   *   …
   * />
   */
  elapsed: string;
  /** Total duration, already formatted like `elapsed`, e.g. `formatDuration(content.duration)`. */
  duration: string;
  /** Shown between elapsed time and duration, e.g. '/' or 'von'. */
  timeSeparator: string;
  /**
   * What screen readers hear instead of `timeSeparator`, for a symbol that reads badly: with
   * `timeSeparator="/"` and `timeSeparatorLabel="von"` they read '0:12:03 von 0:45:00'. Omit it when
   * the separator is a word.
   */
  timeSeparatorLabel?: string;
  /** How many devices play along, formatted by the app, e.g. '24 Geräte'. */
  deviceCountText: string;
  /**
   * Button texts.
   * @example labels={{ start: t('play.start'), pause: t('play.pause'), resume: t('play.resume'), stop: t('play.stop') }}
   */
  labels: PlaybackBarLabels;
  /** The main button was pressed while 'stopped': the app starts the session. */
  onStart: () => void;
  /** The main button was pressed while 'playing': the app pauses the session. */
  onPause: () => void;
  /** The main button was pressed while 'paused': the app resumes the session. */
  onResume: () => void;
  /** The stop button was pressed (while 'playing' or 'paused'): the app ends the session. */
  onStop: () => void;
  /** Disables the controls, e.g. while no device is connected. */
  disabled?: boolean;
  /** Shows a command in flight on the main button (start/pause/resume) and blocks the controls. */
  busy?: boolean;
  /** Read after the main button's text while `busy`. */
  busyLabel?: string;
  /**
   * A sentence about the main button, shown below the controls and read as its description (aria-describedby): why
   * it is disabled, or what it leaves out.
   * @example <PlaybackBar disabled hint={t('start.noneReady')} … /> // 'Keine der 30 VR-Brillen ist startklar. …'
   */
  hint?: string;
}

function Icon({ kind }: { kind: 'play' | 'pause' | 'stop' }) {
  const shapes = {
    play: <path d="M4 2.5v11l9.5-5.5z" fill="currentColor" />,
    pause: <path d="M3.5 2.5h3v11h-3zM9.5 2.5h3v11h-3z" fill="currentColor" />,
    stop: <rect x="3" y="3" width="10" height="10" rx="1" fill="currentColor" />,
  } as const;
  return (
    <svg className={styles.icon} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      {shapes[kind]}
    </svg>
  );
}

/**
 * The playback control of a session: title, elapsed/duration, device count and start, pause/resume
 * and stop. Presentational: the app owns the state and sends the commands.
 */
export function PlaybackBar({
  title,
  titleLevel = 2,
  state,
  elapsed,
  duration,
  timeSeparator,
  timeSeparatorLabel,
  deviceCountText,
  labels,
  onStart,
  onPause,
  onResume,
  onStop,
  disabled = false,
  busy = false,
  busyLabel,
  hint,
}: PlaybackBarProps) {
  const titleId = useId();
  const hintId = useId();
  const Heading = `h${titleLevel}` as const;
  const main =
    state === 'stopped'
      ? { label: labels.start, onClick: onStart, icon: 'play' as const, variant: 'primary' as const }
      : state === 'playing'
        ? { label: labels.pause, onClick: onPause, icon: 'pause' as const, variant: 'secondary' as const }
        : { label: labels.resume, onClick: onResume, icon: 'play' as const, variant: 'primary' as const };
  return (
    <section className={styles.root} aria-labelledby={titleId} data-state={state}>
      <div className={styles.info}>
        <Heading id={titleId} className={styles.title}>
          {title}
        </Heading>
        <div className={styles.details}>
          <span className={styles.time}>
            {timeSeparatorLabel ? (
              <>
                <span aria-hidden="true">
                  {elapsed} {timeSeparator} {duration}
                </span>
                <span className={visuallyHidden}>
                  {elapsed} {timeSeparatorLabel} {duration}
                </span>
              </>
            ) : (
              `${elapsed} ${timeSeparator} ${duration}`
            )}
          </span>
          <span>{deviceCountText}</span>
        </div>
      </div>
      <div className={styles.controls}>
        <Button
          variant={main.variant}
          onClick={main.onClick}
          disabled={disabled}
          loading={busy}
          loadingLabel={busyLabel}
          aria-describedby={hint ? hintId : undefined}
        >
          {busy ? null : <Icon kind={main.icon} />}
          {main.label}
        </Button>
        <Button variant="danger" onClick={onStop} disabled={disabled || busy || state === 'stopped'}>
          <Icon kind="stop" />
          {labels.stop}
        </Button>
      </div>
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
    </section>
  );
}
