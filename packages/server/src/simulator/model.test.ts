import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SETTINGS,
  type HeadsetCommand,
  type HeadsetConfiguration,
  type HeldItem,
  MESSAGES,
  SimulatedHeadset,
} from './model.ts';

const GiB = 1024 ** 3;
const MiB = 1024 ** 2;
const T0 = 1_000_000;
const seconds = (s: number) => T0 + s * 1000;

const video: HeldItem = {
  uuid: '11111111-1111-4111-8111-111111111111',
  title: 'Korallenriff',
  contentType: 'video',
  packageName: null,
  bytes: 2 * GiB,
  duration: 540,
};
const app: HeldItem = {
  uuid: '22222222-2222-4222-8222-222222222222',
  title: 'Die Zelle von innen',
  contentType: 'app',
  packageName: 'de.kmz.zelle',
  bytes: 900 * MiB,
  duration: null,
};

function headset(overrides: Partial<ConstructorParameters<typeof SimulatedHeadset>[0]> = {}) {
  return new SimulatedHeadset(
    {
      serialNumber: 'SIM-0001',
      name: 'Sirius',
      softwareVersion: '4.9.4',
      batteryLevel: 80,
      storageTotal: 128 * GiB,
      installed: [video, app],
      ...overrides,
    },
    { ...DEFAULT_SETTINGS, bandwidthBytesPerSecond: 100 * MiB, rebootSeconds: 5, updateSeconds: 8 },
    T0,
  );
}

let nextId = 1;
function command(
  name: HeadsetCommand['command'],
  extras: Partial<HeadsetCommand['extras']> = {},
): HeadsetCommand {
  return {
    id: nextId++,
    command: name,
    extras: { guidedModeState: false, manufacturerModeState: false, ...extras },
    status: 'delivered',
    createdAt: new Date(T0).toISOString(),
    expiresAt: new Date(T0 + 300_000).toISOString(),
  };
}

const resultOf = (h: SimulatedHeadset, c: HeadsetCommand, now = T0) => {
  const execution = h.execute(c, now);
  if (execution.kind !== 'result') throw new Error(`expected a result, got ${execution.kind}`);
  return execution;
};

describe('playback commands', () => {
  it('START.VIDEO plays held content, TOGGLE.PAUSE pauses and resumes, STOP.RUNNING stops', () => {
    const h = headset();
    expect(resultOf(h, command('CMD.START.VIDEO', { contentUuid: video.uuid })).result.status).toBe('done');
    expect(h.report(T0)).toMatchObject({
      currentApp: 'Korallenriff',
      currentContentUuid: video.uuid,
      playbackState: 'playing',
      currentTime: 0,
    });
    expect(h.report(seconds(30)).currentTime).toBe(30);
    resultOf(h, command('CMD.TOGGLE.PAUSE'), seconds(30));
    expect(h.report(seconds(90))).toMatchObject({ playbackState: 'paused', currentTime: 30 });
    resultOf(h, command('CMD.TOGGLE.PAUSE'), seconds(90));
    expect(h.report(seconds(100))).toMatchObject({ playbackState: 'playing', currentTime: 40 });
    resultOf(h, command('CMD.STOP.RUNNING'), seconds(100));
    expect(h.report(seconds(100))).toMatchObject({
      playbackState: 'stopped',
      currentApp: null,
      currentTime: null,
    });
  });

  it('START.APP finds an app by content or package name; a video ends by itself', () => {
    const h = headset();
    expect(resultOf(h, command('CMD.START.APP', { packageName: 'de.kmz.zelle' })).result.status).toBe('done');
    expect(h.report(T0).currentApp).toBe('Die Zelle von innen');
    resultOf(h, command('CMD.START.VIDEO', { contentUuid: video.uuid }), seconds(1));
    h.advance(seconds(1 + 540));
    expect(h.report(seconds(541))).toMatchObject({ playbackState: 'stopped', currentApp: null });
  });

  it('fails a START of content the headset does not hold, in German', () => {
    const h = headset({ installed: [app] });
    const missing = resultOf(h, command('CMD.START.VIDEO', { contentUuid: video.uuid }));
    expect(missing.result).toMatchObject({
      status: 'failed',
      message: 'Inhalt ist nicht auf der VR-Brille',
      code: 'contentMissing',
    });
    const otherPackage = resultOf(h, command('CMD.START.APP', { packageName: 'de.kmz.rom' }));
    expect(otherPackage.result.message).toBe(MESSAGES.contentMissing);
    const pause = resultOf(h, command('CMD.TOGGLE.PAUSE'));
    expect(pause.result).toMatchObject({
      status: 'failed',
      message: MESSAGES.nothingRunning,
      code: 'nothingRunning',
    });
  });

  it('forgets deleted content: a start fails and the report lacks it; what ran of it stops', () => {
    const h = headset();
    resultOf(h, command('CMD.START.VIDEO', { contentUuid: video.uuid }));
    expect(h.forget(video.uuid, seconds(5))).toBe(true);
    expect(h.forget(video.uuid, seconds(5))).toBe(false);
    expect(h.report(seconds(5))).toMatchObject({
      playbackState: 'stopped',
      currentContentUuid: null,
      installedContent: [app.uuid],
    });
    const again = resultOf(h, command('CMD.START.VIDEO', { contentUuid: video.uuid }), seconds(6));
    expect(again.result.code).toBe('contentMissing');
  });

  it('MUTE toggles the sound; the mode commands set their flags', () => {
    const h = headset();
    expect(resultOf(h, command('CMD.MUTE')).result.message).toBe('Ton aus.');
    expect(h.report(T0).muted).toBe(true);
    resultOf(h, command('CMD.MUTE'));
    expect(h.report(T0).muted).toBe(false);
    resultOf(h, command('CMD.SET.GUIDED.MODE', { guidedModeState: true }));
    resultOf(h, command('CMD.SET.MANUFACTURER.MODE', { manufacturerModeState: true }));
    expect(h.report(T0)).toMatchObject({ guidedMode: true, manufacturerMode: true });
    resultOf(h, command('CMD.SET.GUIDED.MODE', { guidedModeState: false }));
    expect(h.report(T0).guidedMode).toBe(false);
  });

  it('ATTENTION pauses, mutes and shows the message; ATTENTION.END undoes only what it did', () => {
    const h = headset({ softwareVersion: '5.1.2' });
    resultOf(h, command('CMD.START.VIDEO', { contentUuid: video.uuid }));
    const attention = resultOf(h, command('CMD.ATTENTION', { message: 'Kurz nach vorn!' }), seconds(2));
    expect(attention.result.status).toBe('done');
    expect(h.report(seconds(2))).toMatchObject({
      playbackState: 'paused',
      muted: true,
      attention: 'Kurz nach vorn!',
    });
    // The video stands still while the message shows.
    const position = h.report(seconds(2)).currentTime;
    expect(h.report(seconds(30)).currentTime).toBe(position);
    resultOf(h, command('CMD.ATTENTION.END'), seconds(30));
    expect(h.report(seconds(30))).toMatchObject({ playbackState: 'playing', muted: false, attention: null });

    // Paused and muted before: the end leaves both as they were.
    resultOf(h, command('CMD.TOGGLE.PAUSE'), seconds(31));
    resultOf(h, command('CMD.MUTE'), seconds(31));
    resultOf(h, command('CMD.ATTENTION'), seconds(32));
    expect(h.report(seconds(32)).attention).toBe('Bitte setzt die VR-Brillen ab und schaut nach vorn.');
    resultOf(h, command('CMD.ATTENTION.END'), seconds(33));
    expect(h.report(seconds(33))).toMatchObject({ playbackState: 'paused', muted: true, attention: null });
  });

  it('below the attention gate it neither knows the command nor reports the field', () => {
    const h = headset({ softwareVersion: '4.9.4' });
    expect(resultOf(h, command('CMD.ATTENTION')).result).toMatchObject({
      status: 'failed',
      code: 'softwareTooOld',
    });
    expect(h.report(T0)).not.toHaveProperty('attention');
  });

  it('refuses what its software version cannot do, as the server would', () => {
    const h = headset({ softwareVersion: '4.2.3' });
    const mute = resultOf(h, command('CMD.MUTE'));
    expect(mute.result).toMatchObject({
      status: 'failed',
      message: MESSAGES.softwareTooOld('4.9.4'),
      code: 'softwareTooOld',
    });
    expect(h.report(T0).muted).toBe(false);
  });
});

describe('power', () => {
  it('REBOOT goes down after its result and comes back after the reboot time, playback stopped', () => {
    const h = headset();
    resultOf(h, command('CMD.START.VIDEO', { contentUuid: video.uuid }));
    const reboot = resultOf(h, command('CMD.REBOOT'), seconds(1));
    expect(reboot).toMatchObject({ result: { status: 'done' }, powerAfter: 'reboot' });
    h.powerDown('reboot', seconds(1));
    expect(h.power).toBe('rebooting');
    expect(h.reportDue(seconds(2))).toBe(false);
    h.advance(seconds(5.9));
    expect(h.power).toBe('rebooting');
    h.advance(seconds(6));
    expect(h.power).toBe('on');
    expect(h.reportDue(seconds(6))).toBe(true);
    expect(h.report(seconds(6))).toMatchObject({ playbackState: 'stopped', currentApp: null });
  });

  it('UPDATE returns with the newest version; on the newest it does nothing', () => {
    const h = headset({ softwareVersion: '4.2.3' });
    const update = resultOf(h, command('CMD.UPDATE'));
    expect(update.powerAfter).toBe('update');
    h.powerDown('update', T0);
    h.advance(seconds(8));
    expect(h.power).toBe('on');
    expect(h.report(seconds(8)).softwareVersion).toBe('5.2.0');
    const again = resultOf(h, command('CMD.UPDATE'), seconds(9));
    expect(again).toMatchObject({ result: { status: 'done', message: MESSAGES.alreadyLatest } });
    expect(again.powerAfter).toBeUndefined();
  });

  it('UPDATE with an image: downloads at the bandwidth, installs, goes down and returns with its version', () => {
    const h = headset({ softwareVersion: '4.9.4' });
    const update = command('CMD.UPDATE', { operatingSystemId: 7 });
    expect(h.execute(update, T0)).toEqual({ kind: 'update', commandId: update.id, operatingSystemId: 7 });
    const image = { id: 7, name: 'Pico OS', version: '5.3.0', file: '/media/os.img', fileSize: 300 * MiB };
    expect(h.startUpdate(update.id, image, T0)).toEqual([]);
    // All bytes are there at once, but they count at 100 MiB/s: a third after one second.
    h.downloaded(300 * MiB);
    h.advance(seconds(1));
    expect(h.report(seconds(1)).softwareUpdate).toEqual({
      operatingSystemId: 7,
      version: '5.3.0',
      phase: 'downloading',
      progress: 33,
    });
    expect(h.downloadWanted).toBe(false);
    h.advance(seconds(3));
    expect(h.finishedUpdate()).toBeNull();
    // The portal is told that it installs before the headset goes down.
    expect(h.report(seconds(3)).softwareUpdate).toMatchObject({ phase: 'installing', progress: 100 });
    expect(h.finishedUpdate()).toEqual({
      commandId: update.id,
      status: 'done',
      message: MESSAGES.imageInstalled('5.3.0'),
    });
    h.powerDown('update', seconds(3));
    h.advance(seconds(11));
    expect(h.power).toBe('on');
    const back = h.report(seconds(11));
    expect(back.softwareVersion).toBe('5.3.0');
    expect(back.softwareUpdate).toBeUndefined();
  });

  it('UPDATE with an image waits for the bytes the fleet downloads, and fails when the download does', () => {
    const h = headset();
    const update = command('CMD.UPDATE', { operatingSystemId: 7 });
    h.execute(update, T0);
    h.startUpdate(
      update.id,
      { id: 7, name: 'Pico OS', version: '5.3.0', file: '/f', fileSize: 10 * MiB },
      T0,
    );
    h.downloaded(5 * MiB);
    h.advance(seconds(10));
    expect(h.report(seconds(10)).softwareUpdate).toMatchObject({ phase: 'downloading', progress: 50 });
    expect(h.downloadWanted).toBe(true);
    expect(h.downloadFailed('HTTP 404')).toEqual([
      { commandId: update.id, status: 'failed', message: MESSAGES.imageDownloadFailed('HTTP 404') },
    ]);
    expect(h.report(seconds(10)).softwareUpdate).toBeUndefined();
  });

  it('UPDATE refuses an image it runs already, one without room, and runs only with half a battery', () => {
    const h = headset({ softwareVersion: '5.3.0', storageTotal: 20 * GiB });
    const image = { id: 7, name: 'Pico OS', version: '5.3.0', file: '/f', fileSize: GiB };
    expect(h.startUpdate(1, image, T0)).toEqual([
      { commandId: 1, status: 'failed', message: MESSAGES.alreadyLatest },
    ]);
    const big = { ...image, version: '5.4.0', fileSize: 30 * GiB };
    expect(h.startUpdate(2, big, T0)).toEqual([
      { commandId: 2, status: 'failed', message: MESSAGES.imageNoSpace },
    ]);
    const low = headset({ batteryLevel: 49 });
    expect(resultOf(low, command('CMD.UPDATE', { operatingSystemId: 7 })).result).toMatchObject({
      status: 'failed',
      message: MESSAGES.batteryTooLowForUpdate,
    });
  });

  it('an update under way fails when the headset is switched off', () => {
    const h = headset();
    const update = command('CMD.UPDATE', { operatingSystemId: 7 });
    h.execute(update, T0);
    h.startUpdate(update.id, { id: 7, name: 'Pico OS', version: '5.3.0', file: '/f', fileSize: MiB }, T0);
    expect(h.interruptJobs(T0)).toEqual([
      { commandId: update.id, status: 'failed', message: MESSAGES.interrupted },
    ]);
  });

  it('SHUTDOWN stays off until switched on', () => {
    const h = headset();
    expect(resultOf(h, command('CMD.SHUTDOWN')).powerAfter).toBe('shutdown');
    h.powerDown('shutdown', T0);
    h.advance(seconds(3600));
    expect(h.power).toBe('off');
    h.switchOn(seconds(3601));
    expect(h.power).toBe('on');
  });
});

describe('battery', () => {
  it('drains while playing and charges while idle, within 0 … 100', () => {
    const h = headset({ batteryLevel: 50 });
    resultOf(h, command('CMD.START.APP', { contentUuid: app.uuid }));
    h.advance(seconds(600));
    expect(h.batteryLevel).toBe(44);
    resultOf(h, command('CMD.STOP.RUNNING'), seconds(600));
    h.advance(seconds(1200));
    expect(h.batteryLevel).toBe(54);
    h.advance(seconds(10_000));
    expect(h.batteryLevel).toBe(100);
  });

  it('takes a battery level set from outside (run down or charged), within 0 … 100, and reports it at once', () => {
    const h = headset({ batteryLevel: 80 });
    h.report(T0);
    h.setBattery(12, seconds(1));
    expect(h.reportDue(seconds(1))).toBe(true);
    expect(h.report(seconds(1)).batteryLevel).toBe(12);
    h.setBattery(140, seconds(2));
    expect(h.batteryLevel).toBe(100);
  });

  it('starts nothing at 2 % or less (the domain’s empty battery), and says so', () => {
    const h = headset({ batteryLevel: 2 });
    expect(resultOf(h, command('CMD.START.APP', { contentUuid: app.uuid })).result).toMatchObject({
      status: 'failed',
      code: 'batteryEmpty',
    });
    h.setBattery(3, T0);
    expect(resultOf(h, command('CMD.START.APP', { contentUuid: app.uuid })).result).toMatchObject({
      status: 'done',
    });
  });

  it('stops playback when the battery is empty', () => {
    const h = headset({ batteryLevel: 3 });
    resultOf(h, command('CMD.START.APP', { contentUuid: app.uuid }));
    h.advance(seconds(400));
    expect(h.report(seconds(400)).playbackState).toBe('stopped');
  });
});

describe('sync', () => {
  const configuration = (items: Partial<HeadsetConfiguration['items'][number]>[]): HeadsetConfiguration => ({
    id: 7,
    name: 'Erdkunde 8b',
    items: items.map((item, i) => ({
      contentId: i + 1,
      contentUuid: `00000000-0000-4000-8000-00000000000${i}`,
      title: `Inhalt ${i + 1}`,
      contentType: 'video',
      packageName: null,
      url: null,
      file: `/media/files/${i}.mp4`,
      fileSize: 1000 * MiB,
      duration: 60,
      positionNumber: i + 1,
      ...item,
    })),
  });

  it('downloads at the bandwidth, reporting progress, then synced; items not listed are removed', () => {
    const h = headset();
    const list = configuration([
      {},
      { fileSize: 1000 * MiB },
      { contentType: 'webApp', file: null, fileSize: null },
    ]);
    const c = command('CMD.SYNC');
    expect(h.execute(c, T0)).toEqual({ kind: 'sync', commandId: c.id });
    expect(h.startSync(c.id, list, T0)).toEqual([]);
    const start = h.report(T0);
    expect(start).toMatchObject({
      syncStatus: 'syncing',
      syncProgress: 0,
      syncBytesDone: 0,
      syncBytesTotal: 2000 * MiB,
    });
    // The old items (video, app) are gone: the playlist does not list them.
    expect(start.installedContent).toEqual([]);
    expect(h.advance(seconds(5))).toEqual([]);
    // The bytes behind the percent: the portal's bar and time left (issue 22).
    expect(h.report(seconds(5))).toMatchObject({ syncProgress: 25, syncBytesDone: 500 * MiB });
    expect(h.advance(seconds(15))).toEqual([]);
    expect(h.report(seconds(15)).syncProgress).toBe(75);
    const finished = h.advance(seconds(20));
    expect(finished).toEqual([
      {
        commandId: c.id,
        status: 'done',
        message: 'Wiedergabeliste „Erdkunde 8b“ synchronisiert (3 Inhalte).',
      },
    ]);
    const end = h.report(seconds(20));
    expect(end).toMatchObject({
      syncStatus: 'synced',
      syncProgress: null,
      syncBytesDone: null,
      syncBytesTotal: null,
    });
    expect(end.installedContent).toHaveLength(3);
    expect(end.storageUsed).toBe(Math.round(14.78 * GiB) + 2000 * MiB);
  });

  it('fails with the items it could not load: no file on the server, no space left', () => {
    const h = headset({ storageTotal: 18 * GiB, installed: [] });
    const list = configuration([{ file: null }, { fileSize: 2 * GiB }, { fileSize: 2 * GiB }]);
    const c = command('CMD.SYNC');
    h.execute(c, T0);
    h.startSync(c.id, list, T0);
    const results = h.advance(seconds(60));
    expect(results).toEqual([
      {
        commandId: c.id,
        status: 'failed',
        message: 'Nicht geladen: Inhalt 1 (Datei fehlt auf dem Server), Inhalt 3 (kein Speicherplatz mehr).',
      },
    ]);
    expect(h.report(seconds(60))).toMatchObject({ syncStatus: 'failed' });
    expect(h.holds('00000000-0000-4000-8000-000000000001')).toBe(true);
  });

  it('a new sync replaces a running one; a reboot interrupts it', () => {
    const h = headset();
    const first = command('CMD.SYNC');
    h.startSync(first.id, configuration([{ fileSize: 5 * GiB }]), T0);
    const second = command('CMD.SYNC');
    expect(h.startSync(second.id, configuration([{ fileSize: 5 * GiB }]), seconds(1))).toEqual([
      { commandId: first.id, status: 'failed', message: MESSAGES.replaced },
    ]);
    expect(h.interruptJobs(seconds(2))).toEqual([
      { commandId: second.id, status: 'failed', message: MESSAGES.interrupted },
    ]);
    h.powerDown('reboot', seconds(2));
    expect(h.report(seconds(2)).syncStatus).toBe('pending');
  });

  it('without an active playlist there is nothing to load', () => {
    const h = headset();
    const c = command('CMD.SYNC');
    expect(h.startSync(c.id, { id: null, name: null, items: [] }, T0)).toEqual([
      { commandId: c.id, status: 'done', message: MESSAGES.noPlaylist },
    ]);
  });

  it('SYNC.SOFTWARE finishes after its time', () => {
    const h = headset();
    const c = command('CMD.SYNC.SOFTWARE');
    expect(h.execute(c, T0)).toEqual({ kind: 'pending' });
    expect(h.advance(seconds(2))).toEqual([]);
    expect(h.advance(seconds(3))).toEqual([
      { commandId: c.id, status: 'done', message: MESSAGES.softwareSynced },
    ]);
  });
});

describe('reports', () => {
  it('are due at once after a change and otherwise every 30 seconds', () => {
    const h = headset();
    expect(h.reportDue(T0)).toBe(true);
    h.report(T0);
    expect(h.reportDue(seconds(29))).toBe(false);
    expect(h.reportDue(seconds(30))).toBe(true);
    h.report(seconds(30));
    resultOf(h, command('CMD.MUTE'), seconds(31));
    expect(h.reportDue(seconds(31))).toBe(true);
  });
});
