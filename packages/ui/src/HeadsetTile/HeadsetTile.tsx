import type { MouseEvent, ReactNode } from 'react';
import { Badge } from '../Badge/Badge';
import * as styles from './HeadsetTile.css';

export const headsetTileStatuses = ['online', 'offline', 'noAnswer'] as const;
/** Online, switched off or out of reach, or paired but silent for longer than it should be. */
export type HeadsetTileStatus = (typeof headsetTileStatuses)[number];

export interface HeadsetTilePlayback {
  /** What plays, e.g. the content's title. */
  title: string;
  /** How far it is, 0–100; null when the headset reports no position (an app). */
  progress: number | null;
  /** Paused rather than playing: the symbol shows two bars instead of a triangle, the progress is drawn hatched. */
  paused: boolean;
  /** 'läuft, 40 %' or 'pausiert': the state in words, the symbol's tooltip (the tile's accessible name says it too). */
  stateLabel: string;
}

export interface HeadsetTileProblem {
  /** Stable key for the list, e.g. 'outdated'. */
  key: string;
  /** Short text of the badge, e.g. 'Software veraltet'. */
  label: string;
}

export interface HeadsetTileProps {
  /** The headset's name ('Sirius'). */
  name: string;
  /** The status picture: online, offline or no answer. */
  status: HeadsetTileStatus;
  /** The status in words, shown under the name ('Online', 'Offline', 'Keine Antwort'). */
  statusLabel: string;
  /** Battery percent for the glyph's fill; null when never reported (the glyph stays empty). */
  batteryLevel: number | null;
  /** The battery in words, e.g. '45 %' or 'Akku unbekannt'. */
  batteryLabel: string;
  /** The app's rule says the battery is low: the glyph turns critical. */
  batteryLow?: boolean;
  /** What plays, when something does. */
  playback?: HeadsetTilePlayback | undefined;
  /** The headset shows 'Alle Blicke nach vorn': this text marks the tile (e.g. 'Blick nach vorn'). */
  attentionLabel?: string | undefined;
  /** Problems to fix (software outdated, content missing, storage full), each a badge. */
  problems?: readonly HeadsetTileProblem[];
  /**
   * The tile's accessible name: name and state in one sentence, composed by the app
   * ('Sirius: online, Akku 45 %, spielt „Sonnensystem“, 40 %').
   */
  accessibleName: string;
  /** Whether the tile is selected for a command. */
  selected: boolean;
  /** The checkbox's accessible name, e.g. 'Sirius auswählen'. */
  selectLabel: string;
  /**
   * Called when the tile is clicked or its checkbox toggled: the new state, and `range` when Shift was held (the app
   * selects from the last clicked tile to this one).
   */
  onSelectedChange: (selected: boolean, options: { range: boolean }) => void;
  /** Extra content at the tile's end (e.g. a link to the headset's page). */
  children?: ReactNode;
}

/** The headset as a picture: a pair of goggles, filled when online, outlined when offline, with a question when silent. */
function StatusPicture({ status }: { status: HeadsetTileStatus }) {
  return (
    <svg className={styles.picture({ status })} viewBox="0 0 28 18" aria-hidden="true" focusable="false">
      <rect className={styles.goggles} x="1" y="3" width="26" height="12" rx="5" />
      <path className={styles.nose} d="M11.5 15 Q14 10.5 16.5 15" />
      {status === 'noAnswer' && (
        <text className={styles.question} x="14" y="12.5" textAnchor="middle">
          ?
        </text>
      )}
      {status === 'offline' && <path className={styles.slash} d="M3 17 L25 1" />}
    </svg>
  );
}

/**
 * What plays, after a symbol for playing or paused (shapes, so the state does not rest on colour); the progress is
 * the bar along the tile's edge. Title and state in words are the tooltip, and part of the tile's accessible name.
 */
function PlaybackLine({ playback }: { playback: HeadsetTilePlayback }) {
  return (
    <span className={styles.playing} title={`${playback.title} – ${playback.stateLabel}`}>
      <svg className={styles.stateSymbol} viewBox="0 0 10 10" aria-hidden="true" focusable="false">
        {playback.paused ? (
          <>
            <rect x="1.5" y="1" width="2.5" height="8" />
            <rect x="6" y="1" width="2.5" height="8" />
          </>
        ) : (
          <path d="M2 1 L9 5 L2 9 Z" />
        )}
      </svg>
      <span className={styles.title}>{playback.title}</span>
    </span>
  );
}

/** A battery glyph with its level as the fill: at a glance how long a headset lasts. */
function BatteryGlyph({ level, low }: { level: number | null; low: boolean }) {
  const width = level === null ? 0 : Math.max(1, Math.round((Math.min(100, Math.max(0, level)) / 100) * 18));
  return (
    <svg className={styles.battery} viewBox="0 0 24 12" aria-hidden="true" focusable="false">
      <rect className={styles.batteryShell} x="0.75" y="0.75" width="20.5" height="10.5" rx="2" />
      <rect className={styles.batteryTip} x="21.75" y="3.5" width="2" height="5" rx="0.75" />
      <rect className={styles.batteryFill({ low })} x="2" y="2" width={width} height="8" rx="1" />
    </svg>
  );
}

/**
 * One headset of a class set in the teacher's Klassenansicht: name, status picture, battery, what plays with its
 * progress, the attention mark and problems; selectable with a click or Shift-click (a range). Render it in a
 * {@link HeadsetTileList}, which makes the tiles a list for screen readers.
 */
export function HeadsetTile({
  name,
  status,
  statusLabel,
  batteryLevel,
  batteryLabel,
  batteryLow = false,
  playback,
  attentionLabel,
  problems = [],
  accessibleName,
  selected,
  selectLabel,
  onSelectedChange,
  children,
}: HeadsetTileProps) {
  const select = (event: MouseEvent<HTMLInputElement>) => {
    onSelectedChange(event.currentTarget.checked, { range: event.shiftKey });
  };
  // A click elsewhere on the tile toggles it here rather than through the label's activation, which browsers skip
  // for a Shift-click (it extends a text selection instead).
  const selectByTile = (event: MouseEvent<HTMLLabelElement>) => {
    if (event.target instanceof HTMLInputElement) return;
    event.preventDefault();
    onSelectedChange(!selected, { range: event.shiftKey });
  };
  return (
    <li
      className={styles.root}
      aria-label={accessibleName}
      data-status={status}
      data-selected={selected || undefined}
      data-attention={attentionLabel ? true : undefined}
    >
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard reaches the checkbox inside, which handles Space itself */}
      <label
        className={styles.body}
        onClick={selectByTile}
        // Shift on the mouse button would start a text selection across the tiles.
        onMouseDown={(event) => {
          if (event.shiftKey) event.preventDefault();
        }}
      >
        <span className={styles.head}>
          <input
            type="checkbox"
            className={styles.check}
            checked={selected}
            aria-label={selectLabel}
            onClick={select}
            // The click decides (it knows about Shift); the state comes back through `selected`.
            onChange={() => undefined}
          />
          <StatusPicture status={status} />
          <span className={styles.name}>{name}</span>
        </span>
        <span className={styles.line}>
          {/* What plays says the headset is on; the picture keeps the status. */}
          {playback ? (
            <PlaybackLine playback={playback} />
          ) : (
            <span className={styles.statusText}>{statusLabel}</span>
          )}
          <span className={styles.batteryRow}>
            <BatteryGlyph level={batteryLevel} low={batteryLow} />
            <span>{batteryLabel}</span>
          </span>
        </span>
        {(attentionLabel || problems.length > 0) && (
          <span className={styles.badges}>
            {attentionLabel && <span className={styles.attention}>{attentionLabel}</span>}
            {problems.map((problem) => (
              <Badge key={problem.key} tone="warning">
                {problem.label}
              </Badge>
            ))}
          </span>
        )}
      </label>
      {playback && (
        // The progress as the tile's lower edge: it takes no line of its own, so every tile keeps one height.
        <span className={styles.track} aria-hidden="true">
          <span
            className={styles.fill({ paused: playback.paused })}
            style={{ width: `${playback.progress ?? 100}%` }}
          />
        </span>
      )}
      {children}
    </li>
  );
}

export interface HeadsetTileListProps {
  /** The list's accessible name, e.g. 'VR-Brillen der Klasse'. */
  'aria-label': string;
  id?: string;
  /** The {@link HeadsetTile}s. */
  children: ReactNode;
}

/**
 * The grid of a class set's tiles, a list for screen readers: as many columns as fit (30 tiles fill a 1280 × 800
 * screen or a 768 px tablet, two columns on a phone).
 */
export function HeadsetTileList({ children, ...props }: HeadsetTileListProps) {
  return (
    <ul className={styles.list} {...props}>
      {children}
    </ul>
  );
}
