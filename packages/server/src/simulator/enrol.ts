import type { components } from '@portal/api/schema';
import { defaultDeviceName } from '@portal/domain';
import type { JsonHttp } from './client.ts';
import { type FleetMember, retryWhileBusy } from './fleet.ts';

type Schemas = components['schemas'];

export interface EnrolOptions {
  /** Administrator of the organisation (the demo's KMZ administrator by default). */
  email: string;
  password: string;
  /** Organisation id or name; default the first one the administrator administers. */
  organisation?: string | undefined;
  count: number;
  /** Software version of every headset; default a mix of the four gates' versions and newer ones. */
  softwareVersion?: string | undefined;
}

/** Versions the simulated headsets get in turn, so every version gate shows in a fleet. */
const VERSION_MIX = [
  '4.9.4',
  '5.1.2',
  '4.7.0',
  '4.5.0',
  '4.9.4',
  '4.2.3',
  '5.1.2',
  '4.0.1',
  '4.9.4',
  '3.9.2',
];
const PARALLEL = 16;

/**
 * Registers `count` simulated headsets as a real administrator would, through the portal side of the contract:
 * sign in, add each headset (serial `SIM-<organisation>-<n>`), or give an existing one a new enrolment code.
 * Returns them with their codes, ready for the fleet to pair. Headsets and names stay across runs.
 */
export async function enrolSimulatedHeadsets(
  http: JsonHttp,
  options: EnrolOptions,
): Promise<{ organisation: Schemas['Organisation']; members: FleetMember[] }> {
  const { access } = await http.request<Schemas['TokenPair']>('POST', '/api/v1/sessions/', {
    body: { username: options.email, password: options.password },
  });
  const headers = { authorization: `Bearer ${access}` };
  const me = await http.request<Schemas['User']>('GET', '/api/v1/users/me/', { headers });
  const administered = me.organisations.filter((o) =>
    o.memberships.some((m) => m.isAdministrator && m.user.email === me.email),
  );
  const wanted = options.organisation;
  const organisation = wanted
    ? administered.find((o) => String(o.id) === wanted || o.name.toLowerCase() === wanted.toLowerCase())
    : administered[0];
  if (!organisation) {
    throw new Error(
      wanted
        ? `${options.email} ist kein Administrator der Organisation „${wanted}“.`
        : `${options.email} ist Administrator keiner Organisation.`,
    );
  }

  const types = await http.request<Schemas['DeviceType'][]>('GET', '/api/v2/mdm/device-type/', { headers });
  if (types.length === 0) throw new Error('Der Server kennt keine Modelle (device types).');
  const prefix = `SIM-${organisation.id}-`;
  const existing = new Map<string, Schemas['Device']>();
  for (let page = 1; ; page += 1) {
    const list = await http.request<Schemas['PaginatedDeviceList']>(
      'GET',
      `/api/v3/mdm/devices/?organisation=${organisation.id}&search=${encodeURIComponent(prefix)}&page_size=1000&page=${page}`,
      { headers },
    );
    for (const device of list.results) existing.set(device.serialNumber, device);
    if (!list.next) break;
  }

  const members: FleetMember[] = new Array(options.count);
  let next = 0;
  const enrolNext = async () => {
    while (next < options.count) {
      const i = next++;
      const serialNumber = `${prefix}${String(i + 1).padStart(4, '0')}`;
      const type = types[i % types.length] as Schemas['DeviceType'];
      const known = existing.get(serialNumber);
      // One administrator adding thousands: a busy server is waited out (see retryWhileBusy).
      const enrolment = await retryWhileBusy(() =>
        known
          ? http.request<Schemas['DeviceEnrolment']>(
              'POST',
              `/api/v3/mdm/devices/${known.id}/enrolment-code/`,
              {
                headers,
              },
            )
          : http.request<Schemas['DeviceEnrolment']>('POST', '/api/v3/mdm/devices/', {
              headers,
              body: {
                serialNumber,
                deviceTypeId: type.id,
                name: defaultDeviceName(i),
                organisationId: organisation.id,
              } satisfies Schemas['DeviceEnrolRequest'],
            }),
      );
      const device = enrolment.device;
      const capacityGb = types.find((t) => t.id === device.deviceType.id)?.storageCapacityGb ?? 128;
      members[i] = {
        serialNumber,
        name: device.name,
        // A headset that reported before keeps what it reported (a run after an update keeps the new version).
        softwareVersion:
          options.softwareVersion ??
          device.softwareVersion ??
          (VERSION_MIX[i % VERSION_MIX.length] as string),
        batteryLevel: device.batteryLevel ?? 40 + ((i * 37) % 61),
        storageTotal: device.storageTotal ?? Math.round(capacityGb * 1024 ** 3),
        guidedMode: device.guidedMode,
        manufacturerMode: device.manufacturerMode,
        muted: device.muted,
        enrolmentCode: enrolment.enrolmentCode,
      };
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, options.count) }, enrolNext));
  return { organisation, members };
}
